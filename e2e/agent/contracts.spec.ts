import type { Browser, Page } from "@playwright/test";
import pg from "pg";
import { e2eDatabaseUrl, expect, label, type SignIn, test } from "../fixtures";

/**
 * Contracts, with JavaScript on and off: a fresh top agent of its own
 * (holding a house daily wage contract at 1.50 %) offers a daily wage
 * contract to a fresh direct downline agent; a rate above its own is
 * refused; the downline, signed in separately, finds the request, accepts
 * it and holds it; the upline sees it active among the contracts it granted.
 */

const PASSWORD = "Agent1234";

/** Hangs the downline under the top agent with an own rate, and grants the top agent its house contract, as the operator would. */
async function buildTree(top: string, downline: string, downlineRate: number | null = null) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; account: string }>(
      "select id::text, account from members where account = any($1)",
      [[top, downline]],
    );
    const id = (account: string) => rows.find((row) => row.account === account)!.id;
    await client.query("update members set agent_rate = 5000 where id = $1", [id(top)]);
    await client.query("update members set parent_id = $1, agent_rate = 3000 where id = $2", [
      id(top),
      id(downline),
    ]);
    await client.query(
      `insert into contracts (kind, upline_id, downline_id, period, terms, status, offered_at, decided_at, settled_until)
       values ('DAILY', null, $1, null, '{"rate":150,"minValidBet":0}'::jsonb, 'active', now(), now(), now())`,
      [id(top)],
    );
    if (downlineRate !== null) {
      await client.query(
        `insert into contracts (kind, upline_id, downline_id, period, terms, status, offered_at, decided_at, settled_until)
         values ('DAILY', $1, $2, null, jsonb_build_object('rate', $3::int, 'minValidBet', 0), 'active', now(), now(), now())`,
        [id(top), id(downline), downlineRate],
      );
    }
    return { downlineId: id(downline) };
  } finally {
    await client.end();
  }
}

const t = (key: string, vars: Record<string, string | number> = {}) => label("en", key, vars);

async function offer(page: Page, downlineId: string, rate: string, betAmount: string) {
  const form = page.getByRole("form", { name: t("agentContracts.offer.title") });
  await form
    .getByLabel(t("agentContracts.offer.downline"), { exact: true })
    .selectOption(downlineId);
  await form
    .getByLabel(t("agentContracts.terms.minValidBet.DAILY"), { exact: true })
    .fill(betAmount);
  await form.getByLabel(`${t("agentContracts.terms.rate")} (%)`, { exact: true }).fill(rate);
  await form.getByRole("button", { name: t("agentContracts.offer.submit"), exact: true }).click();
}

async function signedInAs(
  browser: Browser,
  options: { baseURL?: string; javaScriptEnabled: boolean; signIn: SignIn },
  account: string,
) {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    javaScriptEnabled: options.javaScriptEnabled,
  });
  const page = await context.newPage();
  await options.signIn(account, PASSWORD, { site: "agent", page });
  await page.goto("/agentHome");
  await expect(page).toHaveURL("/agentHome");
  return { context, page };
}

