import { readFile } from "node:fs/promises";
import { DEMO_STAFF_PASSWORD } from "~/platform/seed/staff.server";
import { expect, label, test } from "../fixtures";

/**
 * The audit trail at /ops/audit, with JavaScript on and off: compliance reads
 * it, narrows it by staff and event, downloads the CSV of what it shows, and
 * finds that download in the trail, under its own name and role. A role
 * without the permission has no menu entry and is refused.
 */
test.describe("the audit trail", () => {
  test("compliance filters the trail, downloads it, and finds the download in it", async ({
    signIn,
    page,
  }) => {
    await signIn("comply01", DEMO_STAFF_PASSWORD, { site: "ops" });
    await page.goto("/ops/age-checks");
    await page.getByTestId("ops-nav-audit").click();
    await expect(page).toHaveURL("/ops/audit");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("en", "opsAudit.title"));

    const filter = page.getByTestId("records-filter");
    const narrow = async () => {
      await filter
        .getByLabel(label("en", "opsAudit.filter.staff"), { exact: true })
        .fill("comply01");
      await filter
        .getByLabel(label("en", "opsAudit.filter.event"), { exact: true })
        .selectOption({ label: label("en", "opsAudit.events.audit_exported") });
      await filter.getByRole("button", { name: label("en", "records.filter.apply") }).click();
      await expect(page).toHaveURL(/staff=comply01/);
      await expect(page).toHaveURL(/event=audit_exported/);
    };
    await narrow();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("ops-audit-export").click(),
    ]);
    const lines = (await readFile((await download.path())!, "utf8"))
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toContain(`"${label("en", "opsAudit.columns.at")}"`);

    // The download is in the trail now, under comply01's name and role.
    await page.goto("/ops/audit");
    await narrow();
    const newest = page.getByTestId("ops-audit-entry").first();
    await expect(newest.getByTestId("ops-audit-staff")).toContainText("comply01");
    await expect(newest.getByTestId("ops-audit-staff")).toContainText("compliance");
    await expect(newest.getByTestId("ops-audit-event")).toHaveText(
      label("en", "opsAudit.events.audit_exported"),
    );
  });

  test("support has no audit trail: no menu entry, and the page is refused", async ({
    signIn,
    page,
  }) => {
    await signIn("support01", DEMO_STAFF_PASSWORD, { site: "ops" });
    await page.goto("/ops/support");
    await expect(page.getByTestId("ops-nav-support")).toBeVisible();
    await expect(page.getByTestId("ops-nav-audit")).toHaveCount(0);
    const response = await page.goto("/ops/audit");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("alert")).toContainText(label("en", "error.forbidden"));
  });
});
