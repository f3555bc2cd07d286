import type { Browser, Page } from "@playwright/test";
import { DEMO_STAFF_PASSWORD } from "~/platform/seed/staff.server";
import {
  changeForcedPassword,
  expect,
  label,
  login,
  submitLogin,
  test,
  type SignIn,
} from "../fixtures";

/**
 * Account actions on the player page, with JavaScript on and off: compliance
 * suspends a signed-in member with a reason (the member's session ends, and
 * sign-in names the reason), then reactivates it and the member signs in
 * again. Support's role reads the page but is offered no action.
 */

const PASSWORD = "Suspend123";

async function staffPage(
  browser: Browser,
  baseURL: string,
  javaScriptEnabled: boolean,
  signIn: SignIn,
  account: "comply01" | "support01",
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: "en-US" });
  const page = await context.newPage();
  await signIn(account, DEMO_STAFF_PASSWORD, { site: "ops", page });
  return page;
}

async function openPlayer(staff: Page, account: string) {
  await staff.goto(`/ops/players?q=${account}`);
  await staff.getByTestId("ops-player-result").getByRole("link", { name: account }).click();
  await expect(staff.getByTestId("ops-player-account")).toHaveText(
    label("en", "opsPlayers.playerTitle", { account }),
  );
}

/** A member signed in on `page`, and compliance staff in a browser of its own on the member's player page. */
async function memberAndComplianceOnItsPage(fixtures: {
  browser: Browser;
  baseURL: string | undefined;
  javaScriptEnabled: boolean;
  signIn: SignIn;
  createMember: (options: { password: string }) => Promise<{ account: string }>;
  page: Page;
}) {
  const { browser, baseURL, javaScriptEnabled, signIn, createMember, page } = fixtures;
  const { account } = await createMember({ password: PASSWORD });
  await signIn(account, PASSWORD);
  await page.goto("/member");
  await expect(page).toHaveURL("/member");
  const staff = await staffPage(browser, baseURL!, javaScriptEnabled, signIn, "comply01");
  await openPlayer(staff, account);
  return { account, staff };
}

