import { expect, label, test } from "../fixtures";

test.describe("VIP levels", () => {
  test("an operator edits a level at /ops/vip: a threshold under the level below is refused, a valid change is saved", async ({
    signIn,
    page,
  }) => {
    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops");
    await page.getByTestId("ops-nav-vip").click();
    await expect(page).toHaveURL("/ops/vip");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "vipLevels.ops.title"),
    );
    await page.getByRole("link", { name: label("en", "vipLevels.ops.edit", { level: 4 }) }).click();
    await expect(page).toHaveURL("/ops/vip?level=4");
    const form = page.getByTestId("ops-vip-form");
    const deposits = form.getByLabel(label("en", "vipLevels.ops.minDeposits"), { exact: true });
    // Level 3 (Gold) asks for Rs 200,000.00 of deposits.
    await deposits.fill("1000");
    await form.getByTestId("ops-vip-save").click();
    await expect(
      form.getByText(
        label("en", "vipLevels.ops.error.vip_threshold_below_previous", { min: "Rs 200,000.00" }),
      ),
    ).toBeVisible();
    await expect(deposits).toHaveValue("1000");

    // Both browser projects write the same value, so they may run side by side.
    await deposits.fill("1000000.00");
    await form
      .getByLabel(label("en", "vipLevels.ops.withdrawDailyCount"), { exact: true })
      .fill("21");
    await form.getByTestId("ops-vip-save").click();
    await expect(page).toHaveURL("/ops/vip?saved=4");
    await expect(page.getByTestId("ops-vip-saved")).toHaveText(
      label("en", "vipLevels.ops.saved", { level: 4 }),
    );
    await expect(page.getByTestId("ops-vip-level-4")).toContainText("21");
  });

  test("a VIP member sees the level's name in the header and its benefits in the security centre", async ({
    signIn,
    page,
  }) => {
    await signIn("vipstar", "Vip12345");
    await page.goto("/member/security");
    await expect(page.getByTestId("vip-label")).toHaveText(
      label("en", "vipLevels.headerLabel", { name: "Gold", level: 3 }),
    );
    await expect(page.getByTestId("vip-label-name")).toHaveText("Gold");
    await expect(page.getByTestId("vip-withdrawals-per-day")).toHaveText("10");
    await expect(page.getByTestId("vip-rate-RNG")).toContainText("0.80 %");
    await expect(page.getByTestId("vip-progress")).toBeVisible();
  });
});
