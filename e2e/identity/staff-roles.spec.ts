import { DEMO_STAFF_PASSWORD } from "~/platform/seed/staff.server";
import { expect, label, test } from "../fixtures";

/**
 * Staff roles (ADR 41), with JavaScript on and off: what a role's permissions
 * do not include is refused by the server with the translated "not allowed"
 * page, whatever the browser sends, and changes nothing.
 */
test.describe("staff roles", () => {
  test("read-only staff read the back office's screens, but a save is refused with the page saying so", async ({
    signIn,
    page,
  }) => {
    await signIn("readonly01", DEMO_STAFF_PASSWORD, { site: "ops" });
    await page.goto("/ops");
    await expect(page).toHaveURL("/ops");
    await expect(page.getByTestId("ops-operator")).toHaveText(
      label("en", "ops.signedInAs", { account: "readonly01" }),
    );
    await page.getByTestId("ops-nav-vip").click();
    await expect(page).toHaveURL("/ops/vip");
    const level4 = page.getByTestId("ops-vip-level-4");
    const before = await level4.textContent();

    await page.getByRole("link", { name: label("en", "vipLevels.ops.edit", { level: 4 }) }).click();
    const form = page.getByTestId("ops-vip-form");
    await form
      .getByLabel(label("en", "vipLevels.ops.withdrawDailyCount"), { exact: true })
      .fill("99");
    await form.getByTestId("ops-vip-save").click();
    const refusal = page.getByRole("alert");
    await expect(refusal).toContainText(label("en", "error.forbiddenTitle"));
    await expect(refusal).toContainText(label("en", "error.forbidden"));

    await page.goto("/ops/vip");
    await expect(page.getByTestId("ops-vip-level-4")).toHaveText(before!);
  });
});
