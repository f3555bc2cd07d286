import type { Database } from "../../app/platform/db/open.server";
import { findMemberByAccount } from "../../app/platform/identity/members.server";
import { hashPassword } from "../../app/platform/identity/secrets.server";
import { getBrandConfig } from "../../app/platform/system/settings.server";
import { addPayeeAccount } from "../../app/platform/wallet/payees.server";
import { transferWallets } from "../../app/platform/wallet/policy";
import { transferBetweenWallets } from "../../app/platform/wallet/transfers.server";
import { expect, label, submitLogin, test } from "../fixtures";

/**
 * A self-excluded member gets its balance out, with JavaScript on and off:
 * its sign-in lands on /cash-out and nowhere else, the page shows the balance,
 * and a withdrawal to the payee it registered before goes through with the
 * withdraw password. The rest of the portal still treats it as a visitor.
 */

const PASSWORD = "CashOut123";
const WITHDRAW_PASSWORD = "Vault4321";

/** Before the exclusion: a withdraw password and a payee, then six months of exclusion from now. */
async function excludeWithPayee(db: Database, account: string) {
  const member = (await findMemberByAccount(db, account))!;
  await db
    .updateTable("members")
    .set({ withdraw_password_hash: await hashPassword(WITHDRAW_PASSWORD) })
    .where("id", "=", member.id)
    .execute();
  const brand = await getBrandConfig(db);
  const payee = await addPayeeAccount(
    db,
    {
      memberId: member.id,
      provider: brand.wallet.payeeProviders[0]!.code,
      holderName: "Cash Out",
      accountNumber: "00998877665544",
      withdrawPassword: WITHDRAW_PASSWORD,
    },
    brand.wallet,
  );
  const now = Date.now();
  await db
    .insertInto("protection_breaks")
    .values({
      member_id: member.id,
      kind: "exclusion",
      starts_at: new Date(now - 60_000),
      ends_at: new Date(now + 180 * 86_400_000),
      source: "member",
      created_by: member.id,
    })
    .execute();
  return payee;
}

test.describe("cash-out during a self-exclusion", () => {
  test("the member signs in to the cash-out page only and withdraws its balance", async ({
    page,
    createMember,
    fundMember,
    serverDatabase,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 250_00);
    const payee = await excludeWithPayee(serverDatabase!, account);

    await submitLogin(page, account, PASSWORD);
    await expect(page).toHaveURL("/cash-out");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("en", "cashOut.title"));
    await expect(page.getByTestId("cash-out-main")).toHaveText("Rs 250.00");

    const form = page.getByTestId("withdraw-form");
    await form.getByLabel(label("en", "withdraw.amount")).fill("250");
    await form.getByLabel(label("en", "withdraw.withdrawPassword")).fill(WITHDRAW_PASSWORD);
    await form.getByRole("button", { name: label("en", "withdraw.submit"), exact: true }).click();
    await expect(page).toHaveURL(/\/cash-out\?requested=\d+$/);
    await expect(page.getByTestId("cash-out-requested")).toBeVisible();
    await expect(page.getByTestId("cash-out-main")).toHaveText("Rs 0.00");
    await expect(page.getByTestId("withdrawal-list")).toContainText(
      `•••• ${payee.maskedNumber.slice(-4)}`,
    );

    // Everywhere else the member is still a visitor: the member centre asks it to sign in.
    await page.goto("/member");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember/);

    await page.goto("/cash-out");
    await page.getByTestId("cash-out-sign-out").click();
    await expect(page).toHaveURL("/");
    await page.goto("/cash-out");
    await expect(page).toHaveURL(/\/login/);
  });

  test("game-wallet money comes back to the main balance once, and the page reads right to left in Urdu", async ({
    page,
    createMember,
    fundMember,
    serverDatabase,
  }) => {
    const db = serverDatabase!;
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 250_00);
    // Before the exclusion, Rs 100 went into a game's wallet.
    const member = (await findMemberByAccount(db, account))!;
    const brand = await getBrandConfig(db);
    const vendor = transferWallets(brand.wallet)[0]!;
    await transferBetweenWallets(
      db,
      { memberId: member.id, from: "MAIN", to: vendor, amount: 100_00n, key: `e2e-${account}` },
      brand.wallet,
    );
    await excludeWithPayee(db, account);

    await submitLogin(page, account, PASSWORD);
    await expect(page).toHaveURL("/cash-out");
    await expect(page.getByTestId("cash-out-main")).toHaveText("Rs 150.00");
    const collect = page.getByTestId("cash-out-collect");
    await collect
      .getByRole("button", { name: label("en", "cashOut.collect"), exact: true })
      .click();
    await expect(page.getByTestId("cash-out-main")).toHaveText("Rs 250.00");
    await expect(page.getByTestId("cash-out-collect")).toHaveCount(0);

    await page.goto("/cash-out?lng=ur");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("ur", "cashOut.title"));
  });
});
