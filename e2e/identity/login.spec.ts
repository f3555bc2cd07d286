import type { Page } from "@playwright/test";
import { expect, label, login, test } from "../fixtures";

/** The demo accounts these tests sign in with; only their correct passwords are ever typed. */
const PLAYER = { account: "player01", password: "Player123", nickname: "Lucky Player" };
const VIP = { account: "vipstar", password: "Vip12345", nickname: "VIP Star" };

async function fillLogin(page: Page, account: string, password: string) {
  const dialog = page.getByTestId("login-dialog");
  await dialog.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
  await dialog.getByLabel(label("en", "login.password"), { exact: true }).fill(password);
  await dialog.getByRole("button", { name: label("en", "login.submit"), exact: true }).click();
}

/**
 * Clicks a control that posts the login form and waits until its answer is on
 * screen: the new document without JavaScript, the action's answer with it.
 */
async function submitAndSettle(page: Page, javaScriptEnabled: boolean, click: () => Promise<void>) {
  if (javaScriptEnabled) {
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await click();
    await answered;
  } else {
    const loaded = page.waitForEvent("load");
    await click();
    await loaded;
  }
}

test.describe("login", () => {
  test("a member signs in and lands on /", async ({ page }) => {
    await page.goto("/login");
    await fillLogin(page, PLAYER.account, PLAYER.password);
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("login-dialog")).toHaveCount(0);
    await expect(page.getByTestId("header-login")).toHaveCount(0);
    await expect(page.getByTestId("member-menu").locator(":scope > summary")).toContainText(
      PLAYER.nickname,
    );
    // /login itself now sends a signed-in member home.
    await page.goto("/login");
    await expect(page).toHaveURL("/");
  });

  test("redirectTo is honoured for a path of ours", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fhelp");
    await fillLogin(page, VIP.account, VIP.password);
    await expect(page).toHaveURL("/help");
    await expect(page.getByTestId("member-menu").locator(":scope > summary")).toContainText(
      VIP.nickname,
    );
  });

  test("a redirectTo with Chinese text signs in and returns there", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fpromotions%3Fq%3D%E4%BD%A0");
    await fillLogin(page, VIP.account, VIP.password);
    await expect(page).toHaveURL("/promotions?q=%E4%BD%A0");
    await expect(page.getByTestId("member-menu").locator(":scope > summary")).toContainText(
      VIP.nickname,
    );
  });

  test("an external redirectTo lands on /", async ({ page }) => {
    await page.goto(`/login?redirectTo=${encodeURIComponent("https://evil.example")}`);
    await fillLogin(page, PLAYER.account, PLAYER.password);
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("member-menu")).toBeVisible();
  });

  // App bug (reported): safeRedirectPath (app/utils/misc.ts) lets "/\t/evil.example" through; browsers
  // drop the tab from the Location header and go to //evil.example. Remove fixme once it is fixed.
  test("a redirectTo that a browser reads as another host never leaves the site", async ({
    page,
    baseURL,
  }) => {
    await login(page, PLAYER.account, PLAYER.password);
    const ourHost = new URL(baseURL!).host;
    const offsite: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).host !== ourHost)
        offsite.push(request.url());
    });
    // A signed-in member opening /login is sent straight to redirectTo.
    for (const target of ["//evil.example", "/\\evil.example", "/\t/evil.example"]) {
      await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`).catch(() => undefined);
    }
    expect(offsite).toEqual([]);
    await expect(page).toHaveURL("/");
  });
});

test.describe("failed logins", () => {
  test("three wrong passwords bring up the captcha; 'Another one' gives a captcha", async ({
    page,
    createMember,
    javaScriptEnabled,
  }) => {
    const { account } = await createMember({ password: "Right1234" });
    await page.goto("/login");
    const dialog = page.getByTestId("login-dialog");
    const captchaImage = dialog.getByRole("img", { name: label("en", "login.captchaImage") });
    const captchaField = dialog.getByLabel(label("en", "login.captcha"), { exact: true });
    const loginFailed = dialog
      .getByTestId("form-errors")
      .getByText(label("en", "identityError.login_failed"), { exact: true });

    for (let attempt = 1; attempt <= 3; attempt++) {
      await dialog.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
      await dialog
        .getByLabel(label("en", "login.password"), { exact: true })
        .fill(`Wrong${attempt}x9`);
      await submitAndSettle(page, javaScriptEnabled, () =>
        dialog.getByRole("button", { name: label("en", "login.submit"), exact: true }).click(),
      );
      await expect(loginFailed).toBeVisible();
      if (attempt < 3) await expect(captchaImage).toHaveCount(0);
    }

    await expect(captchaImage).toBeVisible();
    await expect(captchaImage).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect(captchaField).toBeVisible();
    await expect(captchaField).toBeEmpty();
    // Still a visitor, and the username is kept for the next try.
    await expect(page.getByTestId("header-login")).toBeVisible();
    await expect(dialog.getByLabel(label("en", "login.username"), { exact: true })).toHaveValue(
      account,
    );

    await submitAndSettle(page, javaScriptEnabled, () =>
      dialog
        .getByRole("button", { name: label("en", "login.captchaRefresh"), exact: true })
        .click(),
    );
    // At most one new captcha a second: the same one may come back, but one is always shown.
    await expect(captchaImage).toBeVisible();
    await expect(captchaImage).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect(captchaField).toBeVisible();
    await expect(dialog.getByLabel(label("en", "login.username"), { exact: true })).toHaveValue(
      account,
    );
  });
});
