import type { Page } from "@playwright/test";
import pg from "pg";
import { hashPassword } from "../../app/platform/identity/secrets.server";
import { e2eDatabaseUrl, expect, label, test } from "../fixtures";

const PASSWORD = "Transfer123";
const WITHDRAW_PASSWORD = "Vault4321";

/** Runs one query on the e2e server's database (the fixtures skip these tests without one). */
async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const balance = (page: Page, wallet: string) => page.getByTestId(`wallet-balance-${wallet}`);

async function expectBalances(page: Page, main: string, sbo: string, total: string) {
  await expect(balance(page, "MAIN")).toHaveText(main);
  await expect(balance(page, "SBO")).toHaveText(sbo);
  await expect(page.getByTestId("wallet-total")).toHaveText(total);
}

/** Fills the wallet-to-wallet form; the pair is chosen by the wallets' names. */
async function fillTransfer(page: Page, from: string, to: string, amount: string) {
  const form = page.getByTestId("transfer-form");
  await form
    .getByLabel(label("en", "transfer.from"), { exact: true })
    .selectOption({ label: from });
  await form.getByLabel(label("en", "transfer.to"), { exact: true }).selectOption({ label: to });
  await form.getByLabel(label("en", "transfer.amount"), { exact: true }).fill(amount);
  return form.getByRole("button", { name: label("en", "transfer.submit"), exact: true });
}

const main = () => label("en", "transfer.mainWallet");

test.describe("transfer funds", () => {
  test("main → a vendor wallet and back, then all back to main; the balances follow", async ({
    signIn,
    page,
    createMember,
    fundMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 100_00);
    await signIn(account, PASSWORD);
    await page.goto("/member/transfer");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("en", "transfer.title"));
    await expectBalances(page, "Rs 100.00", "Rs 0.00", "Rs 100.00");

    await (await fillTransfer(page, main(), "SBO Sports", "25")).click();
    await expect(page).toHaveURL(/\/member\/transfer\?done=\d+$/);
    await expect(page.getByTestId("transfer-done")).toHaveText(
      label("en", "transfer.done", { amount: "Rs 25.00", from: main(), to: "SBO Sports" }),
    );
    await expectBalances(page, "Rs 75.00", "Rs 25.00", "Rs 100.00");
    // The form starts empty again for the next transfer.
    await expect(
      page.getByTestId("transfer-form").getByLabel(label("en", "transfer.amount"), { exact: true }),
    ).toHaveValue("");

    // The row's shortcut fills in the pair (a plain link).
    await page
      .getByRole("link", {
        name: label("en", "transfer.transferOutOf", { wallet: "SBO Sports" }),
        exact: true,
      })
      .click();
    const form = page.getByTestId("transfer-form");
    await expect(form.getByLabel(label("en", "transfer.from"), { exact: true })).toHaveValue("SBO");
    await expect(form.getByLabel(label("en", "transfer.to"), { exact: true })).toHaveValue("MAIN");
    await form.getByLabel(label("en", "transfer.amount"), { exact: true }).fill("5.50");
    await form.getByRole("button", { name: label("en", "transfer.submit"), exact: true }).click();
    await expect(page.getByTestId("transfer-done")).toHaveText(
      label("en", "transfer.done", { amount: "Rs 5.50", from: "SBO Sports", to: main() }),
    );
    await expectBalances(page, "Rs 80.50", "Rs 19.50", "Rs 100.00");

    await (await fillTransfer(page, main(), "IBC Bet", "10")).click();
    await expect(balance(page, "IBC")).toHaveText("Rs 10.00");
    await expect(balance(page, "MAIN")).toHaveText("Rs 70.50");

    await page
      .getByTestId("all-to-main-form")
      .getByRole("button", { name: label("en", "transfer.allToMain"), exact: true })
      .click();
    await expect(page.getByTestId("transfer-done")).toHaveText(
      label("en", "transfer.doneAll", { amount: "Rs 29.50" }),
    );
    await expectBalances(page, "Rs 100.00", "Rs 0.00", "Rs 100.00");
    await expect(balance(page, "IBC")).toHaveText("Rs 0.00");
  });

  test("a double-clicked submit moves the money once", async ({
    signIn,
    page,
    createMember,
    fundMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 100_00);
    await signIn(account, PASSWORD);
    await page.goto("/member/transfer");

    await (await fillTransfer(page, main(), "SBO Sports", "10")).dblclick();
    await expect(page.getByTestId("transfer-done")).toBeVisible();
    await expectBalances(page, "Rs 90.00", "Rs 10.00", "Rs 100.00");
    // What the ledger holds, not only what the page shows: one transfer entry.
    const entries = await query<{ count: string }>(
      "select count(*) from entries e join members m on m.id = e.member_id where lower(m.account) = lower($1) and e.kind = 'transfer'",
      [account],
    );
    expect(entries[0]?.count).toBe("1");
    await page.reload();
    await expectBalances(page, "Rs 90.00", "Rs 10.00", "Rs 100.00");
  });

  test("more than the balance shows the translated error on the amount and keeps it", async ({
    signIn,
    page,
    createMember,
    fundMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, 20_00);
    await signIn(account, PASSWORD);
    await page.goto("/member/transfer");

    await (await fillTransfer(page, main(), "CMD368", "20.01")).click();
    const amount = page
      .getByTestId("transfer-form")
      .getByLabel(label("en", "transfer.amount"), { exact: true });
    await expect(page.getByTestId("transfer-form").getByRole("alert")).toHaveText(
      label("en", "walletError.insufficient_balance"),
    );
    await expect(amount).toHaveValue("20.01");
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByTestId("transfer-form").getByLabel(label("en", "transfer.to"), { exact: true }),
    ).toHaveValue("CMD");
    await expect(page.getByTestId("transfer-done")).toHaveCount(0);
    await expect(balance(page, "MAIN")).toHaveText("Rs 20.00");

    // The kept values go through once corrected.
    await amount.fill("20");
    await page
      .getByTestId("transfer-form")
      .getByRole("button", { name: label("en", "transfer.submit"), exact: true })
      .click();
    await expect(balance(page, "CMD")).toHaveText("Rs 20.00");
    await expect(balance(page, "MAIN")).toHaveText("Rs 0.00");
  });
});

