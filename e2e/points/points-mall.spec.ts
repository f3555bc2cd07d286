import { expect, label, test } from "../fixtures";
import { decideInQueue, depositedMember, redeemOne, WITHDRAW_PASSWORD } from "./points-helpers";

test.describe("points mall", () => {
  test("a visitor reads the rules and the goods, and is asked to log in to redeem", async ({
    page,
  }) => {
    await page.goto("/pointMall");
    await expect(page.getByTestId("points-rules")).toContainText(
      label("en", "pointMall.type.slots"),
    );
    await page.getByTestId("points-area-goods").click();
    await page.getByRole("link", { name: "Lucky Harbour mug", exact: true }).click();
    await expect(page).toHaveURL(/\/pointMall\?area=goods&item=\d+$/);
    await page
      .getByRole("link", { name: label("en", "pointMall.loginToRedeem"), exact: true })
      .click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2FpointMall%3Farea%3Dgoods%26item%3D\d+$/);
  });

  test("a deposit earns points; a physical item is redeemed with the withdraw password, approved and completed by the operator", async ({
    page,
    signIn,
    createMember,
  }) => {
    // Rs 2,500 at the demo brand's 100 points per Rs 100.
    const account = await depositedMember({ page, signIn, createMember }, "2500");

    await page.goto("/member");
    await page
      .getByRole("navigation", { name: label("en", "memberCentre.nav") })
      .getByRole("link", { name: label("en", "pointMall.title"), exact: true })
      .click();
    await expect(page).toHaveURL("/pointMall");
    await expect(page.getByTestId("points-balance")).toHaveText("2,500");
    await expect(page.getByTestId("records-table")).toContainText(
      label("en", "pointMall.type.deposit"),
    );
    await expect(page.getByTestId("records-table")).toContainText("+2,500");

    const form = await redeemOne(page, "Lucky Harbour mug", "Wrong999");
    await expect(form.getByRole("alert")).toHaveText(
      label("en", "walletError.withdraw_password_wrong"),
    );
    await expect(page.getByTestId("points-balance")).toHaveText("2,500");
    await redeemOne(page, "Lucky Harbour mug", WITHDRAW_PASSWORD);
    await expect(page).toHaveURL("/pointMall?area=records&done=process");
    await expect(page.getByTestId("points-balance")).toHaveText("500");
    await expect(page.getByTestId("redemption-row")).toContainText(
      label("en", "pointMall.status.process"),
    );

    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops/points/redemptions");
    await decideInQueue(page, account, "approve");
    await decideInQueue(page, account, "complete");
    await expect(page.getByTestId("ops-redemption-row").filter({ hasText: account })).toHaveCount(
      0,
    );

    await page.goto("/pointMall?area=records");
    await expect(page.getByTestId("redemption-row")).toContainText(
      label("en", "pointMall.status.complete"),
    );
  });

  test("points convert to balance: a number off the step is refused on its field, then it converts", async ({
    page,
    signIn,
    createMember,
  }) => {
    await depositedMember({ page, signIn, createMember }, "3000");

    await page.goto("/pointMall?area=rates");
    await expect(page.getByTestId("conversion-rate")).toHaveText(
      label("en", "pointMall.conversionRate", { points: "100", cash: "Rs 1.00" }),
    );
    const form = page.getByTestId("convert-form");
    const points = form.getByLabel(label("en", "pointMall.convert.points"), { exact: true });
    const convert = async (count: string) => {
      await points.fill(count);
      await form
        .getByLabel(label("en", "pointMall.withdrawPassword"), { exact: true })
        .fill(WITHDRAW_PASSWORD);
      await form
        .getByRole("button", { name: label("en", "pointMall.convert.submit"), exact: true })
        .click();
    };
    await convert("1050");
    await expect(form.getByRole("alert")).toHaveText(
      label("en", "pointMall.error.points_not_in_step", { step: "100" }),
    );
    await expect(points).toHaveValue("1050");
    await expect(page.getByTestId("points-balance")).toHaveText("3,000");

    await convert("2000");
    await expect(page).toHaveURL("/pointMall?area=details&done=converted");
    await expect(page.getByTestId("points-balance")).toHaveText("1,000");
    await expect(page.getByTestId("records-table")).toContainText("Rs 20.00");
    // The cash is in the money records, named as the mall's.
    await page.goto("/member/transactions");
    await expect(page.getByTestId("records-table")).toContainText(
      label("en", "pointMall.entryKinds.points_converted"),
    );
  });
});
