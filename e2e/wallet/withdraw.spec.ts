import { randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import pg from "pg";
import { hashPassword } from "../../app/platform/identity/secrets.server";
import { DEMO_STAFF_PASSWORD } from "../../app/platform/seed/staff.server";
import { formatMoney } from "../../app/utils/money";
import { e2eDatabaseUrl, expect, label, type SignIn, test } from "../fixtures";

const PASSWORD = "Player123";
const WITHDRAW_PASSWORD = "Vault4321";
const money = (minor: number) => formatMoney(minor, { symbol: "Rs", minorUnits: 2 });
/** A 1×1 PNG: a real image for the proof upload. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** Sets the member's withdraw password straight in the database (its own form belongs to the security centre). */
async function setWithdrawPassword(account: string) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    await client.query(
      "update members set withdraw_password_hash = $2 where lower(account) = lower($1)",
      [account, await hashPassword(WITHDRAW_PASSWORD)],
    );
  } finally {
    await client.end();
  }
}

/** A signed-in member of its own with a withdraw password and `funds` in MAIN, on the withdraw page. */
async function memberOnWithdrawPage(
  page: Page,
  helpers: {
    createMember: (o: { password: string }) => Promise<{ account: string }>;
    fundMember: (a: string, m: number) => Promise<void>;
    signIn: SignIn;
  },
  funds: number,
) {
  const { account } = await helpers.createMember({ password: PASSWORD });
  await helpers.fundMember(account, funds);
  await setWithdrawPassword(account);
  await helpers.signIn(account, PASSWORD);
  await page.goto("/member/withdraw");
  await expect(page.getByTestId("withdraw-balance")).toHaveText(money(funds));
  return account;
}

/**
 * Adds a payee account. A payee is a way out for money, so the form asks for the withdraw
 * password; with `refusals` it is first sent without one and with a wrong one.
 */
async function addPayee(
  page: Page,
  accountNumber: string,
  { refusals = false, password: withdrawPassword = WITHDRAW_PASSWORD } = {},
) {
  const form = page.getByTestId("add-payee-form");
  const fill = async () => {
    await form.getByLabel(label("en", "withdraw.provider")).selectOption({ label: "Habib Bank" });
    await form.getByLabel(label("en", "withdraw.holderName")).fill("Test Holder");
    await form.getByLabel(label("en", "withdraw.accountNumber")).fill(accountNumber);
  };
  const submit = () =>
    form.getByRole("button", { name: label("en", "withdraw.addPayee"), exact: true }).click();
  const password = form.getByLabel(label("en", "withdraw.withdrawPassword"));
  await fill();
  if (refusals) {
    await submit();
    await expect(form.getByText(label("en", "withdraw.validation.passwordRequired"))).toBeVisible();
    // What was typed stays, except the secret.
    await expect(form.getByLabel(label("en", "withdraw.accountNumber"))).toHaveValue(accountNumber);
    await password.fill("Wrong0000");
    await submit();
    await expect(form.getByText(label("en", "walletError.withdraw_password_wrong"))).toBeVisible();
    await expect(page.getByTestId("payee")).toHaveCount(0);
    await fill();
  }
  await password.fill(withdrawPassword);
  await submit();
  await expect(page.getByTestId("withdraw-notice")).toHaveText(label("en", "withdraw.payeeAdded"));
  await expect(page.getByTestId("payee")).toHaveText(
    new RegExp(`Habib Bank •••• ${accountNumber.slice(-4)}`),
  );
}

/** Requests a withdrawal and returns its id (from the redirect's ?requested=). */
async function requestWithdrawal(page: Page, amount: number) {
  const form = page.getByTestId("withdraw-form");
  await form.getByLabel(label("en", "withdraw.amount")).fill((amount / 100).toFixed(2));
  await form.getByLabel(label("en", "withdraw.withdrawPassword")).fill(WITHDRAW_PASSWORD);
  await form.getByRole("button", { name: label("en", "withdraw.submit"), exact: true }).click();
  await expect(page).toHaveURL(/\/member\/withdraw\?requested=\d+$/);
  const id = new URL(page.url()).searchParams.get("requested")!;
  await expect(page.getByTestId("withdraw-notice")).toHaveText(
    label("en", "withdraw.requested", { id }),
  );
  await expect(page.getByTestId(`withdrawal-${id}`).getByTestId("withdrawal-status")).toHaveText(
    label("en", "withdraw.status.pending"),
  );
  return id;
}

/**
 * A staff member in a browser context of its own (same JavaScript setting as the test), on the
 * queue: ops01 (admin) unless told, or the demo's finance01. Signed in by the signIn fixture:
 * the password and code steps are e2e/identity/authenticator.spec.ts's to test.
 */
