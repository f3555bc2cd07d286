import type { Page } from "@playwright/test";
import { agentLogin, expect, label, submitLogin, test } from "../fixtures";

/**
 * The spec's step-up from an unregistered IP (ADR 37), with JavaScript on and
 * off. The e2e server trusts one proxy hop (TRUST_PROXY_HOPS=1): these tests
 * send an X-Forwarded-For address no account has signed in from, so the right
 * password asks for one more proof before any session exists. (Not 198.51.100.0/24:
 * the demo brand blocks that range by region.)
 */
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.23" } });

async function typePassword(page: Page, account: string, password: string) {
  await submitLogin(page, account, password);
  await expect(page.getByTestId("step-up-dialog")).toBeVisible();
}

test.describe("new-IP step-up", () => {
  test("a member with a bound mobile confirms by SMS code, is signed in and told", async ({
    page,
    createMember,
    readSmsCode,
  }) => {
    const password = "Stepup123";
    const member = await createMember({ password, mobile: true });
    await typePassword(page, member.account, password);
    // No session before the step.
    await expect(page.getByTestId("header-login")).toBeVisible();
    const form = page.getByTestId("step-up-form");
    await expect(form.getByText(label("en", "stepUp.methods.sms"))).toBeVisible();
    await form.getByTestId("step-up-send").click();
    await expect(page.getByTestId("step-up-sent")).toHaveText(label("en", "stepUp.sent.sms"));
    const code = await readSmsCode(`+92${member.mobile}`);
    const codeField = page
      .getByTestId("step-up-form")
      .getByLabel(label("en", "stepUp.code"), { exact: true });
    await codeField.fill(code);
    // Enter confirms (the form's default button), it does not send another code.
    await codeField.press("Enter");
    await expect(page.getByTestId("step-up-dialog")).toHaveCount(0);
    await expect(page.getByTestId("header-login")).toHaveCount(0);
    await page.goto("/member/messages");
    await expect(page.getByText(/203\.0\.113\.23/)).toBeVisible();
  });

  test("a wrong payout holder name is refused with the translated error", async ({
    page,
    createMember,
    serverDatabase,
  }) => {
    test.skip(!serverDatabase, "needs E2E_DATABASE_URL");
    const password = "Stepup123";
    const member = await createMember({ password, mobile: true });
    const { id } = await serverDatabase!
      .selectFrom("members")
      .select("id")
      .where("account", "=", member.account)
      .executeTakeFirstOrThrow();
    await serverDatabase!
      .insertInto("payee_accounts")
      .values({
        member_id: id,
        kind: "bank",
        provider: "HBL",
        holder_name: "Ali Khan",
        account_number: "not-read-here",
      })
      .execute();
    await typePassword(page, member.account, password);
    await page.getByTestId("step-up-method-payee_name").click();
    const form = page.getByTestId("step-up-form");
    await form.getByLabel(label("en", "stepUp.holderName"), { exact: true }).fill("Someone Else");
    await form.getByTestId("step-up-submit").click();
    await expect(page.getByTestId("step-up-form")).toContainText(
      label("en", "stepUp.errors.step_up_payee_wrong"),
    );
    await expect(page.getByTestId("header-login")).toBeVisible();
    // The right name, in another case and spacing, passes.
    await page
      .getByTestId("step-up-form")
      .getByLabel(label("en", "stepUp.holderName"), { exact: true })
      .fill("  ali KHAN ");
    await page.getByTestId("step-up-submit").click();
    await expect(page.getByTestId("header-login")).toHaveCount(0);
  });

  test("an agent signing in at /agent from a new address is asked too", async ({
    page,
    createMember,
    readSmsCode,
  }) => {
    const password = "Stepup123";
    const agent = await createMember({ password, mobile: true, type: 1 });
    await agentLogin(page, agent.account, password);
    await expect(page.getByTestId("step-up-dialog")).toBeVisible();
    await page.getByTestId("step-up-send").click();
    await expect(page.getByTestId("step-up-sent")).toHaveText(label("en", "stepUp.sent.sms"));
    const code = await readSmsCode(`+92${agent.mobile}`);
    await page
      .getByTestId("step-up-form")
      .getByLabel(label("en", "stepUp.code"), { exact: true })
      .fill(code);
    await page.getByTestId("step-up-submit").click();
    await expect(page).toHaveURL(/\/agentHome/);
  });
});
