import type { Page } from "@playwright/test";
import pg from "pg";
import { hashPassword } from "../../app/platform/identity/secrets.server";
import { e2eDatabaseUrl, expect, label, type CreatedMember, type SignIn } from "../fixtures";
import { depositThroughPayStep } from "../wallet/deposit-steps";

const PASSWORD = "Points123";
export const WITHDRAW_PASSWORD = "Draw1234";

/** A member's withdraw password, set as the security centre stores it (tests with createMember have a database). */
export async function setWithdrawPassword(account: string, password: string) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    await client.query(
      "update members set withdraw_password_hash = $2 where lower(account) = lower($1)",
      [account, await hashPassword(password)],
    );
  } finally {
    await client.end();
  }
}

/**
 * A new member with a withdraw password, signed in, who has deposited
 * `amount` (Rs) through the pay step: its points are the deposit's. Returns the account.
 */
export async function depositedMember(
  {
    page,
    signIn,
    createMember,
  }: {
    page: Page;
    signIn: SignIn;
    createMember: (options: { password: string }) => Promise<CreatedMember>;
  },
  amount: string,
) {
  const { account } = await createMember({ password: PASSWORD });
  await setWithdrawPassword(account, WITHDRAW_PASSWORD);
  await signIn(account, PASSWORD);
  await depositThroughPayStep(page, amount);
  return account;
}

/** Opens an item from the goods area and redeems one with `password`. */
export async function redeemOne(page: Page, item: string, password: string) {
  await page.goto("/pointMall?area=goods");
  await page.getByRole("link", { name: item, exact: true }).click();
  const form = page.getByTestId("redeem-form");
  await form.getByLabel(label("en", "pointMall.withdrawPassword"), { exact: true }).fill(password);
  await form
    .getByRole("button", { name: label("en", "pointMall.redeem.submit"), exact: true })
    .click();
  return form;
}

/** The operator's decision on the member's row of the redemption queue (already on the queue). */
export async function decideInQueue(
  page: Page,
  account: string,
  intent: "approve" | "reject" | "complete",
) {
  await page
    .getByTestId("ops-redemption-row")
    .filter({ hasText: account })
    .getByTestId(`ops-redemption-${intent}`)
    .click();
  await expect(page).toHaveURL(`/ops/points/redemptions?done=${intent}`);
}
