import { DEMO_STAFF_PASSWORD } from "~/platform/seed/staff.server";
import { expect, label, test } from "../fixtures";

/**
 * Finding a player and reading the player page, with JavaScript on and off:
 * support finds player01 by the mobile number a caller gives, and reads the
 * profile and balances, the ledger and the sign-ins, each a tab in the URL;
 * the same page in Urdu reads right to left.
 */
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

  test("finance reads the player page too; staff are never found as players", async ({
    signIn,
    page,
  }) => {
    await signIn("finance01", DEMO_STAFF_PASSWORD, { site: "ops" });
    await page.goto("/ops/players?q=ops01");
    await expect(page.getByTestId("ops-players-none")).toBeVisible();
  });
});
