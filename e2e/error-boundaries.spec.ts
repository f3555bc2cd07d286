import type { Page } from "@playwright/test";
import { agentLogin, expect, label, login, test } from "./fixtures";

/**
 * A thrown 404 renders inside the nearest layout (every page exports the
 * portal's GeneralErrorBoundary): the portal header with the member's menu,
 * the side menu, the member or agent centre's menu, and `<html lang dir>` in
 * the page's language. Runs with JavaScript on and off (projects js / nojs).
 */

const PLAYER = { account: "player01", password: "Player123" };

/** What GeneralErrorBoundary renders. */
const errorPage = (page: Page) => page.locator('.error-page[role="alert"]');

/** The 404 text in `lng`, as the page's error boundary renders it. */
async function expectNotFound(page: Page, lng = "en") {
  const alert = errorPage(page);
  await expect(alert.getByRole("heading", { level: 1 })).toHaveText(
    label(lng, "error.notFoundTitle"),
  );
  await expect(alert).toContainText(label(lng, "error.notFound"));
  // Never an empty <title>: the layout's or the brand's stands in for the page's.
  await expect(page).toHaveTitle(/\S/);
}

/** The portal's chrome for a signed-in member: header with its actions and avatar menu, side menu, footer. */
async function expectPortalChrome(page: Page) {
  await expect(page.locator("header.site-header")).toBeVisible();
  await expect(page.getByTestId("header-deposit")).toBeVisible();
  // The avatar menu opens (a <details>, with or without JavaScript) and shows the balance.
  const menu = page.getByTestId("member-menu");
  await menu.locator(":scope > summary").click();
  await expect(menu.getByTestId("member-balance")).toBeVisible();
  await menu.locator(":scope > summary").click();
  await expect(page.locator("aside#side-menu")).toBeVisible();
  await expect(page.locator("footer.site-footer")).toBeVisible();
}

const memberCentreNav = (page: Page, lng = "en") =>
  page.getByRole("navigation", { name: label(lng, "memberCentre.nav") });

test.describe("a thrown 404 for a signed-in member", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, PLAYER.account, PLAYER.password);
  });

  test("an unknown member centre page is a 404 beside the member centre's menu", async ({
    page,
  }) => {
    const response = await page.goto("/member/no-such-page");
    expect(response?.status()).toBe(404);
    await expectNotFound(page);
    await expectPortalChrome(page);
    await expect(memberCentreNav(page)).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  });

  test("in Urdu the member centre's 404 is right-to-left, in Urdu, inside the layout", async ({
    page,
  }) => {
    const response = await page.goto("/member/no-such-page?lng=ur");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "ur");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNotFound(page, "ur");
    await expectPortalChrome(page);
    await expect(memberCentreNav(page, "ur")).toBeVisible();
  });

  test("a deposit that is not the member's is a 404 inside the member centre", async ({ page }) => {
    const response = await page.goto("/member/deposit/pay/999999999");
    expect(response?.status()).toBe(404);
    await expectNotFound(page);
    await expectPortalChrome(page);
    await expect(memberCentreNav(page)).toBeVisible();
  });

  test("an unknown lottery game is a 404 inside the portal layout", async ({ page }) => {
    const response = await page.goto("/lottery?gameCode=NO-SUCH-GAME");
    expect(response?.status()).toBe(404);
    await expectNotFound(page);
    await expectPortalChrome(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  });

  test("in Urdu the lottery's 404 is right-to-left and in Urdu, inside the layout", async ({
    page,
  }) => {
    const response = await page.goto("/lottery?gameCode=NO-SUCH-GAME&lng=ur");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "ur");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNotFound(page, "ur");
    await expectPortalChrome(page);
  });

  test("a navigation inside the member centre to an unknown page leads to a 404 inside it", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/member");
    await expect(memberCentreNav(page)).toBeVisible();
    // A marker on the window survives a client-side navigation, not a page load.
    if (javaScriptEnabled) {
      await page.evaluate(() => Object.assign(window, { stayed: true }));
      // Every menu link leads to a page now: the router is sent to an unknown one, as a stale link would.
      await page.evaluate(() =>
        (
          window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }
        ).__remixRouter.navigate("/member/no-such-page"),
      );
    } else {
      await page.goto("/member/no-such-page");
    }
    await expect(page).toHaveURL("/member/no-such-page");
    await expectNotFound(page);
    await expectPortalChrome(page);
    await expect(memberCentreNav(page)).toBeVisible();
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
      // The menu still works: back to a real page without a reload.
      await memberCentreNav(page)
        .getByRole("link", { name: label("en", "memberCentre.overview"), exact: true })
        .click();
      await expect(page).toHaveURL("/member");
      await expect(errorPage(page)).toHaveCount(0);
    }
  });
});

test("an agent's report for a member outside the team is a 404 inside the agent centre", async ({
  page,
}) => {
  await agentLogin(page, "agent01", "Agent123");
  await expect(page).toHaveURL("/agentHome");
  const response = await page.goto("/agentHome/team-betting?memberId=999999999&lng=ur");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expectNotFound(page, "ur");
  await expect(page.getByTestId("agent-menu")).toBeVisible();
  await expect(page.getByTestId("agent-name")).toBeVisible();
});
