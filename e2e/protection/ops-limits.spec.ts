import { sql } from "kysely";
import { expect, label, test } from "../fixtures";

/**
 * Issue 17, the operator's limits and the login page, with JavaScript on and
 * off: ops01 sets and lowers a member's limit and sees it with its trail, a
 * raise is refused; the login page's offer leads through login to the limits
 * page; a session past its time limit (backdated in the e2e database) is sent
 * to the login page with the notice.
 */

const PASSWORD = "OpsLimit1234";

test.describe("operator limits and session ends", () => {
  test("ops01 sets then lowers a member's limit, sees it with its trail; a raise is refused", async ({
    page,
    signIn,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops/protection");
    await page.getByTestId("ops-protection-view-limits").click();
    await expect(page).toHaveURL("/ops/protection?view=limits");
    const form = page.getByTestId("ops-add-limit");
    const add = async (amount: string) => {
      await form.getByLabel(label("en", "protectionBreak.ops.account")).fill(account);
      await form.getByLabel(label("en", "protection.limits.period")).selectOption("week");
      await form.getByLabel(label("en", "protection.limits.amount")).fill(amount);
      await form
        .getByRole("button", { name: label("en", "protectionOps.addLimit.submit") })
        .click();
    };
    await add("500");
    await expect(page.getByTestId("ops-limit-done")).toBeVisible();
    await add("200");
    await expect(page).toHaveURL(`/ops/protection?view=limits&account=${account}&limited=now`);
    const row = page.getByTestId(`ops-limit-${account}-deposit-week`);
    await expect(row).toContainText("200.00");
    await row.getByText(label("en", "protectionBreak.ops.trail")).click();
    await expect(row.getByText("protection_limit_set")).toHaveCount(2);

    await add("900");
    await expect(page.getByText(label("en", "protectionOps.errors.limit_not_lower"))).toBeVisible();
    await page.goto(`/ops/protection?view=limits&account=${account}`);
    await expect(page.getByTestId(`ops-limit-${account}-deposit-week`)).toContainText("200.00");
  });

  test("the login page's offer leads through login to the limits page", async ({
    page,
    createMember,
  }) => {
    const { account } = await createMember({ password: PASSWORD });
    await page.goto("/login");
    const dialog = page.getByTestId("login-dialog");
    await dialog.getByRole("link", { name: label("en", "protectionOps.login.offerLink") }).click();
    await expect(page).toHaveURL("/login?redirectTo=%2Fmember%2Fprotection%2Flimits");
    await dialog.getByLabel(label("en", "login.username"), { exact: true }).fill(account);
    await dialog.getByLabel(label("en", "login.password"), { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: label("en", "login.submit"), exact: true }).click();
    await expect(page).toHaveURL("/member/protection/limits");
  });

  test("a session past its time limit is sent to the login page with the notice", async ({
    page,
    signIn,
    createMember,
    serverDatabase,
  }) => {
    test.skip(!serverDatabase, "needs E2E_DATABASE_URL to move the session's start");
    const { account } = await createMember({ password: PASSWORD });
    await signIn(account, PASSWORD);
    await sql`insert into reality_checks (member_id, interval_minutes, session_limit_minutes, updated_at)
              select id, 0, 30, now() from members where account = ${account}`.execute(
      serverDatabase!,
    );
    await sql`update sessions set created_at = now() - make_interval(mins => 31)
              where member_id = (select id from members where account = ${account})`.execute(
      serverDatabase!,
    );
    await page.goto("/member/protection");
    await expect(page).toHaveURL(
      "/login?redirectTo=%2Fmember%2Fprotection&ended=session_limit&minutes=30",
    );
    await expect(page.getByTestId("login-ended")).toHaveText(
      label("en", "protectionOps.ended.session_limit_minutes", { minutes: 30 }),
    );
    await expect(page.getByRole("status").filter({ hasText: /30/ })).toBeVisible();
  });
});
