import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import pg from "pg";
import {
  agentLogin,
  changeForcedPassword,
  e2eDatabaseUrl,
  expect,
  label,
  numberIn,
  test,
  uniqueAccount,
} from "../fixtures";

/**
 * The agent journey in one piece, with JavaScript on and off: a top
 * agent signs in at /agent, registers a downline agent and a member,
 * offers the downline agent a daily wage contract, which the downline —
 * signed in separately — accepts, transfers money to the downline agent,
 * then filters team betting by date and exports that window as CSV.
 */

const PASSWORD = "Agent1234";
const NEW_PASSWORD = "Lantern-Quay-58";
const t = (key: string, vars: Record<string, string | number> = {}) => label("en", key, vars);

async function sql<Row extends Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The operator's part: the top agent's own rate and its house daily-wage contract at 2.00 %. */
async function makeTopAgent(account: string) {
  await sql("update members set agent_rate = 5000 where account = $1", [account]);
  await sql(
    `insert into contracts (kind, upline_id, downline_id, period, terms, status, offered_at, decided_at, settled_until)
     select 'DAILY', null, id, null, '{"rate":200,"minValidBet":0}'::jsonb, 'active', now(), now(), now() from members where account = $1`,
    [account],
  );
}

/** Two settled bets of a member (test data; real bets come through the seamless wallet): one today, one twelve days ago. */
async function placeBets(account: string) {
  await sql(
    `insert into bets (member_id, vassalage, round_id, category, game_code, game_name, stake, valid_bet, payout, status, placed_at, settled_at)
     select m.id, 'PG', 'journey-' || m.account || '-' || n, 'RNG', 'PG-0001', 'Journey Slot', 5000, 5000, 0, 'settled', at, at
       from members m, (values (1, now() - interval '5 minutes'), (2, now() - interval '12 days')) as b (n, at)
      where m.account = $1`,
    [account],
  );
}

async function register(page: Page, kind: "member" | "agent", account: string) {
  await page.goto("/agentHome/register");
  const form = page.getByTestId("team-register-form");
  await form
    .getByLabel(
      t(kind === "agent" ? "agentTeam.register.kindAgent" : "agentTeam.register.kindMember"),
      { exact: true },
    )
    .check();
  await form.getByLabel(t("agentTeam.register.username"), { exact: true }).fill(account);
  await form.getByLabel(t("agentTeam.register.password"), { exact: true }).fill(NEW_PASSWORD);
  await form
    .getByLabel(t("agentTeam.register.confirmPassword"), { exact: true })
    .fill(NEW_PASSWORD);
  if (kind === "agent")
    await form.getByLabel(t("agentTeam.register.rate"), { exact: true }).fill("30");
  await form.getByRole("button", { name: t("agentTeam.register.submit"), exact: true }).click();
  await expect(page).toHaveURL(`/agentHome/team?registered=${account}`);
}

test("an agent registers a downline, offers it a contract it accepts, transfers to it, and exports a dated team-betting window", async ({
  signIn,
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  createMember,
  fundMember,
}) => {
  const top = await createMember({ password: PASSWORD, type: 1 });
  await makeTopAgent(top.account);
  await fundMember(top.account, 50_000);

  await signIn(top.account, PASSWORD, { site: "agent" });
  await page.goto("/agentHome");
  await expect(page).toHaveURL("/agentHome");

  // Register a downline agent and a member.
  const subAgent = uniqueAccount("jya");
  const member = uniqueAccount("jym");
  await register(page, "agent", subAgent);
  await register(page, "member", member);

  // Offer the downline agent a daily wage contract.
  await page.goto("/agentHome/daily-wages");
  const offer = page.getByRole("form", { name: t("agentContracts.offer.title") });
  await offer.getByLabel(t("agentContracts.offer.downline"), { exact: true }).selectOption({
    label: t("agentContracts.offer.candidate", { account: subAgent, rate: "30.00 %" }),
  });
  await offer.getByLabel(t("agentContracts.terms.minValidBet.DAILY"), { exact: true }).fill("50");
  await offer.getByLabel(`${t("agentContracts.terms.rate")} (%)`, { exact: true }).fill("1.25");
  await offer.getByRole("button", { name: t("agentContracts.offer.submit"), exact: true }).click();
  await expect(page).toHaveURL("/agentHome/daily-wages?done=offered");
  const granted = page.locator(`[data-testid="granted-row"][data-account="${subAgent}"]`);
  await expect(granted.getByTestId("granted-status")).toHaveText(
    t("agentContracts.status.offered"),
  );

  // The downline, signed in separately, accepts it.
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  try {
    const downline = await context.newPage();
    await agentLogin(downline, subAgent, NEW_PASSWORD);
    // The upline chose the password: the downline replaces it at its first sign-in.
    await changeForcedPassword(downline, `Own${NEW_PASSWORD}`);
    await expect(downline).toHaveURL("/agentHome");
    await downline
      .getByTestId("agent-menu")
      .getByRole("link", { name: new RegExp(t("agentCentre.menu.dailyWages")) })
      .first()
      .click();
    await expect(downline).toHaveURL("/agentHome/daily-wages");
    const request = downline.getByTestId("contract-request");
    await expect(request.getByTestId("term-rate")).toHaveText("1.25 %");
    await request
      .getByRole("button", { name: t("agentContracts.request.accept"), exact: true })
      .click();
    await expect(downline).toHaveURL("/agentHome/daily-wages?done=accepted");
    await expect(downline.getByTestId("my-contract").getByTestId("term-rate")).toHaveText("1.25 %");
  } finally {
    await context.close();
  }
  await page.goto("/agentHome/daily-wages");
  await expect(granted.getByTestId("granted-status")).toHaveText(t("agentContracts.status.active"));

  // Transfer to the downline agent.
  await page.goto("/agentHome/team");
  const row = page.locator(`[data-testid="team-row"][data-account="${subAgent}"]`);
  await row
    .getByRole("link", { name: t("agentTeam.team.transferTo", { account: subAgent }) })
    .click();
  const dialog = page.getByTestId("team-transfer-dialog");
  await dialog.getByLabel(t("agentTeam.transfer.amount"), { exact: true }).fill("40");
  await dialog.getByRole("button", { name: t("agentTeam.transfer.submit"), exact: true }).click();
  await expect(page.getByTestId("team-notice")).toHaveText(
    t("agentTeam.transfer.done", { amount: "Rs 40.00", account: subAgent }),
  );
  await expect(row.getByTestId("team-row-balance")).toHaveText("Rs 40.00");
  await expect(page.getByTestId("team-my-balance")).toHaveText("Rs 460.00");

  // Team betting filtered by date: the last 30 days hold both of the member's bets, the last 3 days one; the CSV holds that one.
  await placeBets(member);
  await page.goto("/agentHome/team-betting");
  const filter = page.getByTestId("records-filter");
  const today = await filter.getByLabel(t("records.filter.to"), { exact: true }).inputValue();
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const search = async (from: string) => {
    await filter.getByLabel(t("records.filter.from"), { exact: true }).fill(from);
    await filter.getByLabel(t("records.filter.to"), { exact: true }).fill(today);
    await filter.getByRole("button", { name: t("records.filter.apply"), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${today}`));
  };
  await search(day(-29));
  await expect.poll(() => numberIn(page.getByTestId("records-count"))).toBe(2);
  await search(day(-2));
  await expect.poll(() => numberIn(page.getByTestId("records-count"))).toBe(1);
  await expect(page.getByTestId("records-table").locator("tbody tr")).toContainText([member]);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("report-csv").click(),
  ]);
  const lines = (await readFile((await download.path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${member}"`);
});
