import { expect, label, test } from "./fixtures";

test.describe("language", () => {
  test("choosing اردو renders Urdu right-to-left, and English switches back", async ({ page }) => {
    await page.goto("/rng?vassalage=PG");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", "en");
    await expect(html).toHaveAttribute("dir", "ltr");

    const headerMenu = page.locator("header details.language-menu");
    await headerMenu.locator(":scope > summary").click();
    await headerMenu.getByRole("button", { name: "اردو", exact: true }).click();

    await expect(html).toHaveAttribute("lang", "ur");
    await expect(html).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("header-login")).toHaveText(label("ur", "header.login"));
    await expect(page.getByTestId("header-register")).toHaveText(label("ur", "header.register"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("ur", "category.RNG"));
    // The page the visitor was on, without a ?lng= that would pin the language.
    await expect(page).toHaveURL("/rng?vassalage=PG");

    // The choice is a cookie: it survives a reload.
    await page.reload();
    await expect(html).toHaveAttribute("lang", "ur");

    await headerMenu.locator(":scope > summary").click();
    await headerMenu.getByRole("button", { name: "English", exact: true }).click();
    await expect(html).toHaveAttribute("lang", "en");
    await expect(html).toHaveAttribute("dir", "ltr");
    await expect(page.getByTestId("header-login")).toHaveText(label("en", "header.login"));
  });

  test("the side menu's language select works too", async ({ page }) => {
    await page.goto("/help");
    const sideMenu = page.locator("aside#side-menu details.language-menu");
    await sideMenu.locator(":scope > summary").click();
    await sideMenu.getByRole("button", { name: "اردو", exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveURL("/help");
  });

  test("a page whose address holds Chinese and Urdu text is where the switch returns", async ({
    page,
  }) => {
    await page.goto("/help?q=你好&topic=خوش");
    const headerMenu = page.locator("header details.language-menu");
    await headerMenu.locator(":scope > summary").click();
    await headerMenu.getByRole("button", { name: "اردو", exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ur");
    await expect(page).toHaveURL(
      `/help?q=${encodeURIComponent("你好")}&topic=${encodeURIComponent("خوش")}`,
    );
  });

  test("/?lng=ur renders the lobby in Urdu", async ({ page }) => {
    await page.goto("/?lng=ur");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", "ur");
    await expect(html).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("header-login")).toHaveText(label("ur", "header.login"));
    await expect(page.locator('nav.lobby-tabs a[data-tab="RNG"]')).toHaveText(
      label("ur", "category.RNG"),
    );
    await expect(page.getByTestId("section-HOT").getByRole("heading", { level: 2 })).toHaveText(
      label("ur", "lobby.hotGames"),
    );
  });
});

test.describe("theme", () => {
  test("switches to dark and back to light", async ({ page }) => {
    await page.goto("/");
    const html = page.locator("html");
    const toggle = page.getByTestId("theme-toggle");
    await expect(html).toHaveAttribute("data-theme", "light");
    await expect(toggle).toHaveAccessibleName(label("en", "header.themeDark"));

    await toggle.click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(toggle).toHaveAccessibleName(label("en", "header.themeLight"));
    await expect(page).toHaveURL("/");

    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "dark");

    await toggle.click();
    await expect(html).toHaveAttribute("data-theme", "light");
  });
});

test.describe("side menu", () => {
  test("collapses and expands", async ({ page }) => {
    await page.goto("/");
    const aside = page.locator("aside#side-menu");
    // Before a choice the state is "auto": open on a wide screen.
    await expect(aside).toBeVisible();
    const toggle = page.getByTestId("side-menu-toggle").filter({ visible: true });
    await expect(toggle).toHaveCount(1);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    // With JavaScript the menu hides optimistically, before the preference is stored:
    // wait for the post that sets the cookie before reloading.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        new URL(response.url()).pathname === "/resources/prefs",
    );
    await toggle.click();
    await expect(aside).toBeHidden();
    await expect(aside).toHaveAttribute("data-state", "collapsed");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await saved;

    await page.reload();
    await expect(aside).toBeHidden();

    await toggle.click();
    await expect(aside).toBeVisible();
    await expect(aside).toHaveAttribute("data-state", "open");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  });
});
