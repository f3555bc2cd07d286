import type { Page } from "@playwright/test";
import pg from "pg";
import {
  agentLogin,
  changeForcedPassword,
  e2eDatabaseUrl,
  expect,
  label,
  login,
  logout,
  submitLogin,
  test,
  uniqueAccount,
} from "../fixtures";

/**
 * Register account and team management, with JavaScript on and off: a
 * fresh top agent of its own (the demo agents are shared by other specs)
 * registers a member and a sub-agent, finds them in its team, transfers to
 * the member, and both new accounts can sign in.
 */

const PASSWORD = "Agent1234";
const NEW_PASSWORD = "Lantern-Quay-58";

/** The agent's own rate (basis points), as the operator would set it for a top agent. */
async function setAgentRate(account: string, basisPoints: number) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl });
  await client.connect();
  try {
    await client.query("update members set agent_rate = $1 where account = $2", [
      basisPoints,
      account,
    ]);
  } finally {
    await client.end();
  }
}

async function register(page: Page, kind: "member" | "agent", account: string, rate?: string) {
  await page.goto("/agentHome/register");
  const form = page.getByTestId("team-register-form");
  await form
    .getByLabel(
      label(
        "en",
        kind === "agent" ? "agentTeam.register.kindAgent" : "agentTeam.register.kindMember",
      ),
      { exact: true },
    )
    .check();
  await form.getByLabel(label("en", "agentTeam.register.username"), { exact: true }).fill(account);
  await form
    .getByLabel(label("en", "agentTeam.register.password"), { exact: true })
    .fill(NEW_PASSWORD);
  await form
    .getByLabel(label("en", "agentTeam.register.confirmPassword"), { exact: true })
    .fill(NEW_PASSWORD);
  await form
    .getByLabel(label("en", "agentTeam.register.nickname"), { exact: true })
    .fill(`Nick ${kind}`);
  if (rate !== undefined)
    await form.getByLabel(label("en", "agentTeam.register.rate"), { exact: true }).fill(rate);
  await form
    .getByRole("button", { name: label("en", "agentTeam.register.submit"), exact: true })
    .click();
}

const row = (page: Page, account: string) =>
  page.locator(`[data-testid="team-row"][data-account="${account}"]`);

test("an agent registers a member and a sub-agent, sees them in the team, transfers to the member, and both sign in", async ({
  signIn,
  page,
  createMember,
  fundMember,
}) => {
  const agent = await createMember({ password: PASSWORD, type: 1 });
  await setAgentRate(agent.account, 5000);
  await fundMember(agent.account, 100_000);
  await signIn(agent.account, PASSWORD, { site: "agent" });
  await page.goto("/agentHome");
  await expect(page).toHaveURL("/agentHome");

  // A member under the agent.
  const member = uniqueAccount("dlm");
  await page.goto("/agentHome/register");
  await expect(page.getByTestId("register-own-rate")).toHaveText(
    label("en", "agentTeam.register.yourRate", { rate: "50.00 %" }),
  );
  await register(page, "member", member);
  await expect(page).toHaveURL(`/agentHome/team?registered=${member}`);
  await expect(page.getByTestId("team-notice")).toHaveText(
    label("en", "agentTeam.team.registered", { account: member }),
  );
  await expect(row(page, member)).toContainText(label("en", "agentTeam.team.typeMember"));

  // A sub-agent: a rate above the agent's own is refused, the typed values stay.
  const subAgent = uniqueAccount("dla");
  await register(page, "agent", subAgent, "50.01");
  await expect(page).toHaveURL("/agentHome/register");
  const form = page.getByTestId("team-register-form");
  await expect(
    form.getByText(label("en", "agentTeam.error.agent_rate_above_own", { rate: "50.00 %" })),
  ).toBeVisible();
  await expect(
    form.getByLabel(label("en", "agentTeam.register.username"), { exact: true }),
  ).toHaveValue(subAgent);
  await register(page, "agent", subAgent, "25.5");
  await expect(page).toHaveURL(`/agentHome/team?registered=${subAgent}`);
  await expect(row(page, subAgent)).toContainText(label("en", "agentTeam.team.typeAgent"));
  await expect(row(page, subAgent)).toContainText("25.50 %");

  // Search narrows the team (a GET form).
  const filter = page.getByTestId("team-filter");
  await filter.getByLabel(label("en", "agentTeam.team.search"), { exact: true }).fill(member);
  await filter
    .getByRole("button", { name: label("en", "agentTeam.team.apply"), exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`search=${member}`));
  await expect(page.getByTestId("team-row")).toHaveCount(1);
  await expect(page.getByTestId("team-csv")).toHaveAttribute(
    "href",
    new RegExp(`^/agentHome/team\\.csv\\?search=${member}`),
  );

  // Transfer to the member: a bad amount is refused in the dialog, a good one moves the money.
  await row(page, member)
    .getByRole("link", { name: label("en", "agentTeam.team.transferTo", { account: member }) })
    .click();
  const dialog = page.getByTestId("team-transfer-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("transfer-my-balance")).toHaveText("Rs 1,000.00");
  await dialog.getByLabel(label("en", "agentTeam.transfer.amount"), { exact: true }).fill("12.345");
  await dialog
    .getByRole("button", { name: label("en", "agentTeam.transfer.submit"), exact: true })
    .click();
  await expect(dialog.getByText(label("en", "walletError.amount_format"))).toBeVisible();
  await dialog.getByLabel(label("en", "agentTeam.transfer.amount"), { exact: true }).fill("12.50");
  await dialog
    .getByRole("button", { name: label("en", "agentTeam.transfer.submit"), exact: true })
    .click();
  await expect(page.getByTestId("team-notice")).toHaveText(
    label("en", "agentTeam.transfer.done", { amount: "Rs 12.50", account: member }),
  );
  await expect(dialog).toHaveCount(0);
  // Rs 12.50 sent, on top of the demo brand's Rs 50 registration bonus (welcome-gift), which a
  // member registered by an agent gets as a self-registered one does.
  await expect(row(page, member).getByTestId("team-row-balance")).toHaveText("Rs 62.50");
  await expect(page.getByTestId("team-my-balance")).toHaveText("Rs 987.50");

  // Both new accounts sign in: the member on the portal, the sub-agent at /agent. The agent
  // chose their passwords, so each must choose its own at the first sign-in.
  await page.getByTestId("agent-sign-out").click();
  await expect(page).toHaveURL("/agent");
  await submitLogin(page, member, NEW_PASSWORD);
  await expect(page.getByTestId("change-password-dialog")).toBeVisible();
  await expect(page.getByTestId("member-menu")).toHaveCount(0);
  const ownPassword = `Own${NEW_PASSWORD}`;
  await changeForcedPassword(page, ownPassword);
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("member-menu")).toBeVisible();
  await logout(page);
  // The agent's password no longer opens the account; the member's own does, with no change asked.
  await login(page, member, ownPassword);
  await expect(page.getByTestId("change-password-dialog")).toHaveCount(0);
  await logout(page);
  // So must the sub-agent.
  await agentLogin(page, subAgent, NEW_PASSWORD);
  await changeForcedPassword(page, ownPassword);
  await expect(page).toHaveURL("/agentHome");
  await page.goto("/agentHome/team");
  await expect(page.getByTestId("team-my-rate")).toHaveText("25.50 %");
  await expect(page.getByTestId("team-upline")).toContainText(agent.account);
});
