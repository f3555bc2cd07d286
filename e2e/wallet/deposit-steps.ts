import type { Page } from "@playwright/test";
import { expect, label } from "../fixtures";

/** Opens /member/deposit and posts the form on the embedded channel (the only one without a configured gateway). */
export async function startDeposit(page: Page, amount: string) {
  await page.goto("/member/deposit");
  await expect(
    page.getByRole("heading", { level: 1, name: label("en", "deposit.title") }),
  ).toBeVisible();
  const form = page.getByTestId("deposit-form");
  await form.getByRole("radio", { name: label("en", "deposit.channels.demo-pay") }).check();
  await form.getByLabel(label("en", "deposit.amount"), { exact: true }).fill(amount);
  await form.getByRole("button", { name: label("en", "deposit.submit"), exact: true }).click();
}

/** A deposit through the embedded pay step, confirmed: the member lands back on /member/deposit. */
export async function depositThroughPayStep(page: Page, amount: string) {
  await startDeposit(page, amount);
  await page
    .getByTestId("pay-step")
    .getByRole("button", { name: label("en", "deposit.pay.confirm"), exact: true })
    .click();
  await expect(page).toHaveURL(/\/member\/deposit\?arrived=\d+$/);
}
