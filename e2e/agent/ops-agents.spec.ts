import type { Browser } from "@playwright/test";
import { expect, label, type SignIn, test } from "../fixtures";

/**
 * The back office's top agents, with JavaScript on and off: the
 * operator finds a fresh top agent, sets its own rate to 40 % and grants it
 * a daily wage contract from the house at 1.00 %; the agent, signed in at
 * /agent, then has the daily wages page in its menu, holding that contract.
 */

const PASSWORD = "Agent1234";
const t = (key: string, vars: Record<string, string | number> = {}) => label("en", key, vars);

/**
 * ops01 signed in (signIn: the back office's login form itself is used in
 * e2e/wallet/withdraw.spec.ts), in a browser context of its own with the
 * test's JavaScript setting, on /ops.
 */
async function operatorPage(
  browser: Browser,
  baseURL: string | undefined,
  javaScriptEnabled: boolean,
  signIn: SignIn,
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: "en-US" });
  const page = await context.newPage();
  await signIn("ops01", "Ops12345", { site: "ops", page });
  await page.goto("/ops");
  await expect(page).toHaveURL("/ops");
  return { context, page };
}

test("an operator sets a top agent's rate and grants it a daily wage contract, which the agent then holds", async ({
  signIn,
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  createMember,
}) => {
  const agent = await createMember({ password: PASSWORD, type: 1 });
  const ops = await operatorPage(browser, baseURL, javaScriptEnabled, signIn);
  try {
    const opsPage = ops.page;
    await opsPage.getByTestId("ops-nav-agents").click();
    await expect(opsPage).toHaveURL("/ops/agents");
    await expect(opsPage.getByRole("heading", { level: 1 })).toHaveText(t("opsAgents.title"));

    // Find the fresh agent by its account.
    await opsPage.getByLabel(t("opsAgents.list.search"), { exact: true }).fill(agent.account);
    await opsPage.getByRole("button", { name: t("opsAgents.list.submit"), exact: true }).click();
    await expect(opsPage.getByTestId("ops-agents-total")).toHaveText(
      t("opsAgents.list.total", { count: 1 }),
    );
    const row = opsPage.getByTestId(`ops-agent-${agent.account}`);
    await expect(row.getByTestId("ops-agent-rate")).toHaveText("—");
    await row.getByTestId("ops-agent-manage").click();
    const panel = opsPage.getByTestId("ops-agent-manage-panel");
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText(
      t("opsAgents.manage.title", { account: agent.account }),
    );

    // A rate with three decimals is refused and stays typed.
    const rate = panel.getByLabel(t("opsAgents.rate.label"), { exact: true });
    await rate.fill("40.005");
    await panel.getByTestId("ops-agent-rate-submit").click();
    await expect(opsPage.getByLabel(t("opsAgents.rate.label"), { exact: true })).toHaveValue(
      "40.005",
    );
    await expect(opsPage.getByText(t("opsAgents.error.rate_format"))).toBeVisible();
    await opsPage.getByLabel(t("opsAgents.rate.label"), { exact: true }).fill("40");
    await opsPage.getByTestId("ops-agent-rate-submit").click();
    await expect(opsPage.getByTestId("ops-agents-done")).toHaveText(
      t("opsAgents.done.rate", { account: agent.account }),
    );
    await expect(opsPage.getByTestId("ops-agent-current-rate")).toHaveText(
      t("opsAgents.rate.current", { rate: "40.00 %" }),
    );

    // A daily wage contract from the house at 1.00 %.
    await opsPage.getByTestId("ops-grant-kind-DAILY").click();
    const form = opsPage.getByTestId("ops-grant-form-DAILY");
    await form.getByLabel(`${t("agentContracts.terms.rate")} (%)`, { exact: true }).fill("1.00");
    await form.getByTestId("ops-grant-submit").click();
    await expect(opsPage.getByTestId("ops-agents-done")).toHaveText(
      t("opsAgents.done.granted", { account: agent.account }),
    );
    await expect(opsPage.getByTestId("ops-house-contract-DAILY")).toContainText("1.00 %");
  } finally {
    await ops.context.close();
  }

  // The agent, signed in.
  await signIn(agent.account, PASSWORD, { site: "agent" });
  await page.goto("/agentHome");
  await expect(page).toHaveURL("/agentHome");
  const item = page.getByTestId("agent-menu").locator('[data-menu-key="dailyWages"]');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(t("agentCentre.menu.dailyWages"));
  await page.goto("/agentHome/daily-wages");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("agentContracts.title.DAILY"));
  const mine = page.getByTestId("my-contract");
  await expect(mine.getByTestId("term-rate")).toHaveText("1.00 %");
  await expect(mine).toContainText(t("agentContracts.mine.house"));
});
