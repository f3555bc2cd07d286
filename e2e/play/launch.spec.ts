import type { Locator, Page } from "@playwright/test";
import {
  expect,
  focusIsInside,
  label,
  numberIn,
  scrolledLane,
  test,
  waitForHydration,
} from "../fixtures";

/**
 * Game launch from the lobby, with JavaScript on and off: the login
 * dialog for a visitor, the real-account dialog for a trial account (free
 * trial still plays), the vendor game list popup, the game popup, and the
 * live tables and PVP rooms.
 */

const PASSWORD = "Launch1234";

const playNow = (tile: Locator) =>
  tile.getByRole("link", { name: new RegExp(`^${label("en", "game.playNow")}: `) });
const freeTrial = (tile: Locator) =>
  tile.getByRole("link", { name: new RegExp(`^${label("en", "game.freeTrial")}: `) });

/** The game popup: its own page (no side menu) framing the provider's game. */
async function expectGamePopup(page: Page, nodeId: string, mode: "real" | "demo" = "real") {
  await expect(page).toHaveURL(`/seamless?nodeId=${nodeId}${mode === "demo" ? "&mode=demo" : ""}`);
  const popup = page.getByTestId("game-popup");
  await expect(popup).toBeVisible();
  const frame = popup.locator("iframe.game-frame");
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute("src", /\/demo-games\/[\w-]+$/);
  await expect(page.locator("#side-menu")).toHaveCount(0);
  const freeTrialBadge = popup.getByText(label("en", "play.freeTrialMode"), { exact: true });
  await expect(freeTrialBadge).toHaveCount(mode === "demo" ? 1 : 0);
  return popup;
}

/** Signs in with the free-play button of the login dialog (a fresh trial account); ends on /. */
async function freePlay(page: Page) {
  await page.goto("/login");
  await page
    .getByTestId("login-dialog")
    .getByRole("button", { name: label("en", "login.freePlay"), exact: true })
    .click();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("member-menu")).toBeVisible();
}

const firstSlot = async (page: Page) =>
  (await scrolledLane(page, "RNG")).getByTestId("game-tile").first();

