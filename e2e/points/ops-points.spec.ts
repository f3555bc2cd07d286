import { expect, label, test } from "../fixtures";
import { decideInQueue, depositedMember, redeemOne, WITHDRAW_PASSWORD } from "./points-helpers";

test.describe("points mall back office", () => {
  test("the operator changes the live ratio (a step off the rate first) and the rules show it", async ({
    page,
    signIn,
  }) => {
    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops/points");
    const form = page.getByTestId("ops-points-config");
    const step = form.getByLabel(label("en", "opsPoints.config.stepPoints"), { exact: true });
    await step.fill("150");
    // Live is the one product no other test earns on.
    await form.getByLabel(label("en", "pointMall.type.live"), { exact: true }).fill("25");
    const save = form.getByRole("button", {
      name: label("en", "opsPoints.config.save"),
      exact: true,
    });
    await save.click();
    await expect(form.getByRole("alert")).toHaveText(label("en", "opsPoints.error.stepWhole"));
    await step.fill("100");
    await save.click();
    await expect(page).toHaveURL("/ops/points?saved=1");
    await page.goto("/pointMall?area=rules");
    await expect(page.getByTestId("points-rules")).toContainText(
      label("en", "pointMall.ratio", { points: "25", amount: "Rs 100.00" }),
    );
  });

  test("the operator adds an item (a bad price first) and it is on sale in the mall", async ({
    page,
    signIn,
  }) => {
    const name = `Kettle ${Date.now().toString(36)}`;
    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops");
    await page.getByTestId("ops-nav-points").click();
    await expect(page).toHaveURL("/ops/points");
    await page.getByRole("link", { name: label("en", "opsPoints.goods.new"), exact: true }).click();
    const form = page.getByTestId("ops-goods-form");
    await form.getByLabel(label("en", "opsPoints.goods.name"), { exact: true }).fill(name);
    const price = form.getByLabel(label("en", "pointMall.columns.pointsRequirement"), {
      exact: true,
    });
    await price.fill("0");
    await form.getByLabel(label("en", "opsPoints.goods.stock"), { exact: true }).fill("3");
    await form
      .getByRole("button", { name: label("en", "opsPoints.goods.save"), exact: true })
      .click();
    await expect(form.getByRole("alert")).toHaveText(label("en", "opsPoints.error.points"));
    await price.fill("1200");
    await form
      .getByRole("button", { name: label("en", "opsPoints.goods.save"), exact: true })
      .click();
    await expect(page).toHaveURL("/ops/points?saved=goods");
    await expect(page.getByTestId("ops-goods")).toContainText(name);

    await page.goto("/pointMall?area=goods");
    const card = page.getByTestId("goods-list").getByRole("listitem").filter({ hasText: name });
    await expect(card.getByTestId("goods-points")).toHaveText("1,200");
    await expect(card.getByTestId("goods-stock")).toHaveText("3");
  });

  test("a rejected redemption returns the points, and the member reads why", async ({
    page,
    signIn,
    createMember,
  }) => {
    const account = await depositedMember({ page, signIn, createMember }, "2000");
    await redeemOne(page, "Lucky Harbour mug", WITHDRAW_PASSWORD);
    await expect(page).toHaveURL("/pointMall?area=records&done=process");
    await expect(page.getByTestId("points-balance")).toHaveText("0");

    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops/points/redemptions");
    const row = page.getByTestId("ops-redemption-row").filter({ hasText: account });
    await row
      .getByLabel(label("en", "opsPoints.queue.reason"), { exact: true })
      .fill("Out of stock at the warehouse");
    await decideInQueue(page, account, "reject");

    await page.goto("/pointMall?area=records");
    await expect(page.getByTestId("redemption-row")).toContainText(
      label("en", "pointMall.status.rejected"),
    );
    await expect(page.getByTestId("points-balance")).toHaveText("2,000");
    await page.goto("/member/messages");
    await expect(page.getByText(/Out of stock at the warehouse/)).toBeVisible();
  });
});
