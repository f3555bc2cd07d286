import { expect, label, test } from "./fixtures";

/**
 * The e2e server trusts one proxy hop (TRUST_PROXY_HOPS=1) and reads the
 * country from x-country-code; the demo brand blocks KP and 198.51.100.0/24.
 * These requests only carry headers, so they run in parallel with the rest.
 */

test.describe("blocked address", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.7" } });

  test("gets the region page with its IP and customer service", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "status.region.title"),
    );
    await expect(page.getByTestId("visitor-ip")).toHaveText("198.51.100.7");
    await expect(
      page.getByRole("link", { name: label("en", "header.customerService") }),
    ).toBeVisible();
    // A status page has no portal chrome.
    await expect(page.locator("header.site-header")).toHaveCount(0);
    await expect(page.locator("footer.site-footer")).toHaveCount(0);
  });

  test("is blocked on every portal page", async ({ page }) => {
    for (const path of ["/rng", "/help", "/no-such-page"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        label("en", "status.region.title"),
      );
    }
  });
});

test.describe("blocked country", () => {
  test.use({ extraHTTPHeaders: { "x-country-code": "KP" } });

  test("gets the region page", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "status.region.title"),
    );
    await expect(page.getByTestId("visitor-ip")).toBeVisible();
  });
});

test.describe("allowed address and country", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.9", "x-country-code": "PK" } });

  test("gets the lobby", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("section-HOT")).toBeVisible();
  });
});

test.describe("a spoofed address behind the trusted proxy", () => {
  // The proxy appends what it saw last; a client-supplied first entry must not count.
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.7, 203.0.113.9" } });

  test("is judged by the proxy's entry", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
  });
});