test.describe("launching a game", () => {
  test("a visitor's Play now opens the login dialog, and logging in lands in the game popup", async ({
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await page.goto("/");
    const tile = await firstSlot(page);
    const nodeId = (await tile.getAttribute("data-node-id"))!;
    await playNow(tile).click();

    const launch = `/seamless?nodeId=${nodeId}`;
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(launch)}`);
    const dialog = page.getByTestId("login-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
    await dialog.getByLabel(label("en", "login.password"), { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: label("en", "login.submit"), exact: true }).click();

    const popup = await expectGamePopup(page, nodeId);
    await expect(popup.getByRole("heading", { level: 1 })).not.toBeEmpty();
    // Closing the game does not go back to the login dialog it came through.
    await popup.getByRole("link", { name: label("en", "play.closeGame"), exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("member-menu")).toBeVisible();
  });

  test("a trial account's Play now shows the real-account dialog; its Free trial opens the game in free trial mode", async ({
    page,
  }) => {
    await freePlay(page);
    const tile = await firstSlot(page);
    const nodeId = (await tile.getAttribute("data-node-id"))!;
    await playNow(tile).click();

    await expect(page).toHaveURL("/?modal=real-account");
    const notice = page.getByTestId("real-account-dialog");
    await expect(
      notice.getByRole("heading", { name: label("en", "realAccount.title") }),
    ).toBeVisible();
    await expect(page.getByTestId("game-popup")).toHaveCount(0);
    await notice
      .getByRole("link", { name: label("en", "realAccount.confirm"), exact: true })
      .click();
    await expect(notice).toHaveCount(0);
    await expect(page).toHaveURL("/");

    await freeTrial(await firstSlot(page)).click();
    await expectGamePopup(page, nodeId, "demo");
  });

  test("a member's LIVE vendor tile opens its game list popup; a game there opens the game popup", async ({
    signIn,
    page,
    createMember,
    javaScriptEnabled,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);
    await page.goto("/?tab=LIVE");
    const vendorTile = page.getByTestId("section-LIVE").getByTestId("vendor-tile").first();
    const vassalage = (await vendorTile.getAttribute("data-vassalage"))!;
    const vendorName = (await vendorTile.locator(".vendor-name").textContent())!.trim();
    await vendorTile.getByRole("link").click();

    const here = `/?tab=LIVE&vendorGames=${vassalage}&vendorCategory=LIVE&modal=vendor-games`;
    await expect(page).toHaveURL(here);
    const dialog = page.getByTestId("vendor-games-dialog");
    await expect(
      dialog.getByRole("heading", {
        name: label("en", "vendorGames.title", { vendor: vendorName }),
      }),
    ).toBeVisible();
    const games = dialog.getByTestId("vendor-game");
    await expect(games.first()).toBeVisible();
    expect(await games.count()).toBeGreaterThan(1);

    if (javaScriptEnabled) {
      // Focus is kept inside (a modal dialog once JavaScript runs) and Escape closes it; the tile opens it again.
      await expect
        .poll(() => focusIsInside(page, '[data-testid="vendor-games-dialog"]'))
        .toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL("/?tab=LIVE");
      await vendorTile.getByRole("link").click();
      await expect(page).toHaveURL(here);
      await expect(games.first()).toBeVisible();
    }

    const game = games.nth(1);
    const nodeId = (await game.getAttribute("data-node-id"))!;
    await game.getByRole("link").click();
    const popup = await expectGamePopup(page, nodeId);

    // Closing the game goes back to the game list; its close link closes it.
    await popup.getByRole("link", { name: label("en", "play.closeGame"), exact: true }).click();
    await expect(page).toHaveURL(here);
    await dialog.getByRole("link", { name: label("en", "dialog.close"), exact: true }).click();
    await expect(page).toHaveURL("/?tab=LIVE");
    await expect(dialog).toHaveCount(0);
  });

  test("a sports vendor tile launches its game; an RNG vendor tile filters /rng", async ({
    signIn,
    page,
    createMember,
    javaScriptEnabled,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);
    await page.goto("/sports");
    const vendorTile = page.getByTestId("vendor-tile").first();
    const vassalage = (await vendorTile.getAttribute("data-vassalage"))!;
    await expect(vendorTile.getByRole("link")).toHaveAttribute(
      "href",
      `/seamless?category=SPORTS&vassalage=${vassalage}`,
    );
    await vendorTile.getByRole("link").click();
    await expect(page).toHaveURL(/\/seamless\?category=SPORTS&vassalage=/);
    await expect(page.getByTestId("game-popup").locator("iframe.game-frame")).toBeVisible();

    await page.goto("/?tab=RNG");
    // The RNG section shows a game grid; its vendors sit in the header's drop-down, which is
    // built when a pointer reaches the category. Until then (and without JavaScript) the
    // category is a link to its page, which lists the same vendors.
    const menu = page.getByRole("navigation", { name: label("en", "header.menu"), exact: true });
    const slots = menu.getByRole("link", { name: label("en", "category.RNG"), exact: true });
    await expect(slots).toHaveAttribute("href", "/rng");
    await expect(page.getByTestId("dropdown-RNG")).toHaveCount(0);
    if (!javaScriptEnabled) {
      await slots.click();
      await expect(page).toHaveURL("/rng");
      const providers = page.getByRole("navigation", {
        name: label("en", "lobby.vendorsOf", { category: label("en", "category.RNG") }),
        exact: true,
      });
      await expect(providers.locator("a[href^='/rng?vassalage=']").first()).toBeVisible();
      return;
    }
    await waitForHydration(page);
    await slots.hover();
    const dropdown = page.getByTestId("dropdown-RNG");
    await expect(dropdown).toBeVisible();
    await expect(dropdown.locator("a").first()).toHaveAttribute(
      "href",
      /^\/rng\?vassalage=[A-Z0-9_]+$/,
    );
    await menu.getByRole("link", { name: label("en", "category.LIVE"), exact: true }).hover();
    await expect(page.getByTestId("dropdown-LIVE").locator("a").first()).toHaveAttribute(
      "href",
      /^\/seamless\?category=LIVE&vassalage=/,
    );
  });
});

test.describe("live tables and PVP rooms", () => {
  test("/live lists tables with limits and players, filtered by vendor; playing a table counts as a player", async ({
    signIn,
    page,
    createMember,
  }) => {
    await page.goto("/live");
    const tables = page.getByTestId("table-entry");
    await expect(tables).toHaveCount(24);
    const first = tables.first();
    await expect(first.getByTestId("table-limits")).toContainText("Rs");
    await expect(
      first.getByRole("link", { name: new RegExp(`^${label("en", "tables.playTable")}: `) }),
    ).toHaveAttribute("href", /^\/seamless\?nodeId=\d+$/);

    await page.locator('nav.sub-menu a[data-vassalage="EVO"]').click();
    await expect(page).toHaveURL("/live?vassalage=EVO");
    await expect(tables).toHaveCount(8);
    await expect(tables.getByTestId("table-vendor").filter({ hasNotText: "EVO Live" })).toHaveCount(
      0,
    );

    // A member plays the last EVO table: it has a player now.
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);
    await page.goto("/live?vassalage=EVO");
    const table = tables.last();
    const nodeId = (await table.getAttribute("data-node-id"))!;
    await table
      .getByRole("link", { name: new RegExp(`^${label("en", "tables.playTable")}: `) })
      .click();
    await expectGamePopup(page, nodeId);
    await page.goto("/live?vassalage=EVO");
    expect(
      await numberIn(page.locator(`[data-node-id="${nodeId}"]`).getByTestId("table-players")),
    ).toBeGreaterThanOrEqual(1);
  });

  test("/pvp lists rooms by tier, paged", async ({ page }) => {
    await page.goto("/pvp");
    const rooms = page.getByTestId("table-entry");
    await expect(rooms).toHaveCount(24);
    await expect(
      rooms.first().getByRole("link", { name: new RegExp(`^${label("en", "tables.joinRoom")}: `) }),
    ).toBeVisible();
    await expect(rooms.first().locator(".table-tier")).not.toBeEmpty();
    await page
      .locator("nav.pager")
      .getByRole("link", { name: label("en", "pager.page", { page: 3 }), exact: true })
      .click();
    await expect(page).toHaveURL("/pvp?page=3");
    await expect(rooms).toHaveCount(12);
  });
});
