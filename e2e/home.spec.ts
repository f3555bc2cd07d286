import { expect, focusIsInside, label, login, logout, scrolledLane, test } from "./fixtures";

/** The demo brand's popups (app/platform/seed/content-data.ts) for signed-in members (A) and a first sign-in (F). */
const MEMBER_POPUPS = [
  "Scheduled maintenance on Tuesday 02:00-04:00",
  "New provider: Harbour Originals",
  "Deposit channel update",
  "Responsible gaming reminder",
];
const FIRST_LOGIN_POPUPS = ["App download now available", "Withdrawal processing hours"];

const CATEGORY_TABS = [
  "HOME",
  "FAV",
  "RNG",
  "LIVE",
  "FISH",
  "SPORTS",
  "COCKFIGHT",
  "PVP",
  "ELOTT",
  "LOTT",
  "MXWIN",
  "ESPORTS",
];
const FOOTER_VENDORS = ["PG", "EG2", "PT", "JDB", "CQ9", "FC", "JL", "BGS"];

test.describe("home lobby", () => {
  test("renders every section of the lobby", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);

    // Header
    await expect(page.getByTestId("header-login")).toBeVisible();
    await expect(page.getByTestId("header-register")).toBeVisible();

    // Banner carousel: the first slide is server-rendered and shows without JavaScript.
    const carousel = page.getByTestId("banner-carousel");
    await expect(carousel).toBeVisible();
    await expect(carousel.locator(".banner-slide img").first()).toBeVisible();

    // Notice marquee
    await expect(page.getByTestId("marquee-item").first()).toBeAttached();
    expect(await page.getByTestId("marquee-item").count()).toBeGreaterThan(0);

    // Lobby tabs, in order, HOME current
    const tabs = page.locator("nav.lobby-tabs a[data-tab]");
    await expect(tabs).toHaveCount(CATEGORY_TABS.length);
    for (const [index, tab] of CATEGORY_TABS.entries()) {
      await expect(tabs.nth(index)).toHaveAttribute("data-tab", tab);
    }
    await expect(page.locator('nav.lobby-tabs a[data-tab="HOME"]')).toHaveAttribute(
      "aria-current",
      "page",
    );

    // Hot games: a page of 12
    const hot = page.getByTestId("section-HOT");
    await expect(hot).toBeVisible();
    await expect(hot.getByTestId("game-tile")).toHaveCount(12);

    // A section per category; RNG is a game grid of 12
    for (const category of CATEGORY_TABS.filter((tab) => tab !== "HOME" && tab !== "FAV")) {
      await expect(page.getByTestId(`section-${category}`)).toBeVisible();
    }
    await expect((await scrolledLane(page, "RNG")).getByTestId("game-tile")).toHaveCount(12);

    // Winner board: three medals, then the scrolling rest from rank 4
    const board = page.getByTestId("winner-board");
    await expect(board).toBeVisible();
    const top = board.locator(".winners-top > li");
    await expect(top).toHaveCount(3);
    for (const rank of [1, 2, 3])
      await expect(top.nth(rank - 1)).toHaveAttribute("data-rank", String(rank));
    const rest = page.getByTestId("winners-rest");
    await expect(rest).toHaveAttribute("start", "4");
    await expect(rest.locator("> li").first()).toHaveAttribute("data-rank", "4");

    // Sports entrance
    await expect(page.getByTestId("sports-entrance")).toBeVisible();

    // Footer vendor icons, in the brand's order
    const footerVendors = page.locator("footer .footer-vendors img");
    await expect(footerVendors).toHaveCount(FOOTER_VENDORS.length);
    for (const [index, code] of FOOTER_VENDORS.entries()) {
      await expect(footerVendors.nth(index)).toHaveAttribute("alt", code);
    }
  });

  for (const path of ["/index", "/index.html", "/home"]) {
    test(`${path} shows the home lobby`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId("banner-carousel")).toBeVisible();
      await expect(page.getByTestId("section-HOT").getByTestId("game-tile")).toHaveCount(12);
      await expect(page.getByTestId("winner-board")).toBeVisible();
    });
  }
});

