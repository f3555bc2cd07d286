import { formatMoney } from "../../app/utils/money";
import { expect, label, test } from "../fixtures";
import { depositThroughPayStep } from "../wallet/deposit-steps";

/** The demo brand's currency (PKR, "Rs", 2 decimals) as the header shows it. */
const rupees = (minor: number) => formatMoney(minor, { symbol: "Rs", minorUnits: 2 }, "en");

/**
 * The event channel (issue 16) end to end: a deposit credited in another tab
 * (the embedded gateway's confirmation, which posts through the platform)
 * reaches a page left open. With JavaScript the header balance changes in
 * place and a toast says so; without, the page shows it after a reload.
 */
test.describe("live events", () => {
  test("a deposit credited elsewhere reaches the open page", async ({
    signIn,
    page,
    createMember,
    javaScriptEnabled,
  }) => {
    const { account } = await createMember({ password: "Live12345" });
    await signIn(account, "Live12345");
    await page.goto("/");
    const balance = page.getByTestId("member-balance");
    await expect(balance).toHaveText(rupees(0));
    if (javaScriptEnabled) {
      await expect(page.getByTestId("live-toasts")).toHaveAttribute("data-connected", "true");
      await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    }

    const elsewhere = await page.context().newPage();
    await depositThroughPayStep(elsewhere, "250");
    await elsewhere.close();

    if (javaScriptEnabled) {
      await expect(balance).toHaveText(rupees(25_000));
      await expect(page.getByTestId("live-toasts")).toContainText(
        label("en", "liveEvents.deposit.credited", { amount: rupees(25_000) }),
      );
      // In place: the page was never loaded again.
      expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    } else {
      await expect(balance).toHaveText(rupees(0));
      await page.reload();
      await expect(balance).toHaveText(rupees(25_000));
    }
  });
});
