import { randomInt } from "node:crypto";
import { BUILT_IN_ROLES } from "../../app/platform/identity/staff-permissions";
import { opsPagesFor } from "../../app/utils/ops-pages";
import { enrolAuthenticator, expect, label, opsLogin, test, uniqueAccount } from "../fixtures";

/**
 * Staff accounts (ADR 44), with JavaScript on and off: the admin ops01
 * creates a support account, whose owner opens the one-time link in a
 * browser of their own, chooses a password, signs in and enrols an
 * authenticator, and sees support's screens only; disabled by the admin, the
 * account's next request is refused. Roles: a new one, then its permissions
 * edited.
 */
const OPS01_PASSWORD = "Ops12345";
const PASSWORD = "Quiet-harbour-71";

test.describe("staff accounts", () => {
  test("a support account made by the admin is set up through its one-time link, sees support's menu, and is refused once disabled", async ({
    page,
    browser,
    javaScriptEnabled,
    baseURL,
  }) => {
    await opsLogin(page, "ops01", OPS01_PASSWORD);
    await page.getByTestId("ops-nav-staff").click();
    await expect(page).toHaveURL("/ops/staff");

    const account = uniqueAccount("staff");
    const create = page.getByTestId("ops-staff-create-form");
    await create.getByLabel(label("en", "staffOps.field.account"), { exact: true }).fill(account);
    await create
      .getByLabel(label("en", "staffOps.field.role"), { exact: true })
      .selectOption({ label: "support" });
    await create.getByTestId("ops-staff-create").click();
    const shown = page.getByTestId("ops-staff-setup-link");
    await expect(shown).toContainText(label("en", "staffOps.create.done", { account }));
    const link = await page.getByTestId("ops-staff-setup-url").inputValue();
    expect(link).toMatch(/\/ops\/setup\?setup=/);
    // Shown once: the list, loaded again, has the account but no link.
    await page.goto("/ops/staff");
    await expect(page.getByTestId("ops-staff-setup-link")).toHaveCount(0);
    const row = page.locator(`[data-testid="ops-staff-row"][data-account="${account}"]`);
    await expect(row.getByTestId("ops-staff-state")).toHaveText(
      label("en", "staffOps.states.awaitingPassword"),
    );

    // The new staff member, in a browser of their own.
    const theirs = await browser.newContext({ javaScriptEnabled, baseURL, locale: "en-US" });
    const staffPage = await theirs.newPage();
    try {
      await staffPage.goto(link);
      await expect(staffPage.getByRole("heading", { level: 1 })).toHaveText(
        label("en", "staffOps.setup.title"),
      );
      await staffPage.getByLabel(label("en", "opsSetup.password"), { exact: true }).fill(PASSWORD);
      await staffPage
        .getByLabel(label("en", "opsSetup.confirmPassword"), { exact: true })
        .fill(PASSWORD);
      await staffPage.getByTestId("ops-setup-submit").click();
      await expect(staffPage.getByTestId("ops-setup-done")).toHaveText(
        label("en", "staffOps.setup.done"),
      );
      // The link worked once.
      await staffPage.goto(link);
      await expect(staffPage.getByRole("alert")).toHaveText(label("en", "opsSetup.invalid"));

      await staffPage.goto("/ops/login");
      await staffPage.getByLabel(label("en", "ops.login.username"), { exact: true }).fill(account);
      await staffPage.getByLabel(label("en", "ops.login.password"), { exact: true }).fill(PASSWORD);
      await staffPage
        .getByRole("button", { name: label("en", "ops.login.submit"), exact: true })
        .click();
      await expect(staffPage).toHaveURL("/ops/authenticator");
      await enrolAuthenticator(staffPage);
      await staffPage.goto("/ops");
      await expect(staffPage).toHaveURL("/ops");
      const menu = staffPage.locator(".ops-nav a");
      const supportPages = opsPagesFor(BUILT_IN_ROLES.support!);
      // The staff home, then the screens of its role.
      await expect(menu).toHaveCount(supportPages.length + 1);
      for (const { testId } of supportPages)
        await expect(staffPage.getByTestId(`ops-nav-${testId}`)).toBeVisible();
      await expect(staffPage.getByTestId("ops-nav-staff")).toHaveCount(0);

      // The admin disables it; its next request goes back to the sign-in page.
      await row.getByRole("link", { name: account }).click();
      await expect(page.getByTestId("ops-staff-role")).toHaveText("support");
      await page.getByTestId("ops-staff-disable").click();
      await expect(page.getByTestId("ops-staff-done")).toHaveText(
        label("en", "staffOps.member.done.disabled"),
      );
      await expect(page.getByTestId("ops-staff-state")).toHaveText(
        label("en", "staffOps.states.disabled"),
      );
      await staffPage.goto("/ops/support");
      await expect(staffPage).toHaveURL("/ops/login");
    } finally {
      await theirs.close();
    }
  });

  test("the admin makes a role and edits its permissions; the ticks are kept", async ({ page }) => {
    await opsLogin(page, "ops01", OPS01_PASSWORD);
    await page.goto("/ops/staff");
    await page.getByTestId("ops-role-new").click();
    await expect(page).toHaveURL("/ops/staff/roles/new");
    const form = page.getByTestId("ops-role-form");
    const name = `desk-${randomInt(1_000_000_000)}`;

    // A name against the rule: refused, the ticks kept.
    await form.getByLabel(label("en", "staffOps.role.name"), { exact: true }).fill("Desk Staff");
    const supportArea = form.getByTestId("ops-role-area-support");
    await supportArea.getByRole("checkbox", { name: /support\.view/ }).check();
    await form.getByTestId("ops-role-save").click();
    await expect(form.getByRole("alert").first()).toHaveText(
      label("en", "staffOps.error.role_name_invalid"),
    );
    await expect(supportArea.getByRole("checkbox", { name: /support\.view/ })).toBeChecked();

    await form.getByLabel(label("en", "staffOps.role.name"), { exact: true }).fill(name);
    await form.getByTestId("ops-role-save").click();
    await expect(page.getByTestId("ops-role-done")).toHaveText(
      label("en", "staffOps.role.done.created"),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "staffOps.role.title", { name }),
    );

    const chat = page.getByTestId("ops-role-area-chat");
    await chat.getByRole("checkbox", { name: /chat\.view/ }).check();
    await page
      .getByTestId("ops-role-area-support")
      .getByRole("checkbox", { name: /support\.view/ })
      .uncheck();
    await page.getByTestId("ops-role-save").click();
    await expect(page.getByTestId("ops-role-done")).toHaveText(
      label("en", "staffOps.role.done.saved"),
    );
    await page.reload();
    await expect(chat.getByRole("checkbox", { name: /chat\.view/ })).toBeChecked();
    await expect(
      page.getByTestId("ops-role-area-support").getByRole("checkbox", { name: /support\.view/ }),
    ).not.toBeChecked();

    await page.goto("/ops/staff");
    const row = page.locator(`[data-testid="ops-role-row"][data-role="${name}"]`);
    await expect(row.locator("td").nth(1)).toHaveText("1");

    // Nobody holds it: it can be deleted, and the list says so. A held role offers no deletion.
    await row.getByRole("link", { name }).click();
    await page.getByTestId("ops-role-delete").click();
    await expect(page).toHaveURL(`/ops/staff?roleDeleted=${name}`);
    await expect(page.getByTestId("ops-role-deleted")).toHaveText(
      label("en", "staffOps.role.deleted", { name }),
    );
    await expect(row).toHaveCount(0);
    await page
      .locator('[data-testid="ops-role-row"][data-role="support"]')
      .getByRole("link", { name: "support" })
      .click();
    await expect(page.getByTestId("ops-role-delete")).toHaveCount(0);
  });
});
