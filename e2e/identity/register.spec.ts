import type { Locator } from "@playwright/test";
import { expect, label, labelPattern, test, uniqueAccount, uniqueMobile } from "../fixtures";

const PASSWORD = "Harbour-Reg-2468";

/**
 * A text field of the register form by its accessible name: the label
 * without the required mark, which is aria-hidden (getByLabel would read it).
 */
const field = (dialog: Locator, key: string) =>
  dialog.getByRole("textbox", { name: label("en", key), exact: true });

test.describe("register by username", () => {
  test("a new username registers and lands on / signed in", async ({ page }) => {
    const username = uniqueAccount("e2e");
    await page.goto("/register");
    const dialog = page.getByTestId("register-dialog");
    await expect(
      dialog.getByRole("heading", { name: label("en", "register.title") }),
    ).toBeVisible();

    await field(dialog, "register.username").fill(username);
    await field(dialog, "register.password").fill(PASSWORD);
    await field(dialog, "register.confirmPassword").fill(PASSWORD);
    await dialog.getByRole("checkbox", { name: label("en", "register.terms") }).check();
    await dialog.getByTestId("register-submit").click();

    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("header-login")).toHaveCount(0);
    const menu = page.getByTestId("member-menu");
    await expect(menu.locator(":scope > summary")).toContainText(username);
    await expect(dialog).toHaveCount(0);
  });

  test("without the terms ticked: an inline error, and the username stays", async ({ page }) => {
    const username = uniqueAccount("e2e");
    await page.goto("/register");
    const dialog = page.getByTestId("register-dialog");
    await field(dialog, "register.username").fill(username);
    await field(dialog, "register.password").fill(PASSWORD);
    await field(dialog, "register.confirmPassword").fill(PASSWORD);
    await dialog.getByTestId("register-submit").click();

    const terms = dialog.getByRole("checkbox", { name: label("en", "register.terms") });
    await expect(dialog.getByText(label("en", "register.termsRequired"))).toBeVisible();
    await expect(terms).toHaveAttribute("aria-invalid", "true");
    await expect(terms).not.toBeChecked();
    await expect(field(dialog, "register.username")).toHaveValue(username);
    // Still a visitor.
    await expect(page).toHaveURL(/^[^?]*\/register(\?|$)/);
    await expect(page.getByTestId("header-login")).toBeVisible();
  });
});

test.describe("register by mobile number", () => {
  test("an SMS code from the outbox registers the number and signs in", async ({
    page,
    readSmsCode,
  }) => {
    const mobile = uniqueMobile();
    await page.goto("/register?mode=mobile");
    const dialog = page.getByTestId("register-dialog");
    await expect(dialog.getByTestId("mobile-account-hint")).toBeVisible();

    await dialog
      .getByRole("combobox", { name: label("en", "register.countryDialingCode"), exact: true })
      .selectOption({ label: "+92 (PK)" });
    await field(dialog, "register.mobileNum").fill(mobile);
    const getCode = dialog.getByRole("button", { name: label("en", "sms.getCode"), exact: true });
    await getCode.click();

    // The button waits out the code's lifetime, counting down.
    const sendCode = dialog.getByTestId("send-code");
    await expect(sendCode).toBeDisabled();
    await expect(sendCode).toHaveText(labelPattern("en", "sms.resendIn", "seconds"));
    await expect(dialog.getByText(labelPattern("en", "sms.sent", "minutes"))).toBeVisible();

    const code = await readSmsCode(`+92${mobile}`);
    // The number and the country survive the code request (without JavaScript the page was rendered anew).
    await expect(field(dialog, "register.mobileNum")).toHaveValue(mobile);
    await expect(
      dialog.getByRole("combobox", {
        name: label("en", "register.countryDialingCode"),
        exact: true,
      }),
    ).toHaveValue("92");
    await field(dialog, "register.verificationCode").fill(code);
    await field(dialog, "register.password").fill(PASSWORD);
    await field(dialog, "register.confirmPassword").fill(PASSWORD);
    await dialog.getByRole("checkbox", { name: label("en", "register.terms") }).check();
    await dialog.getByTestId("register-submit").click();

    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("header-login")).toHaveCount(0);
    // The mobile number is the account name.
    await expect(page.getByTestId("member-menu").locator(":scope > summary")).toContainText(mobile);
  });
});
