import type { Page } from "@playwright/test";
import {
  enrolAuthenticator,
  expect,
  label,
  logout,
  opsLogin,
  submitLogin,
  test,
  typeAuthenticatorCode,
} from "../fixtures";

/**
 * Authenticator codes (ADR 34), with JavaScript on and off: mandatory for
 * operators (ops01 is seeded enrolled; a new operator is kept on
 * /ops/authenticator until it confirms one), optional for members (the
 * security centre), asked after the password before any session exists.
 */

/** Fills the member login dialog's password form and submits it. */
async function typePassword(page: Page, account: string, password: string) {
  await submitLogin(page, account, password);
  await expect(page.getByTestId("second-factor-dialog")).toBeVisible();
}

async function typeCode(page: Page, code: string) {
  const form = page.getByTestId("second-factor-form").filter({ visible: true });
  await form.getByLabel(label("en", "authenticator.code"), { exact: true }).fill(code);
  await form.getByTestId("second-factor-submit").click();
}

test.describe("authenticator codes", () => {
  test("ops01 signs in with the password, then the code; no session before the code", async ({
    page,
  }) => {
    await page.goto("/ops/login");
    await page.getByLabel(label("en", "ops.login.username"), { exact: true }).fill("ops01");
    await page.getByLabel(label("en", "ops.login.password"), { exact: true }).fill("Ops12345");
    await page.getByRole("button", { name: label("en", "ops.login.submit"), exact: true }).click();
    await expect(page.getByTestId("second-factor-form")).toBeVisible();
    // The password alone opened nothing.
    const before = await page.request.get("/ops", { maxRedirects: 0 });
    expect(before.status()).toBe(302);
    expect(before.headers().location).toBe("/ops/login");
    await typeCode(page, "000000");
    await expect(page.getByTestId("second-factor-form")).toContainText(
      label("en", "identityError.second_factor_wrong"),
    );
    await typeAuthenticatorCode(page, "OPSDEMOSECRETKEY", "/ops/login");
    await expect(page).toHaveURL("/ops");
    await expect(page.getByTestId("ops-operator")).toHaveText(
      label("en", "ops.signedInAs", { account: "ops01" }),
    );
  });

  test("a new operator is kept on /ops/authenticator until it confirms one, then reaches /ops", async ({
    page,
    createMember,
  }) => {
    const operator = await createMember({ password: "Staff123", type: 9 });
    await page.goto("/ops/login");
    await page
      .getByLabel(label("en", "ops.login.username"), { exact: true })
      .fill(operator.account);
    await page.getByLabel(label("en", "ops.login.password"), { exact: true }).fill("Staff123");
    await page.getByRole("button", { name: label("en", "ops.login.submit"), exact: true }).click();
    await expect(page).toHaveURL("/ops/authenticator");
    await expect(page.getByTestId("ops-authenticator-required")).toHaveText(
      label("en", "authenticator.ops.required"),
    );
    // Every other back-office page sends it back here.
    for (const path of ["/ops", "/ops/vip", "/ops/support"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/ops/authenticator");
    }
    const { secret } = await enrolAuthenticator(page);
    await expect(page.getByTestId("authenticator-recovery")).toContainText(
      label("en", "authenticator.recovery.once"),
    );
    await page.getByTestId("authenticator-recovery-done").click();
    await expect(page.getByTestId("authenticator-active")).toBeVisible();
    await page.goto("/ops");
    await expect(page).toHaveURL("/ops");
    await expect(page.getByTestId("ops-operator")).toHaveText(
      label("en", "ops.signedInAs", { account: operator.account }),
    );
    // From now on its sign-in asks for the code too.
    await page.context().clearCookies();
    await opsLogin(page, operator.account, "Staff123", secret);
  });

  test("a member turns codes on, signs in with password and code; a wrong code and a spent recovery code are refused", async ({
    page,
    signIn,
    createMember,
  }) => {
    const member = await createMember({ password: "Secret123" });
    await signIn(member.account, "Secret123");
    await page.goto("/member/security");
    const section = page.getByTestId("authenticator-section");
    await expect(section.getByTestId("authenticator-off")).toBeVisible();
    const { secret, recoveryCodes } = await enrolAuthenticator(page);
    await section.getByTestId("authenticator-recovery-done").click();
    await expect(section.getByTestId("authenticator-active")).toContainText(
      label("en", "authenticator.recovery.left", { n: 10 }),
    );
    await logout(page);

    // Password, then a wrong code: refused, translated, still signed out.
    await typePassword(page, member.account, "Secret123");
    await typeCode(page, "000000");
    await expect(page.getByTestId("second-factor-form")).toContainText(
      label("en", "identityError.second_factor_wrong"),
    );
    await expect(page.getByTestId("member-menu")).toHaveCount(0);
    // A recovery code signs in, once.
    await typeCode(page, recoveryCodes[0]!);
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("member-menu")).toBeVisible();
    await logout(page);

    await typePassword(page, member.account, "Secret123");
    await typeCode(page, recoveryCodes[0]!);
    await expect(page.getByTestId("second-factor-form")).toContainText(
      label("en", "identityError.second_factor_recovery_used"),
    );
    // The app's code does.
    await typeAuthenticatorCode(page, secret, "/login");
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("member-menu")).toBeVisible();

    // Turned off with a code; the next sign-in is the password alone.
    await page.goto("/member/security");
    await expect(page.getByTestId("authenticator-active")).toContainText(
      label("en", "authenticator.recovery.left", { n: 9 }),
    );
    await page
      .getByTestId("authenticator-active")
      .getByLabel(label("en", "authenticator.code"), { exact: true })
      .fill(recoveryCodes[1]!);
    await page.getByTestId("authenticator-remove").click();
    await expect(page.getByTestId("authenticator-off")).toBeVisible();
  });
});
