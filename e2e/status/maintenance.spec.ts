import { e2eDatabaseUrl, expect, label, test } from "../fixtures";

/**
 * Maintenance is global state. The `status` project runs this file after
 * every other project, in one worker, one test at a time (JavaScript on, then
 * off), and the setMaintenance fixture switches it off again after each test.
 */
test.skip(
  !e2eDatabaseUrl,
  "needs E2E_DATABASE_URL: the maintenance flag is written with SQL, which the test process cannot do to the server's embedded PGlite (npm test sets it up)",
);

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "js" : "nojs", () => {
    test.use({ javaScriptEnabled });

    test("maintenance closes the portal with a 503 and customer service", async ({
      page,
      setMaintenance,
    }) => {
      await setMaintenance(true);
      for (const path of ["/", "/rng", "/login"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(503);
        expect(response?.headers()["retry-after"], path).toBeTruthy();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          label("en", "status.maintenance.title"),
        );
      }
      const customerService = page.getByRole("link", {
        name: label("en", "header.customerService"),
      });
      await expect(customerService).toBeVisible();
      await expect(customerService).toHaveAttribute("href", "/resources/cs/LIVECHAT");
      await expect(page.locator("header.site-header")).toHaveCount(0);
      await expect(page.locator("footer.site-footer")).toHaveCount(0);
      await expect(page.getByTestId("header-login")).toHaveCount(0);

      // The health check is about the process and its database, not the business state.
      const health = await page.request.get("/healthz");
      expect(health.status()).toBe(200);

      await setMaintenance(false);
      const reopened = await page.goto("/");
      expect(reopened?.status()).toBe(200);
      await expect(page.locator("header.site-header")).toBeVisible();
    });

    test("maintenance shows on the next navigation of an open page", async ({
      page,
      setMaintenance,
    }) => {
      await page.goto("/");
      await expect(page.getByTestId("section-HOT")).toBeVisible();
      await setMaintenance(true);
      await page.locator('nav.lobby-tabs a[data-tab="RNG"]').click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        label("en", "status.maintenance.title"),
      );
      await expect(page.locator("header.site-header")).toHaveCount(0);
    });

    test.describe("a blocked visitor during maintenance", () => {
      test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.7", "x-country-code": "KP" } });

      test("sees maintenance, which wins over the region page", async ({
        page,
        setMaintenance,
      }) => {
        await setMaintenance(true);
        const response = await page.goto("/");
        expect(response?.status()).toBe(503);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          label("en", "status.maintenance.title"),
        );
        await expect(page.getByTestId("visitor-ip")).toHaveCount(0);

        await setMaintenance(false);
        const blocked = await page.goto("/");
        expect(blocked?.status()).toBe(403);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          label("en", "status.region.title"),
        );
      });
    });

    test("maintenance is shown in the visitor's language", async ({ page, setMaintenance }) => {
      await setMaintenance(true);
      const response = await page.goto("/?lng=ur");
      expect(response?.status()).toBe(503);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        label("ur", "status.maintenance.title"),
      );
    });
  });
}