test.describe("transfer to agent", () => {
  test("a member under agent01 sends money to the agent", async ({
    signIn,
    page,
    createMember,
    fundMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await query(
      "update members set parent_id = (select id from members where account = 'agent01') where account = $1",
      [account],
    );
    await fundMember(account, 50_00);
    await query("update members set withdraw_password_hash = $2 where account = $1", [
      account,
      await hashPassword(WITHDRAW_PASSWORD),
    ]);
    await signIn(account, PASSWORD);

    await page.goto("/member/transfer-upline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "transfer.upline.title"),
    );
    await expect(page.getByTestId("upline-agent")).toHaveText("Harbour Master (agent01)");
    await expect(page.getByTestId("upline-main-balance")).toHaveText("Rs 50.00");

    const form = page.getByTestId("upline-transfer-form");
    const amount = form.getByLabel(label("en", "transfer.upline.amount"), { exact: true });
    const password = form.getByLabel(label("en", "withdraw.withdrawPassword"), { exact: true });
    const submit = () =>
      form
        .getByRole("button", { name: label("en", "transfer.upline.submit"), exact: true })
        .click();

    // Money out asks for the withdraw password: none, then a wrong one, moves nothing.
    await amount.fill("12.34");
    await submit();
    await expect(form.getByText(label("en", "withdraw.validation.passwordRequired"))).toBeVisible();
    await expect(amount).toHaveValue("12.34");
    await password.fill("Wrong0000");
    await submit();
    await expect(form.getByText(label("en", "walletError.withdraw_password_wrong"))).toBeVisible();
    await expect(page.getByTestId("upline-main-balance")).toHaveText("Rs 50.00");

    await amount.fill("60");
    await password.fill(WITHDRAW_PASSWORD);
    await submit();
    await expect(form.getByRole("alert")).toHaveText(
      label("en", "walletError.insufficient_balance"),
    );

    await amount.fill("12.34");
    await password.fill(WITHDRAW_PASSWORD);
    await submit();
    await expect(page).toHaveURL(/\/member\/transfer-upline\?done=\d+$/);
    await expect(page.getByTestId("transfer-done")).toHaveText(
      label("en", "transfer.upline.done", {
        amount: "Rs 12.34",
        agent: "Harbour Master (agent01)",
      }),
    );
    await expect(page.getByTestId("upline-main-balance")).toHaveText("Rs 37.66");

    // The money reached agent01's main wallet in that entry.
    const entryId = new URL(page.url()).searchParams.get("done");
    const credited = await query<{ amount: string }>(
      `select p.amount from postings p join accounts a on a.id = p.account_id join members m on m.id = a.member_id
       where p.entry_id = $1 and m.account = 'agent01' and a.kind = 'MAIN'`,
      [entryId],
    );
    expect(credited).toEqual([{ amount: "1234" }]);
  });

  test("a member without an agent has no such page", async ({ signIn, page, createMember }) => {
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);
    const response = await page.goto("/member/transfer-upline");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "error.notFoundTitle"),
    );
    // The member centre does not offer it either.
    await page.goto("/member/transfer");
    await expect(
      page.getByRole("link", { name: label("en", "memberCentre.transferUpline"), exact: true }),
    ).toHaveCount(0);
  });
});
