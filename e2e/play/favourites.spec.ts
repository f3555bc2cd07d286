import type { Locator, Page } from "@playwright/test";
import { expect, label, scrolledLane, test, waitForHydrated } from "../fixtures";

/**
 * Favourites and /recent, with JavaScript on and off: the heart on a
 * lobby tile, the FAV tab, /favorite, and the games the member launched.
 */

const PASSWORD = "Favour1234";

const firstSlot = async (page: Page) =>
  (await scrolledLane(page, "RNG")).getByTestId("game-tile").first();
const heart = (tile: Locator) => tile.getByTestId("favourite-toggle");
const tileOf = (scope: Locator, nodeId: string) =>
  scope.locator(`[data-testid="game-tile"][data-node-id="${nodeId}"]`);

/** The server allows one toggle a second: the next one waits that long. */
const aSecond = (page: Page) => page.waitForTimeout(1_100);

test.describe("favourites", () => {
  test("a member hearts a tile in the lobby, finds it in FAV and on /favorite, and removes it there", async ({
    signIn,
    page,
    createMember,
    javaScriptEnabled,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);
    await page.goto("/");

    const tile = await firstSlot(page);
    const nodeId = (await tile.getAttribute("data-node-id"))!;
    const name = (await tile.locator(".game-name").textContent())!;
    const toggle = heart(tile);
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(toggle).toHaveAccessibleName(label("en", "favourites.add", { name }));
    if (javaScriptEnabled) {
      await waitForHydrated(toggle);
      await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    }
    await toggle.click();

    const saved = heart(tileOf(await scrolledLane(page, "RNG"), nodeId));
    await expect(saved).toHaveAttribute("aria-pressed", "true");
    // With JavaScript the heart turns at once; the server's answer ends its busy state.
    await expect(saved).toHaveAttribute("aria-busy", "false");
    await expect(saved).toHaveAccessibleName(label("en", "favourites.remove", { name }));
    await expect(page).toHaveURL("/");
    // With JavaScript the page stayed as it was (a fetcher, no reload).
    if (javaScriptEnabled)
      expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);

    // The FAV tab shows the member's favourites.
    await page.locator('nav.lobby-tabs a[data-tab="FAV"]').click();
    await expect(page).toHaveURL("/?tab=FAV");
    const favSection = page.getByTestId("section-FAV");
    await expect(favSection.getByRole("heading", { level: 2 })).toHaveText(
      label("en", "favourites.title"),
    );
    await expect(favSection.getByTestId("game-tile")).toHaveCount(1);
    await expect(heart(tileOf(favSection, nodeId))).toHaveAttribute("aria-pressed", "true");

    // So does /favorite; removing it there empties the list.
    await page.goto("/favorite");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "favourites.title"),
    );
    const listed = tileOf(page.getByTestId("account-games-favorite"), nodeId);
    await expect(listed).toBeVisible();
    await aSecond(page);
    await heart(listed).click();
    await expect(page).toHaveURL("/favorite");
    await expect(page.getByTestId("game-tile")).toHaveCount(0);
    await expect(page.getByText(label("en", "favourites.empty"))).toBeVisible();

    await page.goto("/?tab=FAV");
    await expect(page.getByTestId("section-FAV").getByTestId("game-tile")).toHaveCount(0);
    await expect(
      page.getByTestId("section-FAV").getByText(label("en", "favourites.empty")),
    ).toBeVisible();
    // Back in the lobby the heart is off again.
    await page.goto("/");
    await expect(heart(tileOf(await scrolledLane(page, "RNG"), nodeId))).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  test("a visitor's heart opens the login dialog", async ({ page }) => {
    await page.goto("/?tab=RNG");
    const tile = await firstSlot(page);
    const name = (await tile.locator(".game-name").textContent())!;
    await tile
      .getByRole("link", { name: label("en", "game.addFavourite", { name }), exact: true })
      .click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/?tab=RNG")}`);
    await expect(page.getByTestId("login-dialog")).toBeVisible();
  });
});

test.describe("recent games", () => {
  test("/recent shows a game after the member launched it with Play now", async ({
    signIn,
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);
    await page.goto("/recent");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "favourites.recentTitle"),
    );
    await expect(page.getByText(label("en", "favourites.recentEmpty"))).toBeVisible();

    await page.goto("/");
    const tile = await firstSlot(page);
    const nodeId = (await tile.getAttribute("data-node-id"))!;
    await tile.getByRole("link", { name: new RegExp(`^${label("en", "game.playNow")}: `) }).click();
    await expect(page).toHaveURL(`/seamless?nodeId=${nodeId}`);
    await expect(page.getByTestId("game-popup")).toBeVisible();

    await page.goto("/recent");
    const recent = page.getByTestId("account-games-recent");
    await expect(recent.getByTestId("game-tile")).toHaveCount(1);
    await expect(tileOf(recent, nodeId)).toBeVisible();
  });
});
