import { expect, label, test } from "./fixtures";

test.describe("login-required routes", () => {
  for (const path of [
    "/favorite",
    "/recent",
    "/lottery",
    "/seaLottery",
    "/vnLottery",
    "/member",
    "/member/anything",
  ]) {
    test(`${path} sends a visitor to log in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
      const dialog = page.getByTestId("login-dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('input[name="redirectTo"]')).toHaveValue(path);
    });
  }
});

test("/agentHome sends a visitor to the agent login with its service hours", async ({ page }) => {
  await page.goto("/agentHome");
  await expect(page).toHaveURL("/agent");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("en", "agent.title"));
  await expect(page.getByTestId("service-hours")).toContainText("Monday to Friday 12:00-21:00");
  // Its own layout: no portal header.
  await expect(page.locator("header.site-header")).toHaveCount(0);
});

test("an unknown path is a 404 inside the portal layout", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    label("en", "error.notFoundTitle"),
  );
  await expect(page.locator("header.site-header")).toBeVisible();
  await expect(page.getByTestId("header-login")).toBeVisible();
  await expect(page.locator("footer.site-footer")).toBeVisible();
});

test("/help#term opens the terms article", async ({ page }) => {
  await page.goto("/help#term");
  const terms = page.locator("section#term");
  await expect(terms).toBeVisible();
  await expect(terms.getByRole("heading", { level: 2 })).toHaveText(/terms/i);
  await expect(terms.getByRole("heading", { level: 2 })).toBeInViewport();
});

test("the footer's terms link leads to the terms article", async ({ page }) => {
  await page.goto("/");
  await page.locator('footer a[href="/help#term"]').click();
  await expect(page).toHaveURL("/help#term");
  await expect(page.locator("section#term").getByRole("heading", { level: 2 })).toBeInViewport();
});

test("/healthz answers ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("documents carry a per-request CSP nonce that every script uses, and the other security headers", async ({
  page,
}) => {
  const first = await page.goto("/help");
  const headers = first!.headers();
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
  expect(nonce, "script-src has a nonce").toBeTruthy();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  expect(headers["x-request-id"]).toBeTruthy();
  // Browsers hide the nonce attribute; the property keeps it.
  const scriptNonces = await page.evaluate(() =>
    [...document.scripts].map((script) => script.nonce),
  );
  expect(scriptNonces.length).toBeGreaterThan(0);
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
  const second = await page.goto("/help");
  expect(/'nonce-([^']+)'/.exec(second!.headers()["content-security-policy"] ?? "")?.[1]).not.toBe(
    nonce,
  );
});

test.describe("one address per page: a trailing slash", () => {
  for (const [path, canonical] of [
    ["/login/", "/login"],
    [
      "/login/?redirectTo=%2Fpromotions%3Fq%3D%25E4%25BD%25A0",
      "/login?redirectTo=%2Fpromotions%3Fq%3D%25E4%25BD%25A0",
    ],
    ["/promotions/?category=all", "/promotions?category=all"],
    ["/member/", "/member"],
    ["/agentHome/", "/agentHome"],
  ]) {
    test(`${path} answers one permanent redirect to ${canonical}, which is the page`, async ({
      request,
    }) => {
      const response = await request.get(path!, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers()["location"]).toBe(canonical);
      // The canonical address is not sent back again: at most its own guard's redirect, then a page.
      const page = await request.get(canonical!, { maxRedirects: 3 });
      expect(page.status()).toBe(200);
      expect(new URL(page.url()).pathname.endsWith("/")).toBe(false);
    });
  }

  test("//evil.example/ stays on this site", async ({ request, baseURL }) => {
    const response = await request.get(`${baseURL}//evil.example/`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    const location = response.headers()["location"]!;
    expect(location.startsWith("//")).toBe(false);
    expect(new URL(location, baseURL).origin).toBe(new URL(baseURL!).origin);
  });

  test("the home page and resource routes answer as before", async ({ request }) => {
    expect((await request.get("/", { maxRedirects: 0 })).status()).toBe(200);
    expect((await request.get("/healthz", { maxRedirects: 0 })).status()).toBe(200);
    expect((await request.get("/robots.txt", { maxRedirects: 0 })).status()).toBe(200);
  });
});
