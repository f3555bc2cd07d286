import { randomInt } from "node:crypto";
import type { Locator } from "@playwright/test";
import pg from "pg";
import {
  changeForcedPassword,
  e2eDatabaseUrl,
  expect,
  label,
  login,
  logout,
  submitLogin,
  test,
  typeAuthenticatorCode,
} from "../fixtures";

/** A new password that passes the password rule (8-64 characters, not guessable), never the default one. */
const newPassword = () => `New-Tide-${randomInt(100_000, 1_000_000)}-pw`;

/** The forgot-password dialog by phone: the number, then its get-code button. */
async function askResetCode(dialog: Locator, mobile: string) {
  await dialog
    .getByLabel(label("en", "phone.country"), { exact: true })
    .selectOption({ label: "+92 (PK)" });
  await dialog.getByLabel(label("en", "phone.mobile"), { exact: true }).fill(mobile);
  await dialog.getByRole("button", { name: label("en", "sms.getCode"), exact: true }).click();
  await expect(dialog.getByTestId("send-code")).toBeDisabled();
}

/** The code the phone received and the new password, twice, then reset. */
async function submitReset(dialog: Locator, code: string, password: string) {
  await dialog.getByLabel(label("en", "phone.code"), { exact: true }).fill(code);
  await dialog
    .getByLabel(label("en", "changePassword.newPassword"), { exact: true })
    .fill(password);
  await dialog
    .getByLabel(label("en", "changePassword.confirmNewPassword"), { exact: true })
    .fill(password);
  await dialog.getByRole("button", { name: label("en", "forgot.reset"), exact: true }).click();
}

test.describe("forced password change", () => {
  test("the default password must be changed before the login completes", async ({
    page,
  }, testInfo) => {
    // One seeded default-password account per project, so the js and nojs runs never meet.
    const account = testInfo.project.name === "nojs" ? "newbie02" : "newbie01";
    const password = newPassword();

    await submitLogin(page, account, "123456");

    const dialog = page.getByTestId("change-password-dialog");
    await expect(
      dialog.getByRole("heading", { name: label("en", "changePassword.title") }),
    ).toBeVisible();
    // Not signed in yet.
    await expect(page.getByTestId("header-login")).toBeAttached();
    await expect(page.getByTestId("member-menu")).toHaveCount(0);

    await changeForcedPassword(page, password, "default_password");

    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("member-menu").locator(":scope > summary")).toContainText(
      account,
    );
    await expect(page.getByTestId("header-login")).toHaveCount(0);

    // The new password is the password now: out and in again, with no change asked for.
    await logout(page);
    await login(page, account, password);
    await expect(page.getByTestId("change-password-dialog")).toHaveCount(0);
  });
});

test.describe("forgot password", () => {
  test("by phone: an SMS code resets the password and signs in", async ({
    page,
    createMember,
    readSmsCode,
  }) => {
    const { account, mobile } = await createMember({ password: "Old12345", mobile: true });
    const password = newPassword();

    await page.goto("/login?modal=forgot");
    const dialog = page.getByTestId("forgot-dialog");
    await expect(dialog.getByRole("heading", { name: label("en", "forgot.title") })).toBeVisible();
    // By phone is the default tab when phone verification is on.
    await expect(
      dialog.getByRole("link", { name: label("en", "forgot.byMobile"), exact: true }),
    ).toHaveAttribute("aria-current", "page");

    await askResetCode(dialog, mobile!);

    const code = await readSmsCode(`+92${mobile}`);
    await expect(dialog.getByLabel(label("en", "phone.mobile"), { exact: true })).toHaveValue(
      mobile!,
    );
    await submitReset(dialog, code, password);

    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("member-menu").locator(":scope > summary")).toContainText(
      account,
    );

    // The new password signs in.
    await logout(page);
    await login(page, account, password);
  });
});

test.describe("forgot password by phone, with an authenticator", () => {
  // A reset proves the phone only: the authenticator still stands between it and a session.
  test("the code step comes before the session", async ({ page, createMember, readSmsCode }) => {
    const { account, mobile } = await createMember({ password: "Old12345", mobile: true });
    const secret = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
    const client = new pg.Client({ connectionString: e2eDatabaseUrl });
    await client.connect();
    try {
      await client.query(
        `insert into authenticators (member_id, secret, created_at, confirmed_at)
         select id, $2, now(), now() from members where account = $1`,
        [account, secret],
      );
    } finally {
      await client.end();
    }
    const password = newPassword();
    await page.goto("/login?modal=forgot");
    const dialog = page.getByTestId("forgot-dialog");
    await askResetCode(dialog, mobile!);
    await submitReset(dialog, await readSmsCode(`+92${mobile}`), password);

    await expect(page.getByTestId("second-factor-form")).toBeVisible();
    await expect(page.getByTestId("member-menu")).toHaveCount(0);
    await typeAuthenticatorCode(page, secret, "/login");
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("member-menu").locator(":scope > summary")).toContainText(
      account,
    );
  });
});

test.describe("forgot password by e-mail", () => {
  test("the same confirmation for any account; the link opens the change dialog and signs in", async ({
    page,
    createMember,
    readMailLink,
  }) => {
    const { account, email } = await createMember({ password: "Old12345", email: true });
    const password = newPassword();

    await page.goto("/login?modal=forgot&by=email");
    const dialog = page.getByTestId("forgot-dialog");
    await dialog.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
    await dialog.getByLabel(label("en", "forgot.email"), { exact: true }).fill(email!);
    await dialog.getByRole("button", { name: label("en", "forgot.sendLink"), exact: true }).click();
    await expect(dialog.getByTestId("forgot-notice")).toHaveText(
      label("en", "identityError.in_been_out"),
    );

    await page.goto(await readMailLink(email!));
    await changeForcedPassword(page, password, "reset");

    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("member-menu").locator(":scope > summary")).toContainText(
      account,
    );
    await logout(page);
    await login(page, account, password);
  });
});

test.describe("change password in the member area", () => {
  test("old password checked, then the new one is the password", async ({
    signIn,
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: "Old12345" });
    const password = newPassword();
    await signIn(account, "Old12345");

    await page.goto("/member/security");
    const form = page.getByTestId("change-password-form");
    await form
      .getByLabel(label("en", "changePassword.oldPassword"), { exact: true })
      .fill("Wrong12345");
    await form
      .getByLabel(label("en", "changePassword.newPassword"), { exact: true })
      .fill(password);
    await form
      .getByLabel(label("en", "changePassword.confirmNewPassword"), { exact: true })
      .fill(password);
    await form
      .getByRole("button", { name: label("en", "changePassword.submit"), exact: true })
      .click();
    await expect(form.getByText(label("en", "identityError.old_password_wrong"))).toBeVisible();

    await form
      .getByLabel(label("en", "changePassword.oldPassword"), { exact: true })
      .fill("Old12345");
    await form
      .getByLabel(label("en", "changePassword.newPassword"), { exact: true })
      .fill(password);
    await form
      .getByLabel(label("en", "changePassword.confirmNewPassword"), { exact: true })
      .fill(password);
    await form
      .getByRole("button", { name: label("en", "changePassword.submit"), exact: true })
      .click();
    await expect(page.getByText(label("en", "security.changed"))).toBeVisible();

    await logout(page);
    await login(page, account, password);
  });
});