test("an upline offers a daily wage contract that its downline, signed in separately, accepts", async ({
  signIn,
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  createMember,
}) => {
  const top = await createMember({ password: PASSWORD, type: 1 });
  const downline = await createMember({ password: PASSWORD, type: 2 });
  const { downlineId } = await buildTree(top.account, downline.account);

  await signIn(top.account, PASSWORD, { site: "agent" });
  await page.goto("/agentHome");
  await expect(page).toHaveURL("/agentHome");
  await page.goto("/agentHome/daily-wages");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("agentContracts.title.DAILY"));
  const mine = page.getByTestId("my-contract");
  await expect(mine.getByTestId("term-rate")).toHaveText("1.50 %");
  await expect(mine).toContainText(t("agentContracts.mine.house"));
  await expect(page.getByTestId("offer-max-rate")).toHaveText(
    t("agentContracts.offer.maxRate", { rates: "1.50 %" }),
  );

  // Above its own rate: refused, the typed values stay.
  await offer(page, downlineId, "1.60", "100");
  await expect(page.getByTestId("contract-offer").getByTestId("form-errors")).toHaveText(
    t("agentContracts.error.contract_rate_above_own", { rates: "1.50 %" }),
  );
  await expect(
    page.getByLabel(`${t("agentContracts.terms.rate")} (%)`, { exact: true }),
  ).toHaveValue("1.60");

  await offer(page, downlineId, "1.20", "100");
  await expect(page).toHaveURL("/agentHome/daily-wages?done=offered");
  await expect(page.getByTestId("contract-done")).toHaveText(t("agentContracts.done.offered"));
  const granted = page.locator(`[data-testid="granted-row"][data-account="${downline.account}"]`);
  await expect(granted.getByTestId("granted-status")).toHaveText(
    t("agentContracts.status.offered"),
  );

  // The downline, in a browser of its own.
  const other = await signedInAs(browser, { baseURL, javaScriptEnabled, signIn }, downline.account);
  try {
    const menu = other.page.getByTestId("agent-menu");
    await expect(menu.getByTestId("menu-offer-dailyWages")).toHaveCount(1);
    await other.page.goto("/agentHome/daily-wages");
    const request = other.page.getByTestId("contract-request");
    await expect(request.getByTestId("term-rate")).toHaveText("1.20 %");
    await expect(request).toContainText(top.account);
    await expect(other.page.getByTestId("my-contract-none")).toBeVisible();
    await request
      .getByRole("button", { name: t("agentContracts.request.accept"), exact: true })
      .click();
    await expect(other.page).toHaveURL("/agentHome/daily-wages?done=accepted");
    await expect(other.page.getByTestId("contract-done")).toHaveText(
      t("agentContracts.done.accepted"),
    );
    await expect(other.page.getByTestId("contract-request")).toHaveCount(0);
    const held = other.page.getByTestId("my-contract");
    await expect(held.getByTestId("term-rate")).toHaveText("1.20 %");
    await expect(held.getByTestId("my-contract-since")).toContainText(top.account);
  } finally {
    await other.context.close();
  }

  // The upline sees it active.
  await page.goto("/agentHome/daily-wages");
  await expect(granted.getByTestId("granted-status")).toHaveText(t("agentContracts.status.active"));
  await expect(granted.getByTestId("granted-withdraw")).toHaveCount(0);
});

test("a lower rate is offered only once the upline confirms; an agent terminates its own contract after a confirmation", async ({
  signIn,
  page,
  createMember,
}) => {
  const top = await createMember({ password: PASSWORD, type: 1 });
  const downline = await createMember({ password: PASSWORD, type: 2 });
  const { downlineId } = await buildTree(top.account, downline.account, 120);
  await signIn(top.account, PASSWORD, { site: "agent" });
  await page.goto("/agentHome");
  await expect(page).toHaveURL("/agentHome");
  await page.goto("/agentHome/daily-wages");
  const granted = page.locator(`[data-testid="granted-row"][data-account="${downline.account}"]`);
  await expect(granted.getByTestId("granted-status")).toHaveText(t("agentContracts.status.active"));

  await offer(page, downlineId, "1.00", "");
  const dialog = page.getByTestId("lower-rate-dialog");
  await expect(dialog.getByTestId("lower-rate-message")).toHaveText(
    t("agentContracts.offer.lowerRate", { account: downline.account, rates: "1.20 %" }),
  );
  // Nothing changed yet.
  await expect(granted.getByTestId("granted-status")).toHaveText(t("agentContracts.status.active"));
  await dialog
    .getByRole("button", { name: t("agentContracts.offer.confirm"), exact: true })
    .click();
  await expect(page).toHaveURL("/agentHome/daily-wages?done=offered");
  // The old contract ended at once; the new one waits for the downline.
  await expect(granted).toHaveCount(1);
  await expect(granted.getByTestId("granted-status")).toHaveText(
    t("agentContracts.status.offered"),
  );
  await expect(granted).toContainText("1.00 %");

  // The top agent ends its own (house) contract: a confirmation first, then the page is gone with it.
  await page
    .getByTestId("my-contract")
    .getByRole("link", { name: t("agentContracts.mine.terminate"), exact: true })
    .click();
  await expect(page).toHaveURL("/agentHome/daily-wages?done=offered&confirm=terminate");
  const confirm = page.getByTestId("terminate-dialog");
  await confirm
    .getByRole("button", { name: t("agentContracts.mine.terminateConfirm"), exact: true })
    .click();
  await expect(page).toHaveURL("/agentHome");
  const gone = await page.goto("/agentHome/daily-wages");
  expect(gone?.status()).toBe(404);
});