test.describe("announcements popup", () => {
  test.use({ dismissAnnouncements: false });

  test("shows on the first visit and stays closed after closing it", async ({ page }) => {
    await page.goto("/");
    const popup = page.getByTestId("announcement-popup");
    await expect(popup).toBeVisible();
    await expect(
      popup.getByRole("heading", { name: label("en", "announcements.title") }),
    ).toBeVisible();

    await popup.getByRole("button", { name: label("en", "dialog.close") }).click();
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL("/");

    await page.reload();
    await expect(page.getByTestId("section-HOT")).toBeVisible();
    await expect(popup).toBeHidden();
  });

  test("signing in shows the members' set: a first sign-in's notices, then the members' ones", async ({
    page,
    createMember,
  }) => {
    const password = "Notices1234";
    const { account } = await createMember({ password });
    const popup = page.getByTestId("announcement-popup");
    const titles = popup.locator(".announcement-title");
    const close = () => popup.getByRole("button", { name: label("en", "dialog.close") }).click();

    await page.goto("/");
    // Visitors (execution B): twelve, in two pages.
    await expect(titles).toHaveCount(9);
    await expect(page.getByTestId("announcement-page")).toBeVisible();
    await close();
    await expect(popup).toBeHidden();

    // The member's first sign-in ever: F, then A; the visitors' closed marker does not hide it.
    await login(page, account, password);
    await expect(titles).toHaveText([...FIRST_LOGIN_POPUPS, ...MEMBER_POPUPS]);
    await expect(page.getByTestId("announcement-page")).toHaveCount(0);
    await close();
    await expect(popup).toBeHidden();

    // Any later sign-in: A only.
    await logout(page);
    await login(page, account, password);
    await expect(titles).toHaveText(MEMBER_POPUPS);
  });
});

test.describe("notice marquee", () => {
  // The marquee scrolls forever; reduced motion stops it so it can be clicked like any link.
  test.use({ reducedMotion: "reduce" });

  test("a notice opens the notice dialog at its index, the close link closes it", async ({
    page,
  }) => {
    await page.goto("/");
    const item = page.getByTestId("marquee-item").nth(1);
    const title = (await item.textContent())?.trim() ?? "";
    await item.click();

    await expect(page).toHaveURL(/[?&]notice=1(&|$)/);
    const dialog = page.getByTestId("notice-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { level: 2 }).first()).toHaveText(title);

    await dialog.getByRole("link", { name: label("en", "dialog.close") }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/");
  });

  test("Escape closes the notice dialog", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "Escape handling is the JavaScript enhancement of the dialog");
    await page.goto("/?notice=0");
    const dialog = page.getByTestId("notice-dialog");
    await expect(dialog).toBeVisible();
    // Modal once hydrated: only then does Escape mean "close".
    await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/");
  });
});

test.describe("dialogs", () => {
  test("the login dialog opens from the header and closes with its close link", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByTestId("header-login").click();
    await expect(page).toHaveURL("/login");
    const dialog = page.getByTestId("login-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: label("en", "login.title") })).toBeVisible();

    await dialog.getByRole("link", { name: label("en", "dialog.close") }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/");
  });

  test("/register opens the register dialog", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByTestId("register-dialog")).toBeVisible();
    await expect(page.getByTestId("section-HOT")).toBeAttached();
  });

  test("focus moves into the dialog and stays there", async ({ page, javaScriptEnabled }) => {
    test.skip(
      !javaScriptEnabled,
      "the modal focus handling is the JavaScript enhancement of the dialog",
    );
    await page.goto("/login");
    const dialog = page.getByTestId("login-dialog");
    await expect(dialog).toBeVisible();
    await expect.poll(() => focusIsInside(page, '[data-testid="login-dialog"]')).toBe(true);
    // The page behind a modal dialog is inert: tabbing cycles through the dialog
    // (and the browser's own UI, which is the document body here), never the page.
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return "browser";
        return element.closest('[data-testid="login-dialog"]')
          ? "dialog"
          : element.outerHTML.slice(0, 120);
      });
      expect(["dialog", "browser"], `focus after ${press + 1} Tab presses`).toContain(focused);
    }
  });
});