async function operatorPage(
  browser: Browser,
  baseURL: string,
  javaScriptEnabled: boolean,
  signIn: SignIn,
  account: "ops01" | "finance01" = "ops01",
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: "en-US" });
  const page = await context.newPage();
  await signIn(account, account === "ops01" ? "Ops12345" : DEMO_STAFF_PASSWORD, {
    site: "ops",
    page,
  });
  await page.goto("/ops/withdrawals");
  await expect(page.getByTestId("ops-operator")).toHaveText(
    label("en", "ops.signedInAs", { account }),
  );
  return page;
}

async function operatorAct(
  page: Page,
  id: string,
  intent: "approve" | "pay" | "reject",
  reason?: string,
) {
  const row = page.getByTestId(`ops-withdrawal-${id}`);
  if (reason) await row.getByLabel(label("en", "ops.queue.reason")).fill(reason);
  await row.getByTestId(`ops-${intent}`).click();
  await expect(page.getByTestId("ops-done")).toHaveText(
    label("en", `ops.queue.done.${intent}`, { id }),
  );
}

test.describe("withdraw", () => {
  test("payee, request (funds held), ops01 approves, finance01 pays (four eyes), member confirms with a proof", async ({
    signIn,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    createMember,
    fundMember,
  }) => {
    const funds = randomInt(500_000, 900_000);
    const amount = randomInt(10_000, 40_000);
    await memberOnWithdrawPage(page, { createMember, fundMember, signIn }, funds);
    await expect(page.getByTestId("withdraw-form")).toHaveCount(0);
    await addPayee(page, `0300${randomInt(1_000_000, 9_999_999)}`, { refusals: true });

    const id = await requestWithdrawal(page, amount);
    await expect(page.getByTestId("withdraw-balance")).toHaveText(money(funds - amount));

    const ops = await operatorPage(browser, baseURL!, javaScriptEnabled, signIn);
    const row = ops.getByTestId(`ops-withdrawal-${id}`);
    await expect(row.getByTestId("ops-status")).toHaveText(label("en", "withdraw.status.pending"));
    await expect(row).toContainText(money(amount));
    await operatorAct(ops, id, "approve");
    // Who approved it may not pay it: the row says so instead of offering the button.
    await expect(row.getByTestId("ops-four-eyes")).toHaveText(label("en", "ops.queue.fourEyes"));
    await expect(row.getByTestId("ops-pay")).toHaveCount(0);
    const finance = await operatorPage(browser, baseURL!, javaScriptEnabled, signIn, "finance01");
    await operatorAct(finance, id, "pay");

    await page.goto("/member/withdraw");
    await expect(page.getByTestId(`withdrawal-${id}`).getByTestId("withdrawal-status")).toHaveText(
      label("en", "withdraw.status.paid"),
    );
    const receipt = page.getByTestId(`receipt-${id}`);
    // Over 5 MB: the translated error on the proofs field, not a broken page; nothing recorded.
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    await receipt.getByLabel(label("en", "withdraw.receipt.full")).check();
    await receipt
      .getByLabel(label("en", "withdraw.receipt.proofs"))
      .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: huge });
    await receipt
      .getByRole("button", { name: label("en", "withdraw.receipt.submit"), exact: true })
      .click();
    await expect(receipt.getByText(label("en", "walletError.proof_size"))).toBeVisible();
    await expect(page.getByTestId(`withdrawal-${id}`).getByTestId("withdrawal-status")).toHaveText(
      label("en", "withdraw.status.paid"),
    );

    await receipt.getByLabel(label("en", "withdraw.receipt.full")).check();
    await receipt
      .getByLabel(label("en", "withdraw.receipt.proofs"))
      .setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: TINY_PNG });
    await receipt
      .getByRole("button", { name: label("en", "withdraw.receipt.submit"), exact: true })
      .click();
    await expect(page).toHaveURL(`/member/withdraw?confirmed=${id}`);
    await expect(page.getByTestId("withdraw-notice")).toHaveText(
      label("en", "withdraw.receipt.confirmed", { id }),
    );
    const done = page.getByTestId(`withdrawal-${id}`);
    await expect(done.getByTestId("withdrawal-status")).toHaveText(
      label("en", "withdraw.status.received"),
    );
    await expect(page.getByTestId(`receipt-${id}`)).toHaveCount(0);

    // The proof is served to the member and to the operator, as the image it is.
    const proof = done.getByRole("link", { name: label("en", "withdraw.proofLink", { n: 1 }) });
    const href = (await proof.getAttribute("href"))!;
    const own = await page.request.get(href);
    expect(own.status()).toBe(200);
    expect(own.headers()["content-type"]).toBe("image/png");
    expect(own.headers()["x-content-type-options"]).toBe("nosniff");
    expect((await ops.request.get(href)).status()).toBe(200);
    await ops.goto("/ops/withdrawals?status=received");
    await expect(
      ops
        .getByTestId(`ops-withdrawal-${id}`)
        .getByRole("link", { name: label("en", "withdraw.proofLink", { n: 1 }) }),
    ).toHaveAttribute("href", href);

    await ops.getByTestId("ops-sign-out").click();
    await expect(ops).toHaveURL("/ops/login");
    expect((await ops.request.get(href)).status()).toBe(404);
    await ops.context().close();
    await finance.context().close();
  });

  test("a rejected withdrawal returns the money and shows the reason", async ({
    signIn,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    createMember,
    fundMember,
  }) => {
    const funds = randomInt(300_000, 500_000);
    const amount = randomInt(10_000, 30_000);
    await memberOnWithdrawPage(page, { createMember, fundMember, signIn }, funds);
    await addPayee(page, `1234${randomInt(100_000, 999_999)}`);

    // A wrong withdraw password: an error, no money moved.
    const form = page.getByTestId("withdraw-form");
    await form.getByLabel(label("en", "withdraw.amount")).fill((amount / 100).toFixed(2));
    await form.getByLabel(label("en", "withdraw.withdrawPassword")).fill("Wrong9999");
    await form.getByRole("button", { name: label("en", "withdraw.submit"), exact: true }).click();
    await expect(form.getByText(label("en", "walletError.withdraw_password_wrong"))).toBeVisible();
    await expect(page.getByTestId("withdraw-balance")).toHaveText(money(funds));

    const id = await requestWithdrawal(page, amount);
    await expect(page.getByTestId("withdraw-balance")).toHaveText(money(funds - amount));

    const ops = await operatorPage(browser, baseURL!, javaScriptEnabled, signIn);
    await operatorAct(ops, id, "reject", "Holder name does not match");
    await ops.context().close();

    await page.goto("/member/withdraw");
    await expect(page.getByTestId("withdraw-balance")).toHaveText(money(funds));
    const row = page.getByTestId(`withdrawal-${id}`);
    await expect(row.getByTestId("withdrawal-status")).toHaveText(
      label("en", "withdraw.status.rejected"),
    );
    await expect(row.getByTestId("reject-reason")).toHaveText(
      label("en", "withdraw.rejectReason", { reason: "Holder name does not match" }),
    );
  });

  test("without a withdraw password: set it in the security centre, then withdraw with it", async ({
    signIn,
    page,
    createMember,
    fundMember,
  }) => {
    const funds = randomInt(200_000, 400_000);
    const amount = randomInt(10_000, 50_000);
    const { account } = await createMember({ password: PASSWORD });
    await fundMember(account, funds);
    await signIn(account, PASSWORD);
    await page.goto("/member/withdraw");
    await expect(page.getByTestId("withdraw-form")).toHaveCount(0);
    await page
      .getByTestId("withdraw-password-needed")
      .getByRole("link", { name: label("en", "withdraw.setPassword") })
      .click();
    await expect(page).toHaveURL(/\/member\/security#withdraw-password$/);

    const section = page.getByTestId("withdraw-password-section");
    await section
      .getByLabel(label("en", "security.withdrawPassword.loginPassword"), { exact: true })
      .fill(PASSWORD);
    await section
      .getByLabel(label("en", "security.withdrawPassword.new"), { exact: true })
      .fill("246813");
    await section
      .getByLabel(label("en", "security.withdrawPassword.confirm"), { exact: true })
      .fill("246813");
    await section
      .getByRole("button", { name: label("en", "security.withdrawPassword.set"), exact: true })
      .click();
    await expect(section.getByTestId("withdraw-password-done")).toHaveText(
      label("en", "security.withdrawPassword.done"),
    );

    await page.goto("/member/withdraw");
    await addPayee(page, `5555${randomInt(100_000, 999_999)}`, { password: "246813" });
    const form = page.getByTestId("withdraw-form");
    await form.getByLabel(label("en", "withdraw.amount")).fill((amount / 100).toFixed(2));
    await form.getByLabel(label("en", "withdraw.withdrawPassword")).fill("246813");
    await form.getByRole("button", { name: label("en", "withdraw.submit"), exact: true }).click();
    await expect(page).toHaveURL(/\/member\/withdraw\?requested=\d+$/);
    await expect(page.getByTestId("withdraw-balance")).toHaveText(money(funds - amount));
  });
});
