import { expect, label, test } from "../fixtures";

test.describe("free trial", () => {
  test("a trial account is kept out of the member centre", async ({ page }) => {
    await page.goto("/login");
    await page
      .getByTestId("login-dialog")
      .getByRole("button", { name: label("en", "login.freePlay"), exact: true })
      .click();

    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("header-login")).toHaveCount(0);
    await expect(page.getByTestId("member-menu").locator(":scope > summary")).toContainText(
      /guest[0-9a-z]+/,
    );

    await page.goto("/member/security");
    await expect(page).toHaveURL(/[?&]modal=real-account(&|$)/);
    const dialog = page.getByTestId("real-account-dialog");
    await expect(
      dialog.getByRole("heading", { name: label("en", "realAccount.title") }),
    ).toBeVisible();
    await expect(dialog.getByText(label("en", "realAccount.message"))).toBeVisible();
    const confirm = dialog.getByRole("link", {
      name: label("en", "realAccount.confirm"),
      exact: true,
    });
    await expect(confirm).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 1, name: label("en", "security.title") }),
    ).toHaveCount(0);

    // Confirm closes the notice; the trial stays signed in.
    await confirm.click();
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=real-account/);
    await expect(page.getByTestId("member-menu")).toBeVisible();
  });
});
