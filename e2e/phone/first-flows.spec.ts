import type { Locator, Page } from "@playwright/test";
import { agentLogin, expect, label, scrolledLane, test } from "../fixtures";
import { offScreen } from "./screen";
import { startDeposit } from "../wallet/deposit-steps";

/**
 * A visitor's, a member's and an agent's first steps on a phone (the
 * `phone-*` projects: touch, a mobile viewport, JavaScript on), by taps:
 * every dialog on the way fits the screen and closes with a tap on its close
 * control, and no page is wider than the screen.
 */

const PASSWORD = "Harbour-Lantern-72";

/** No wider than the screen, and an open dialog's close control on it, uncovered. */
async function fitsTheScreen(page: Page) {
  expect(await offScreen(page)).toEqual([]);
}

/** The dialog lies within the screen, and a tap on its close control closes it. */
async function tapClose(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await fitsTheScreen(page);
  // A tap, not a click: Playwright fails it when something else would receive it.
  await dialog.locator(".dialog-close").tap();
  await expect(dialog).toBeHidden();
}

test.describe("a visitor", () => {
  test.use({ dismissAnnouncements: false });

  test("closes the announcements, opens and closes the register dialog, signs in and launches a game", async ({
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await page.goto("/");
    await tapClose(page, page.getByTestId("announcement-popup"));

    await page.getByTestId("header-register").tap();
    await tapClose(page, page.getByTestId("register-dialog"));

    await page.getByTestId("header-login").tap();
    const login = page.getByTestId("login-dialog");
    await expect(login).toBeVisible();
    await fitsTheScreen(page);
    await login.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
    await login.getByLabel(label("en", "login.password"), { exact: true }).fill(PASSWORD);
    await login.getByRole("button", { name: label("en", "login.submit"), exact: true }).tap();
    await expect(page.getByTestId("member-menu")).toBeVisible();
    // A member's announcements open once more after signing in.
    await tapClose(page, page.getByTestId("announcement-popup"));

    const tile = (await scrolledLane(page, "RNG")).getByTestId("game-tile").first();
    await tile.getByRole("link", { name: new RegExp(`^${label("en", "game.playNow")}: `) }).tap();
    await expect(page.getByTestId("game-popup")).toBeVisible();
    await fitsTheScreen(page);
  });
});

test.describe("a member", () => {
  test("deposits through the pay step and opens the reward centre", async ({
    page,
    signIn,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);
    await startDeposit(page, "250");
    const step = page.getByTestId("pay-step");
    await expect(step).toBeVisible();
    await fitsTheScreen(page);
    await step.getByRole("button", { name: label("en", "deposit.pay.confirm"), exact: true }).tap();
    await expect(page).toHaveURL(/\/member\/deposit\?arrived=\d+$/);
    await fitsTheScreen(page);

    await page.goto("/member/rewards");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await fitsTheScreen(page);
  });
});

test.describe("an agent", () => {
  test("signs in and reads the team-betting report", async ({ page }) => {
    await agentLogin(page, "agent01", "Agent123");
    await expect(page).toHaveURL("/agentHome");
    await fitsTheScreen(page);
    await page.goto("/agentHome/team-betting");
    await expect(page.getByTestId("records-table")).toBeVisible();
    await fitsTheScreen(page);
  });
});
