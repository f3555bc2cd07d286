import { expect, label, test } from "../fixtures";

const PLAYER = { account: "player01", password: "Player123" };

test.describe("logout", () => {
  test("sign out asks for confirmation: cancel stays signed in, confirm leaves a visitor on /", async ({
    signIn,
    page,
    context,
  }) => {
    await signIn(PLAYER.account, PLAYER.password);
    await page.goto("/");
    const menu = page.getByTestId("member-menu");
    const dialog = page.getByTestId("logout-dialog");
    const openSignOut = async () => {
      await menu.locator(":scope > summary").click();
      await menu.getByRole("link", { name: label("en", "member.signOut"), exact: true }).click();
      await expect(
        dialog.getByRole("heading", { name: label("en", "logout.title") }),
      ).toBeVisible();
      await expect(dialog.getByText(label("en", "logout.confirmText"))).toBeVisible();
    };

    // Cancel: the dialog closes and nothing else changes.
    await openSignOut();
    await expect(page).toHaveURL("/?modal=logout");
    await dialog.getByRole("link", { name: label("en", "logout.cancel"), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL("/");
    await page.reload();
    await expect(menu).toBeVisible();
    await expect(page.getByTestId("header-login")).toHaveCount(0);

    // Confirm: signed out, back on / as a visitor, the session cookie gone.
    await openSignOut();
    await dialog.getByRole("button", { name: label("en", "logout.confirm"), exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("header-login")).toBeVisible();
    await expect(menu).toHaveCount(0);
    expect((await context.cookies()).filter((cookie) => cookie.name === "session")).toEqual([]);

    await page.reload();
    await expect(page.getByTestId("header-login")).toBeVisible();
    await expect(menu).toHaveCount(0);
  });
});
