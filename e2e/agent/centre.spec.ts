import { expect, label, test } from "../fixtures";

/**
 * The agent centre's shell and overview pages: the menu the seed's
 * contracts open, the team overview with its server-drawn chart and date
 * presets, announcements, platform messages, and the header clock. Read-only
 * for the demo accounts, so js and nojs runs never disturb each other.
 */

const menuLabel = (key: string) => label("en", `agentCentre.menu.${key}`);

test.describe("agent centre", () => {
  test.beforeEach(async ({ signIn, page }) => {
    await signIn("agent01", "Agent123", { site: "agent" });
    await page.goto("/agentHome");
    await expect(page).toHaveURL("/agentHome");
  });

  test("the menu shows every menu item agent01's contracts open, the overview marked current", async ({
    page,
  }) => {
    const menu = page.getByRole("navigation", { name: label("en", "agentCentre.menu.title") });
    for (const key of [
      "deposit",
      "withdraw",
      "announcements",
      "overview",
      "register",
      "team",
      "teamBetting",
      "lossStatements",
      "income",
      "transactions",
      "dividends",
      "dailyWages",
      "hourlySalary",
      "realtimeSalary",
      "messages",
      "security",
      "customerService",
    ]) {
      await expect(menu.getByRole("link", { name: menuLabel(key), exact: true })).toBeVisible();
    }
    await expect(
      menu.getByRole("link", { name: menuLabel("overview"), exact: true }),
    ).toHaveAttribute("aria-current", "page");
    await expect(
      menu.getByRole("link", { name: menuLabel("hourlySalary"), exact: true }),
    ).toHaveAttribute("href", "/agentHome/hourly-salary");
    await expect(
      menu.getByRole("link", { name: menuLabel("deposit"), exact: true }),
    ).toHaveAttribute("href", "/member/deposit");
  });

  test("the overview shows the account, the team's figures and the SVG chart; a preset changes the period", async ({
    page,
  }) => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "agentCentre.overview.title"),
    );
    await expect(page.getByTestId("overview-agent-rate")).toHaveText("50.00 %");
    expect(
      Number(await page.getByTestId("overview-team-size").textContent()),
    ).toBeGreaterThanOrEqual(7);
    expect(Number(await page.getByTestId("overview-bet-count").textContent())).toBeGreaterThan(0);
    await expect(page.getByTestId("overview-valid-bet")).toContainText("Rs");
    // Every label interpolated: no "{{…}}" left on the page.
    await expect(page.locator("main")).not.toContainText("{{");
    const chart = page.getByRole("img", { name: /Team valid bet and profit\/loss per day/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator("rect")).toHaveCount(7);
    await expect(page.getByTestId("overview-days").locator("tbody tr")).toHaveCount(7);

    await page
      .getByRole("navigation", { name: label("en", "records.filter.presets") })
      .getByRole("link", { name: label("en", "records.filter.last30") })
      .click();
    await expect(page).toHaveURL(/\/agentHome\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByTestId("overview-days").locator("tbody tr")).toHaveCount(30);
    await expect(page.getByTestId("team-chart").locator("rect")).toHaveCount(30);
  });

  test("announcements and platform messages open from the menu", async ({ page }) => {
    const menu = page.getByRole("navigation", { name: label("en", "agentCentre.menu.title") });
    await menu.getByRole("link", { name: menuLabel("announcements"), exact: true }).click();
    await expect(page).toHaveURL("/agentHome/announcements");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "agentCentre.announcements.title"),
    );
    const first = page.getByTestId("announcement-list").locator("details").first();
    await first.locator("summary").click();
    await expect(first.locator(".rich-text")).toBeVisible();
    await expect(first.locator("time")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(
      menu.getByRole("link", { name: menuLabel("announcements"), exact: true }),
    ).toHaveAttribute("aria-current", "page");

    await menu.getByRole("link", { name: menuLabel("messages"), exact: true }).click();
    await expect(page).toHaveURL("/agentHome/messages");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "agentCentre.messages.title"),
    );
  });

  test("the security centre opens from the menu: the agent's password, authenticator and sessions", async ({
    page,
  }) => {
    const menu = page.getByRole("navigation", { name: label("en", "agentCentre.menu.title") });
    await menu.getByRole("link", { name: menuLabel("security"), exact: true }).click();
    await expect(page).toHaveURL("/member/security");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("en", "security.title"));
    await expect(page.getByTestId("authenticator-start")).toBeVisible();
    await expect(
      page.getByRole("heading", { name: label("en", "accountSafety.sessions.title") }),
    ).toBeVisible();
  });

  test("the header clock shows the time, and ticks once JavaScript runs", async ({
    page,
    javaScriptEnabled,
  }) => {
    const clock = page.getByTestId("agent-clock");
    await expect(clock).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    if (!javaScriptEnabled) return;
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first!, { timeout: 2_500 });
  });

  test("on a narrow screen the menu is a disclosure that opens without JavaScript", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const menu = page.getByRole("navigation", { name: label("en", "agentCentre.menu.title") });
    const team = menu.getByRole("link", { name: menuLabel("team"), exact: true });
    await expect(team).toBeHidden();
    await menu.getByText(label("en", "agentCentre.menu.toggle"), { exact: true }).click();
    await expect(team).toBeVisible();
    await team.click();
    await expect(page).toHaveURL("/agentHome/team");
  });
});
