import type { Page } from "@playwright/test";
import { expect, label, submitLogin, test, waitForHydrated } from "../fixtures";

/**
 * Issue 17's time-out and self-exclusion, with JavaScript on and off: a
 * member takes a 24-hour time-out (after a refused length and the
 * confirmation step), is signed out and refused at login with the date; the
 * operator adds an exclusion in /ops/protection and the member is refused too.
 */
const TIMESTAMP = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;

/** The refusal's text around its date, as a pattern. */
const refusal = (key: string) => {
  const [before = "", after = ""] = label("en", `protectionBreak.login.${key}`, {
    when: "\u0000",
  }).split("\u0000");
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${escape(before)}${TIMESTAMP.source}${escape(after)}`);
};

async function tryLogin(page: Page, account: string, password: string, javaScript: boolean) {
  await page.goto("/login");
  const dialog = page.getByTestId("login-dialog");
  const submit = dialog.getByRole("button", { name: label("en", "login.submit"), exact: true });
  if (javaScript) await waitForHydrated(submit);
  await dialog.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
  await dialog.getByLabel(label("en", "login.password"), { exact: true }).fill(password);
  await submit.click();
  // The login form's own error line (the free-trial form below has one too).
  return dialog.getByTestId("form-errors").first();
}

test.describe("take a break", () => {
  test("a member takes a 24-hour time-out, is signed out and refused at login with the date", async ({
    page,
    signIn,
    createMember,
    javaScriptEnabled,
  }) => {
    const member = await createMember({ password: "Member123" });
    await signIn(member.account, "Member123");
    await page.goto("/member/protection/break");
    const tool = page.getByTestId("break-time_out");
    if (javaScriptEnabled) await waitForHydrated(tool.getByRole("button"));

    // Seven weeks is past the six-week bound: a field error, nothing starts.
    await tool.getByLabel(label("en", "protectionBreak.typed.days")).fill("49");
    await tool
      .getByRole("button", { name: label("en", "protectionBreak.time_out.review") })
      .click();
    await expect(
      tool.getByText(label("en", "protectionBreak.errors.time_out", { min: 1, max: 42 })),
    ).toBeVisible();

    await tool.getByLabel(label("en", "protectionBreak.typed.days")).fill("");
    await tool.getByLabel(label("en", "protectionBreak.unit.days", { count: 1 })).check();
    await tool
      .getByRole("button", { name: label("en", "protectionBreak.time_out.review") })
      .click();
    const confirm = page.getByTestId("break-confirm");
    await expect(confirm).toContainText(label("en", "protectionBreak.confirm.signedOut"));
    await expect(confirm).toContainText(TIMESTAMP);
    await confirm.getByLabel(label("en", "protectionBreak.confirm.understood")).check();
    await confirm
      .getByRole("button", { name: label("en", "protectionBreak.time_out.start") })
      .click();
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("header-login")).toBeVisible();

    const errors = await tryLogin(page, member.account, "Member123", javaScriptEnabled);
    await expect(errors).toHaveText(refusal("break_time_out"));
    await expect(page.getByTestId("member-menu")).toHaveCount(0);
  });

  test("the operator adds a self-exclusion in /ops/protection; the member signs in to the cash-out page only", async ({
    page,
    signIn,
    createMember,
  }) => {
    const member = await createMember({ password: "Member123" });
    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops");
    await page.getByTestId("ops-nav-protection").click();
    await expect(page).toHaveURL("/ops/protection");
    await page.getByLabel(label("en", "protectionBreak.ops.account")).fill(member.account);
    await page.getByRole("radio", { name: label("en", "protectionBreak.kind.exclusion") }).check();
    await page.getByLabel(label("en", "protectionBreak.length"), { exact: true }).fill("6");
    await page.getByRole("button", { name: label("en", "protectionBreak.ops.add") }).click();
    await expect(page).toHaveURL(`/ops/protection?added=${member.account}`);
    await expect(page.getByTestId("ops-protection-done")).toBeVisible();
    const row = page.getByTestId(`ops-protection-${member.account}`);
    await expect(row).toContainText(label("en", "protectionBreak.kind.exclusion"));
    await expect(row).toContainText(label("en", "protectionBreak.source.operator"));

    // The member's sign-in opens the cash-out page alone, never the portal (ADR 49).
    await submitLogin(page, member.account, "Member123");
    await expect(page).toHaveURL("/cash-out");
    await page.goto("/");
    await expect(page.getByTestId("header-login")).toBeVisible();
  });
});
