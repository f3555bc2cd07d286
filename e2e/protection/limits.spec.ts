import type { Page } from "@playwright/test";
import { formatMoney } from "../../app/utils/money";
import { expect, label, test, waitForHydrated } from "../fixtures";
import { depositThroughPayStep, startDeposit } from "../wallet/deposit-steps";

/** The demo brand's currency (PKR, "Rs", 2 decimals). */
const rupees = (minor: number) => formatMoney(minor, { symbol: "Rs", minorUnits: 2 }, "en");

/** Posts the limits page's set form; with JavaScript, only once React owns the form. */
async function saveLimit(
  page: Page,
  javaScriptEnabled: boolean,
  kind: string,
  period: string,
  amount: string,
) {
  const form = page.getByTestId("limit-form");
  if (javaScriptEnabled) await waitForHydrated(form);
  await form.getByLabel(label("en", "protection.limits.kind"), { exact: true }).selectOption(kind);
  await form
    .getByLabel(label("en", "protection.limits.period"), { exact: true })
    .selectOption(period);
  await form.getByLabel(label("en", "protection.limits.amount"), { exact: true }).fill(amount);
  await form
    .getByRole("button", { name: label("en", "protection.limits.save"), exact: true })
    .click();
}

/** A member of the test's own, signed in, on the limits page. */
async function openLimits(
  page: Page,
  signIn: (account: string, password: string) => Promise<void>,
  createMember: (options: { password: string }) => Promise<{ account: string }>,
) {
  const { account } = await createMember({ password: "Protect123" });
  await signIn(account, "Protect123");
  await page.goto("/member/protection/limits");
}

test.describe("protection limits", () => {
  test("the overview lists every tool and the help line; the footer leads a visitor there through login", async ({
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: "Protect123" });
    await page.goto("/");
    await page.getByTestId("footer-protection").click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember%2Fprotection/);
    const dialog = page.getByTestId("login-dialog");
    await dialog.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
    await dialog.getByLabel(label("en", "login.password"), { exact: true }).fill("Protect123");
    await dialog.getByRole("button", { name: label("en", "login.submit"), exact: true }).click();
    await expect(page).toHaveURL("/member/protection");
    const tools = page.getByTestId("protection-tools");
    for (const [key, href] of [
      ["limits", "/member/protection/limits"],
      ["break", "/member/protection/break"],
      ["realityCheck", "/member/protection/reality-check"],
    ] as const)
      await expect(
        tools.getByRole("link", { name: label("en", `protection.tool.${key}`) }),
      ).toHaveAttribute("href", href);
    await expect(page.getByTestId("help-organisation")).toContainText("GamCare");
    await expect(page.getByTestId("net-net")).toHaveText(rupees(0));
  });

  test("a 24-hour deposit limit: deposit up to it, the next is refused with the amount allowed; lower at once; a raise waits", async ({
    page,
    signIn,
    createMember,
    javaScriptEnabled,
  }) => {
    await openLimits(page, signIn, createMember);
    await expect(page.getByTestId("no-limits")).toBeVisible();
    await saveLimit(page, javaScriptEnabled, "deposit", "day", "500");
    await expect(page.getByTestId("limit-done")).toHaveText(
      label("en", "protection.limits.done.now"),
    );
    const limit = page.getByTestId("limit-deposit-day");
    await expect(limit.getByTestId("limit-amount")).toHaveText(rupees(50_000));

    await depositThroughPayStep(page, "300");
    await startDeposit(page, "250");
    await expect(page).toHaveURL("/member/deposit");
    await expect(page.getByTestId("deposit-form")).toContainText(
      label("en", "protection.error.deposit_limit", {
        period: label("en", "protection.period.day"),
        allowed: rupees(20_000),
        freesAt: "",
      }).split(";")[0]!,
    );

    // The deposit page offers the limits page (issue 17 reach).
    await page.getByTestId("deposit-limit-offer").click();
    await expect(page).toHaveURL("/member/protection/limits");
    await saveLimit(page, javaScriptEnabled, "deposit", "day", "400");
    await expect(page.getByTestId("limit-done")).toHaveText(
      label("en", "protection.limits.done.now"),
    );
    await expect(limit.getByTestId("limit-amount")).toHaveText(rupees(40_000));

    await saveLimit(page, javaScriptEnabled, "deposit", "day", "1000");
    await expect(page.getByTestId("limit-done")).toHaveText(
      label("en", "protection.limits.done.pending"),
    );
    await expect(limit.getByTestId("limit-amount")).toHaveText(rupees(40_000));
    await expect(limit.getByTestId("limit-pending")).toContainText(rupees(100_000));

    // A second raise during the cooling-off is refused, and the limit stays.
    await saveLimit(page, javaScriptEnabled, "deposit", "day", "2000");
    await expect(page.getByTestId("limit-form")).toContainText(
      label("en", "protection.error.limit_change_pending"),
    );
    await expect(limit.getByTestId("limit-amount")).toHaveText(rupees(40_000));
  });

  test("bad amounts are translated field errors and nothing is stored", async ({
    page,
    signIn,
    createMember,
    javaScriptEnabled,
  }) => {
    await openLimits(page, signIn, createMember);
    await saveLimit(page, javaScriptEnabled, "wager", "week", "12.345");
    await expect(page.getByTestId("limit-form")).toContainText(
      label("en", "protection.error.amount_format"),
    );
    await saveLimit(page, javaScriptEnabled, "wager", "week", "0");
    await expect(page.getByTestId("limit-form")).toContainText(
      label("en", "protection.error.amount_zero"),
    );
    await expect(page.getByTestId("no-limits")).toBeVisible();
  });
});