test.describe("account actions on the player page", () => {
  test("compliance suspends a member with a reason, the member is told at sign-in, then reactivated", async ({
    browser,
    baseURL,
    javaScriptEnabled,
    signIn,
    createMember,
    page,
  }) => {
    const { account, staff } = await memberAndComplianceOnItsPage({
      browser,
      baseURL,
      javaScriptEnabled,
      signIn,
      createMember,
      page,
    });
    const actions = staff.getByTestId("player-actions");
    const suspend = actions.getByTestId("player-suspend-form");
    // No reason: the browser's own check (a required select, with or without JavaScript) keeps
    // the form and the note; the server's refusal is tests/routes/ops-player-actions.test.ts's.
    const note = suspend.getByLabel(label("en", "opsPlayers.suspension.actions.note"));
    await note.fill("Chargeback on the first deposit");
    await suspend.getByTestId("player-suspend").click();
    await expect(staff.getByTestId("ops-player-done")).toHaveCount(0);
    await expect(note).toHaveValue("Chargeback on the first deposit");
    await suspend
      .getByLabel(label("en", "opsPlayers.suspension.actions.reason"))
      .selectOption("payment_dispute");
    await suspend.getByTestId("player-suspend").click();
    await expect(staff.getByTestId("ops-player-done")).toHaveText(
      label("en", "opsPlayers.suspension.done.suspended"),
    );
    await expect(staff.getByTestId("ops-player-status")).toContainText(
      label("en", "opsPlayers.statuses.suspended"),
    );
    await expect(staff.getByTestId("ops-player-suspensionReason")).toContainText(
      label("en", "opsPlayers.suspension.reasons.payment_dispute"),
    );
    await expect(staff.getByTestId("ops-player-suspensionNote")).toContainText(
      "Chargeback on the first deposit",
    );

    // The member's session ended: its next page asks it to sign in, and sign-in says why.
    await page.goto("/member");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember/);
    await submitLogin(page, account, PASSWORD);
    await expect(page.getByTestId("login-dialog")).toContainText(
      "This account is suspended (reason: a payment dispute).",
    );
    // Staff's note is never shown to the member.
    await expect(page.getByTestId("login-dialog")).not.toContainText("Chargeback");

    await actions.getByTestId("player-reactivate").click();
    await expect(staff.getByTestId("ops-player-done")).toHaveText(
      label("en", "opsPlayers.suspension.done.reactivated"),
    );
    await login(page, account, PASSWORD);

    // Sign out everywhere: the member's session ends again, the page counts it.
    await actions.getByTestId("player-sign-out").click();
    await expect(staff.getByTestId("ops-player-done")).toHaveText(
      label("en", "opsPlayers.suspension.done.signedOut", { count: 1 }),
    );
    await page.goto("/member");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember/);
    await staff.context().close();
  });

  test("compliance requires a new password: the member is signed out and its next sign-in asks for one", async ({
    browser,
    baseURL,
    javaScriptEnabled,
    signIn,
    createMember,
    page,
  }) => {
    const { account, staff } = await memberAndComplianceOnItsPage({
      browser,
      baseURL,
      javaScriptEnabled,
      signIn,
      createMember,
      page,
    });
    await staff.getByTestId("player-actions").getByTestId("player-reset-password").click();
    await expect(staff.getByTestId("ops-player-done")).toHaveText(
      label("en", "opsPlayers.suspension.done.passwordResetRequired", { count: 1 }),
    );
    await expect(staff.getByTestId("ops-player-passwordResetRequired")).toBeVisible();

    await page.goto("/member");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember/);
    await submitLogin(page, account, PASSWORD);
    await changeForcedPassword(page, "Chosen-Anew-2026", "staff_request");
    await expect(page.getByTestId("member-menu").locator(":scope > summary")).toContainText(
      account,
    );
    // Answered: the page no longer says a new password waits.
    await staff.reload();
    await expect(staff.getByTestId("ops-player-passwordResetRequired")).toHaveCount(0);
    await staff.context().close();
  });

  test("compliance closes an account with its money held: the member's session ends, and its sign-in opens the cash-out page, which pays nothing out", async ({
    browser,
    baseURL,
    javaScriptEnabled,
    signIn,
    createMember,
    fundMember,
    page,
  }) => {
    const { account, staff } = await memberAndComplianceOnItsPage({
      browser,
      baseURL,
      javaScriptEnabled,
      signIn,
      createMember,
      page,
    });
    await fundMember(account, 100_00);
    const close = staff.getByTestId("player-close-form");
    await close
      .getByLabel(label("en", "opsPlayers.suspension.actions.reason"))
      .selectOption("fraud");
    await close.getByLabel(label("en", "opsPlayers.closure.fundsLabel")).selectOption("hold");
    await close
      .getByLabel(label("en", "opsPlayers.suspension.actions.note"))
      .fill("Card reported stolen");
    await close.getByTestId("player-close").click();
    await expect(staff.getByTestId("ops-player-done")).toHaveText(
      label("en", "opsPlayers.suspension.done.closed", { count: 1 }),
    );
    await expect(staff.getByTestId("ops-player-status")).toContainText(
      label("en", "opsPlayers.statuses.closed"),
    );
    await expect(staff.getByTestId("ops-player-closureFunds")).toContainText(
      label("en", "opsPlayers.closure.funds.hold"),
    );
    // Closed for good: no close form, no suspension.
    await expect(staff.getByTestId("player-close-form")).toHaveCount(0);
    await expect(staff.getByTestId("player-suspend-form")).toHaveCount(0);

    await page.goto("/member");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember/);
    await submitLogin(page, account, PASSWORD);
    await expect(page).toHaveURL("/cash-out");
    await expect(page.getByTestId("cash-out-why")).toContainText(
      label("en", "accountClosure.reasons.fraud"),
    );
    await expect(page.getByTestId("cash-out-main")).toHaveText("Rs 100.00");
    await expect(page.getByTestId("cash-out-held")).toBeVisible();
    await expect(page.getByTestId("withdraw-form")).toHaveCount(0);
    // The rest of the portal treats it as a visitor.
    await page.goto("/member");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmember/);
    await staff.context().close();
  });

  test("support reads the player page and is offered no account action", async ({
    browser,
    baseURL,
    javaScriptEnabled,
    signIn,
  }) => {
    const staff = await staffPage(browser, baseURL!, javaScriptEnabled, signIn, "support01");
    await openPlayer(staff, "player01");
    await expect(staff.getByTestId("ops-player-status")).toBeVisible();
    await expect(staff.getByTestId("player-actions")).toHaveCount(0);
    await staff.context().close();
  });
});
