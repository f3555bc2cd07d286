import type { Browser, Page } from "@playwright/test";
import { expect, label, login, test } from "../fixtures";

const en = (key: string, vars: Record<string, string | number> = {}) => label("en", key, vars);

/** The same member on a second device: its own browser context, signed in. */
async function secondDevice(
  browser: Browser,
  options: { baseURL?: string; javaScriptEnabled: boolean },
  account: string,
  password: string,
) {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    javaScriptEnabled: options.javaScriptEnabled,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  });
  const page = await context.newPage();
  // Through the login form, so the session carries this device's user agent.
  await login(page, account, password);
  // Seen once, so its session is known to be live.
  await page.goto("/member/security");
  await expect(page.getByTestId("sessions-section")).toBeVisible();
  return { context, page };
}

async function expectSignedOut(page: Page) {
  await page.goto("/member/security");
  await expect(page).toHaveURL(/\/login/);
}

test.describe("signed-in devices", () => {
  test("a password change signs out every other device; this one stays", async ({
    signIn,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    createMember,
  }) => {
    const { account } = await createMember({ password: "Old12345" });
    await signIn(account, "Old12345");
    const other = await secondDevice(browser, { baseURL, javaScriptEnabled }, account, "Old12345");
    await page.goto("/member/security");
    const form = page.getByTestId("change-password-form");
    await form.getByLabel(en("changePassword.oldPassword"), { exact: true }).fill("Old12345");
    await form
      .getByLabel(en("changePassword.newPassword"), { exact: true })
      .fill("Harbour-Lantern-72");
    await form
      .getByLabel(en("changePassword.confirmNewPassword"), { exact: true })
      .fill("Harbour-Lantern-72");
    await form.getByRole("button", { name: en("changePassword.submit"), exact: true }).click();
    await expect(page.getByText(en("security.changed"))).toBeVisible();
    await expect(page.getByTestId("session-row")).toHaveCount(1);
    await expectSignedOut(other.page);
    await other.context.close();
  });

  test("the list shows each device; one is signed out by its button, the rest by 'all other'", async ({
    signIn,
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    createMember,
  }) => {
    const { account } = await createMember({ password: "Login123" });
    await signIn(account, "Login123");
    const phone = await secondDevice(browser, { baseURL, javaScriptEnabled }, account, "Login123");
    const third = await secondDevice(browser, { baseURL, javaScriptEnabled }, account, "Login123");
    await page.goto("/member/security");
    const section = page.getByTestId("sessions-section");
    await expect(section.getByTestId("session-row")).toHaveCount(3);
    await expect(section.locator('[data-testid="session-row"][data-current="true"]')).toHaveCount(
      1,
    );
    await expect(section.getByTestId("session-current")).toContainText(
      en("accountSafety.sessions.thisDevice"),
    );
    await expect(section.getByTestId("session-device").first()).toContainText("Safari · iPhone");

    // One device, by its own button.
    await section
      .getByRole("button", {
        name: en("accountSafety.sessions.signOutLabel", { device: "Safari · iPhone" }),
      })
      .first()
      .click();
    await expect(page.getByTestId("sessions-done")).toHaveText(
      en("accountSafety.sessions.doneOne"),
    );
    await expect(section.getByTestId("session-row")).toHaveCount(2);

    // The rest, at once.
    await section.getByTestId("sign-out-others").click();
    await expect(page.getByTestId("sessions-done")).toHaveText(
      en("accountSafety.sessions.doneOthers"),
    );
    await expect(section.getByTestId("session-row")).toHaveCount(1);
    await expect(section.getByTestId("no-other-sessions")).toBeVisible();
    await expectSignedOut(phone.page);
    await expectSignedOut(third.page);
    await page.reload();
    await expect(section).toBeVisible();
    await phone.context.close();
    await third.context.close();
  });
});
