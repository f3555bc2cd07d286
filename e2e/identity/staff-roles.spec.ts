import { DEMO_STAFF_PASSWORD } from "~/platform/seed/staff.server";
import { expect, label, test } from "../fixtures";

/**
 * Staff roles (ADR 41), with JavaScript on and off: what a role's permissions
 * do not include is refused by the server with the translated "not allowed"
 * page, whatever the browser sends, and changes nothing.
 */
test.describe("staff roles", () => {
  test("read-only staff read the back office's screens, are offered no save, and a forged save is refused and changes nothing", async ({
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
    await expect(page).toHaveURL("/ops/vip?level=4");
    await expect(page.getByTestId("ops-vip-form")).toHaveCount(0);

    // What the browser would have sent, sent by hand with the same session: the server refuses it.
    const forged = await page.request.post("/ops/vip?level=4", {
      form: { withdrawDailyCount: "99" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain(label("en", "error.forbidden"));

    await page.goto("/ops/vip");
    await expect(page.getByTestId("ops-vip-level-4")).toHaveText(before!);
  });
});
