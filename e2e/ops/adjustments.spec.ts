import type { Page } from "@playwright/test";
import { DEMO_STAFF_PASSWORD } from "~/platform/seed/staff.server";
import { expect, label, test } from "../fixtures";

/**
 * Manual adjustments with JavaScript on and off: finance asks for a small
 * credit (applied at once) and a large one (above the demo brand's Rs 1,000.00
 * it waits), is refused in words when the note is missing, and may not
 * approve its own; the admin approves it from the queue and the money moves.
 */

const en = (key: string, vars: Record<string, string | number> = {}) => label("en", key, vars);

async function askFor(page: Page, values: { amount: string; note: string }) {
  const form = page.getByTestId("adjustment-form");
  await form.getByLabel(en("opsAdjustments.form.direction")).selectOption("credit");
  await form.getByLabel(en("opsAdjustments.amount")).fill(values.amount);
  await form.getByLabel(en("opsAdjustments.reason")).selectOption("compensation");
  await form.getByLabel(en("opsAdjustments.form.note")).fill(values.note);
  await form.getByTestId("adjustment-submit").click();
}

test.describe("manual adjustments", () => {
  test("a small credit moves at once; a large one waits for a second staff member, who approves it from the queue", async ({
    browser,
    baseURL,
    javaScriptEnabled,
    signIn,
    createMember,
    page,
  }) => {
    const { account } = await createMember({ password: "Adjust1234" });
    await signIn("finance01", DEMO_STAFF_PASSWORD, { site: "ops", page });
    await page.goto(`/ops/players?q=${account}`);
    await page.getByTestId("ops-player-result").getByRole("link", { name: account }).click();
    await page.getByTestId("ops-player-tab-adjustments").click();
    await expect(page.getByTestId("adjustments-empty")).toBeVisible();

    // A missing note is refused in words; what was typed stays.
    await askFor(page, { amount: "150", note: " " });
    await expect(page.getByText(en("opsAdjustments.error.note"))).toBeVisible();
    await expect(page.getByLabel(en("opsAdjustments.amount"))).toHaveValue("150");

    await askFor(page, { amount: "150", note: "Spin not credited" });
    await expect(page.getByTestId("ops-player-done")).toHaveText(
      en("opsPlayers.suspension.done.adjustmentApplied"),
    );
    await askFor(page, { amount: "2000", note: "Outage compensation" });
    await expect(page.getByTestId("ops-player-done")).toHaveText(
      en("opsPlayers.suspension.done.adjustmentPending"),
    );
    const rows = page.getByTestId("adjustments").locator("tbody tr");
    await expect(rows).toHaveCount(2);
    const large = rows.first();
    await expect(large.getByTestId("adjustment-status")).toContainText(
      en("opsAdjustments.status.pending"),
    );
    // The one who asked is offered no approval.
    await expect(large.getByTestId("adjustment-asked-by-you")).toBeVisible();
    await expect(large.getByTestId("adjustment-approve")).toHaveCount(0);
    await expect(rows.nth(1).getByTestId("adjustment-status")).toHaveText(
      en("opsAdjustments.status.applied"),
    );

    const admin = await browser.newContext({ baseURL, javaScriptEnabled, locale: "en-US" });
    const adminPage = await admin.newPage();
    await signIn("ops01", "Ops12345", { site: "ops", page: adminPage });
    await adminPage.goto("/ops/adjustments");
    const waiting = adminPage
      .getByTestId("adjustments")
      .locator("tbody tr")
      .filter({ has: adminPage.getByRole("link", { name: account }) });
    await expect(waiting).toHaveCount(1);
    await waiting.getByTestId("adjustment-approve").click();
    await expect(adminPage.getByTestId("adjustments-done")).toHaveText(
      en("opsPlayers.suspension.done.adjustmentApproved"),
    );
    await expect(
      adminPage.getByTestId("adjustments").getByRole("link", { name: account }),
    ).toHaveCount(0);
    await admin.close();

    await page.reload();
    await expect(rows.first().getByTestId("adjustment-status")).toHaveText(
      en("opsAdjustments.status.applied"),
    );
    await page.getByTestId("ops-player-tab-profile").click();
    await expect(page.getByTestId("ops-player-balances")).toContainText("2,150.00");

    // In Urdu the tab reads right to left, its form and list translated.
    await page.goto(`${page.url().split("?")[0]}?tab=adjustments&lng=ur`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(
      page.getByRole("heading", { name: label("ur", "opsAdjustments.form.title") }),
    ).toBeVisible();
    await expect(rows.first().getByTestId("adjustment-status")).toHaveText(
      label("ur", "opsAdjustments.status.applied"),
    );
  });
});
