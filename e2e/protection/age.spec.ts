import type { Page } from "@playwright/test";
import { expect, ID_DOCUMENT_PNG, label, test, uniqueAccount, waitForHydrated } from "../fixtures";
import { depositThroughPayStep } from "../wallet/deposit-steps";

/** Posts the security centre's age-check form with a birthday and the document's photo. */
async function askForVerification(page: Page, birthday: string) {
  const form = page.getByTestId("age-check-form");
  await form.getByLabel(label("en", "ageCheck.birthday"), { exact: true }).fill(birthday);
  await form.getByLabel(label("en", "ageCheck.document")).setInputFiles({
    name: "id.png",
    mimeType: "image/png",
    buffer: ID_DOCUMENT_PNG,
  });
  await form.getByRole("button", { name: label("en", "ageCheck.submit") }).click();
}

/**
 * Issue 17's age checks, with JavaScript on and off: the demo brand requires
 * a verified birthday before the first deposit, and its registration asks
 * for an 18+ birthday.
 */
test.describe("age verification", () => {
  test("an unverified member sees the notice, asks with a birthday and a photo; ops01 verifies; the member deposits", async ({
    page,
    signIn,
    createMember,
    javaScriptEnabled,
  }) => {
    const member = await createMember({ password: "Member123", ageVerified: false });
    await signIn(member.account, "Member123");
    await page.goto("/member/deposit");
    await expect(page.getByTestId("age-deposit-notice")).toContainText(
      label("en", "ageCheck.depositNotice"),
    );
    await expect(page.getByTestId("deposit-form")).toHaveCount(0);
    await page.getByRole("link", { name: label("en", "ageCheck.depositLink") }).click();
    await expect(page).toHaveURL(/\/member\/security#age-check$/);

    const form = page.getByTestId("age-check-form");
    if (javaScriptEnabled) await waitForHydrated(form);
    // Under 18 first: a field error, nothing sent.
    await askForVerification(page, "2015-04-01");
    await expect(
      page
        .getByTestId("age-check-form")
        .getByText(label("en", "ageCheck.error.birthday_underage"), { exact: true }),
    ).toBeVisible();

    await askForVerification(page, "1990-04-01");
    await expect(page.getByTestId("age-check-done")).toBeVisible();
    await expect(page.getByTestId("age-check-status")).toHaveText(
      label("en", "ageCheck.status.pending", { birthday: "1990-04-01" }),
    );

    // The operator works in the same browser: the back office has its own cookie.
    await signIn("ops01", "Ops12345", { site: "ops" });
    await page.goto("/ops/age-checks");
    const row = page.locator(`[data-testid="ops-age-row"][data-account="${member.account}"]`);
    await expect(row).toContainText("1990-04-01");
    await expect(row.getByRole("img")).toHaveCount(1);
    await row.getByTestId("ops-age-verify").click();
    await expect(page.getByTestId("ops-age-done")).toHaveText(
      label("en", "ageCheck.ops.done.verify"),
    );

    await page.goto("/member/security#age-check");
    await expect(page.getByTestId("age-check-status")).toHaveText(
      label("en", "ageCheck.status.verified", { birthday: "1990-04-01" }),
    );
    await depositThroughPayStep(page, "250");
  });

  test("a registration with an under-18 birthday gets the field error and keeps the other fields", async ({
    page,
    javaScriptEnabled,
  }) => {
    const username = uniqueAccount("e2e");
    await page.goto("/register");
    const dialog = page.getByTestId("register-dialog");
    if (javaScriptEnabled) await waitForHydrated(dialog);
    const text = (key: string) =>
      dialog.getByRole("textbox", { name: label("en", key), exact: true });
    await text("register.username").fill(username);
    await text("register.password").fill("Harbour-Reg-2468");
    await text("register.confirmPassword").fill("Harbour-Reg-2468");
    await dialog.getByLabel(label("en", "ageCheck.birthday")).fill("2012-12-12");
    await dialog.getByRole("checkbox", { name: label("en", "register.terms") }).check();
    await dialog.getByTestId("register-submit").click();

    await expect(dialog.getByText(label("en", "ageCheck.error.birthday_underage"))).toBeVisible();
    await expect(text("register.username")).toHaveValue(username);
    await expect(dialog.getByLabel(label("en", "ageCheck.birthday"))).toHaveValue("2012-12-12");
    await expect(page.getByTestId("header-login")).toBeVisible();
  });
});
