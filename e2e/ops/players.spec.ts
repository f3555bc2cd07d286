import type { Page } from "@playwright/test";
import { DEMO_STAFF_PASSWORD } from "~/platform/seed/staff.server";
import { expect, label, test } from "../fixtures";

/**
 * Finding a player and reading the player page, with JavaScript on and off:
 * support finds player01 by the mobile number a caller gives, and reads the
 * profile and balances, the ledger and the sign-ins, each a tab in the URL;
 * a member's bets (filtered, each round's details) and bonuses; its
 * protection, messages and place in the agent tree; the same page in Urdu
 * reads right to left.
 */

/** The player page of `account`, found by the search. */
async function openPlayer(page: Page, account: string) {
  await page.goto(`/ops/players?q=${account}`);
  await page.getByTestId("ops-player-result").getByRole("link", { name: account }).click();
  await expect(page).toHaveURL(/\/ops\/players\/\d+$/);
}

test.describe("the player page", () => {
  test("support finds a member by phone and reads the profile, the ledger and the sign-ins", async ({
    signIn,
    page,
  }) => {
    await signIn("support01", DEMO_STAFF_PASSWORD, { site: "ops" });
    await page.goto("/ops/support");
    await page.getByTestId("ops-nav-players").click();
    await expect(page).toHaveURL("/ops/players");

    const search = page.getByTestId("ops-player-search");
    await search
      .getByLabel(label("en", "opsPlayers.search.label"), { exact: true })
      .fill("+92 300 1234567");
    await search.getByRole("button", { name: label("en", "opsPlayers.search.submit") }).click();
    await expect(page).toHaveURL(/\/ops\/players\?q=/);
    const result = page.getByTestId("ops-player-result");
    await expect(result).toHaveCount(1);
    await expect(result.getByTestId("ops-player-matched")).toHaveText(
      label("en", "opsPlayers.matches.mobile"),
    );
    await result.getByRole("link", { name: "player01" }).click();

    await expect(page).toHaveURL(/\/ops\/players\/\d+$/);
    const playerUrl = page.url();
    await expect(page.getByTestId("ops-player-account")).toHaveText(
      label("en", "opsPlayers.playerTitle", { account: "player01" }),
    );
    await expect(page.getByTestId("ops-player-mobile")).toContainText("3001234567");
    await expect(
      page.getByTestId("ops-player-balances").locator('[data-wallet="MAIN"]'),
    ).toBeVisible();

    await page.getByTestId("ops-player-tab-ledger").click();
    await expect(page).toHaveURL(/tab=ledger/);
    await expect(page.getByTestId("ops-player-tab-ledger")).toHaveAttribute("aria-current", "page");
    // The demo's money moved when the server seeded it: the last 30 days hold it.
    await page.getByRole("link", { name: label("en", "records.filter.last30") }).click();
    await expect(page).toHaveURL(/tab=ledger.*from=/);
    const ledger = page.getByTestId("records-table");
    await expect(ledger.locator("tbody tr").first()).toBeVisible();
    await expect(ledger.locator("thead")).toContainText(label("en", "opsPlayers.ledger.entry"));

    // Money in and out: the withdrawal the demo asked for, its payee masked.
    await page.getByTestId("ops-player-tab-payments").click();
    await expect(page).toHaveURL(/tab=payments/);
    await expect(page.getByTestId("ops-player-withdrawal").first()).toBeVisible();
    await expect(page.getByTestId("ops-player-payees")).toContainText("•••• 5566");

    await page.getByTestId("ops-player-tab-sign-ins").click();
    await expect(page).toHaveURL(/tab=sign-ins/);
    await expect(
      page.getByTestId("ops-player-sign-ins").or(page.getByTestId("ops-player-sign-ins-none")),
    ).toBeVisible();

    await page.getByTestId("ops-player-tab-linked").click();
    await expect(page).toHaveURL(/tab=linked/);
    await expect(
      page.getByTestId("ops-player-linked").or(page.getByTestId("ops-player-linked-none")),
    ).toBeVisible();

    // The same page in Urdu, right to left.
    await page.goto(`${playerUrl}?lng=ur`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("ops-player-tab-profile")).toHaveText(
      label("ur", "opsPlayers.tabs.profile"),
    );
  });

  test("support reads a member's bets by vendor and game with each round's details, and its bonuses", async ({
    signIn,
    page,
  }) => {
    await signIn("support01", DEMO_STAFF_PASSWORD, { site: "ops" });
    const open = (account: string) => openPlayer(page, account);

    // The demo's seeded plays: player01 bet on a few vendors' slots this week.
    await open("player01");
    await page.getByTestId("ops-player-tab-bets").click();
    await expect(page).toHaveURL(/tab=bets/);
    await expect(page.getByTestId("ops-player-tab-bets")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("bet-record").first()).toBeVisible();

    const filter = page.getByTestId("records-filter");
    const search = filter.getByRole("button", { name: label("en", "records.filter.apply") });
    const vendor = filter.getByLabel(label("en", "records.filter.vendor"), { exact: true });
    const vendorCode = await vendor.locator("option").nth(1).getAttribute("value");
    await vendor.selectOption(vendorCode!);
    await search.click();
    await expect(page).toHaveURL(new RegExp(`tab=bets.*vendor=${vendorCode}`));
    const game = filter.getByLabel(label("en", "records.columns.game"), { exact: true });
    const gameOption = game.locator("option").nth(1);
    const gameName = (await gameOption.textContent())!.replace(/ \(.*\)$/, "");
    await game.selectOption((await gameOption.getAttribute("value"))!);
    await search.click();
    await expect(page).toHaveURL(/vendor=.*game=/);
    const bets = page.getByTestId("bet-record");
    await expect(bets.first()).toBeVisible();
    for (const row of await bets.all()) await expect(row).toContainText(gameName);

    // The round's details open under its id, with or without JavaScript. The row is pinned by
    // its bet's id: other tests' spins may add rows above it while the page revalidates.
    const betId = await bets.first().getAttribute("data-bet-id");
    const round = page
      .locator(`[data-testid="bet-record"][data-bet-id="${betId}"]`)
      .getByTestId("ops-player-bet-round");
    await expect(round.getByText(label("en", "opsPlayers.bets.settled"))).toBeHidden();
    await round.locator("summary").click();
    await expect(round.getByText(label("en", "opsPlayers.bets.settled"))).toBeVisible();
    // What the provider sent (the seed's plays say they were seeded), or a demo round's outcome.
    await expect(round.getByTestId("ops-player-bet-detail")).toContainText(/^\{/);

    // promo03 claimed the welcome match and is wagering it.
    await open("promo03");
    await page.getByTestId("ops-player-tab-bonuses").click();
    await expect(page).toHaveURL(/tab=bonuses/);
    await expect(page.getByTestId("ops-player-bonus-balance")).not.toHaveText(/^\D*0(\.0+)?$/);
    await expect(
      page.locator('[data-testid="ops-player-grant"][data-status="wagering"]'),
    ).toHaveCount(1);
    await expect(page.getByTestId("ops-player-grants").getByRole("progressbar")).toBeVisible();
    await expect(
      page.locator('[data-testid="ops-player-entry"][data-state="process"]'),
    ).toHaveCount(1);

    // In Urdu, right to left.
    await page.goto(`${page.url()}&lng=ur`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("ops-player-tab-bonuses")).toHaveText(
      label("ur", "opsPlayers.tabs.bonuses"),
    );
  });

  test("support reads a member's protection and messages, and an agent tree up and down", async ({
    signIn,
    page,
  }) => {
    await signIn("support01", DEMO_STAFF_PASSWORD, { site: "ops" });
    await openPlayer(page, "player01");
    await page.getByTestId("ops-player-tab-protection").click();
    await expect(page).toHaveURL(/tab=protection/);
    await expect(page.getByTestId("ops-player-tab-protection")).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(
      page.getByTestId("ops-player-limits").or(page.getByTestId("ops-player-limits-none")),
    ).toBeVisible();
    await expect(page.getByTestId("ops-player-reality")).toContainText(
      label("en", "protectionOps.reality.interval"),
    );
    await expect(page.getByTestId("ops-player-age-status")).not.toBeEmpty();

    // The seed's deposits told player01 so, and it read them.
    await page.getByTestId("ops-player-tab-messages").click();
    await expect(page).toHaveURL(/tab=messages/);
    const arrived = page.locator('[data-testid="ops-player-message"][data-kind="deposit_arrived"]');
    await expect(arrived.first()).toContainText(label("en", "opsPlayers.messages.isRead"));
    await expect(
      page.getByTestId("ops-player-support").or(page.getByTestId("ops-player-support-none")),
    ).toBeVisible();
    // Support reads feedback too.
    await expect(
      page.getByTestId("ops-player-feedback").or(page.getByTestId("ops-player-feedback-none")),
    ).toBeVisible();

    // crew02 sits under agent02, under the top agent agent01.
    await openPlayer(page, "crew02");
    await page.getByTestId("ops-player-tab-agency").click();
    await expect(page).toHaveURL(/tab=agency/);
    const upline = page.getByTestId("ops-player-upline-agent");
    await expect(upline).toHaveCount(2);
    await expect(upline.nth(0)).toHaveAttribute("data-account", "agent02");
    await expect(upline.nth(1)).toHaveAttribute("data-account", "agent01");
    await expect(page.getByTestId("ops-player-downline-none")).toBeVisible();
    await upline.nth(1).getByRole("link", { name: "agent01" }).click();
    await expect(page).toHaveURL(/\/ops\/players\/\d+$/);
    await expect(page.getByTestId("ops-player-account")).toHaveText(
      label("en", "opsPlayers.playerTitle", { account: "agent01" }),
    );
    await page.getByTestId("ops-player-tab-agency").click();
    await expect(page.getByTestId("ops-player-upline-none")).toBeVisible();
    await expect(
      page.locator('[data-testid="ops-player-downline-row"][data-account="agent02"]'),
    ).toBeVisible();
    await expect(page.getByTestId("ops-player-downline-count")).not.toBeEmpty();

    // In Urdu, right to left.
    await page.goto(`${page.url()}&lng=ur`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("ops-player-tab-agency")).toHaveText(
      label("ur", "opsPlayers.tabs.agency"),
    );
  });

  test("finance reads the player page too; staff are never found as players", async ({
    signIn,
    page,
  }) => {
    await signIn("finance01", DEMO_STAFF_PASSWORD, { site: "ops" });
    await page.goto("/ops/players?q=ops01");
    await expect(page.getByTestId("ops-players-none")).toBeVisible();
  });
});
