import { expect, numberIn, scrolledLane, test } from "./fixtures";

test.describe("lobby tabs", () => {
  test("the RNG tab shows only the RNG section", async ({ page }) => {
    await page.goto("/");
    await page.locator('nav.lobby-tabs a[data-tab="RNG"]').click();

    await expect(page).toHaveURL("/?tab=RNG");
    await expect(page.locator('nav.lobby-tabs a[data-tab="RNG"]')).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByTestId("section-RNG")).toBeVisible();
    await expect(page.getByTestId("section-RNG").getByTestId("game-tile").first()).toBeVisible();
    await expect(page.locator('[data-testid^="section-"]')).toHaveCount(1);
    await expect(page.getByTestId("section-HOT")).toHaveCount(0);
  });

  test("the LIVE tab shows vendor tiles", async ({ page }) => {
    await page.goto("/");
    await page.locator('nav.lobby-tabs a[data-tab="LIVE"]').click();

    await expect(page).toHaveURL("/?tab=LIVE");
    const live = page.getByTestId("section-LIVE");
    await expect(live).toBeVisible();
    await expect(live.getByTestId("vendor-tile").first()).toBeVisible();
    await expect(live.getByTestId("game-tile")).toHaveCount(0);
    await expect(page.locator('[data-testid^="section-"]')).toHaveCount(1);
  });

  test("back to HOME shows every section again", async ({ page }) => {
    await page.goto("/?tab=FISH");
    await expect(page.locator('[data-testid^="section-"]')).toHaveCount(1);
    await page.locator('nav.lobby-tabs a[data-tab="HOME"]').click();
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("section-HOT")).toBeVisible();
    // Retried: without JavaScript the new document may still be streaming in.
    await expect.poll(() => page.locator('[data-testid^="section-"]').count()).toBeGreaterThan(5);
  });

  test("the FAV tab asks a visitor to log in", async ({ page }) => {
    await page.goto("/");
    await page.locator('nav.lobby-tabs a[data-tab="FAV"]').click();

    await expect(page).toHaveURL("/login?redirectTo=%2F%3Ftab%3DFAV");
    await expect(page.getByTestId("login-dialog")).toBeVisible();
    // After logging in, the visitor comes back to the FAV tab.
    await expect(page.getByTestId("login-dialog").locator('input[name="redirectTo"]')).toHaveValue(
      "/?tab=FAV",
    );
  });
});

test.describe("home grid paging", () => {
  test("the RNG grid's next arrow shows page 2", async ({ page }) => {
    await page.goto("/");
    const section = await scrolledLane(page, "RNG");
    const status = section.getByTestId("page-status");
    await expect(status).toHaveText(/^1 \/ \d+$/);
    const total = Number((await status.textContent())!.split("/")[1]);
    expect(total).toBeGreaterThan(1);
    const firstTile = section.getByTestId("game-tile").first();
    const firstId = await firstTile.getAttribute("data-node-id");

    await section.locator('a[rel="next"]').click();

    await expect(page).toHaveURL(/[?&]rngPage=2(&|$)/);
    await expect(status).toHaveText(`2 / ${total}`);
    await expect(firstTile).not.toHaveAttribute("data-node-id", firstId!);
    await expect(section.getByTestId("game-tile")).toHaveCount(12);

    await section.locator('a[rel="prev"]').click();
    await expect(status).toHaveText(`1 / ${total}`);
    await expect(firstTile).toHaveAttribute("data-node-id", firstId!);
  });

  test("the hot games grid pages on its own", async ({ page }) => {
    await page.goto("/");
    const hot = page.getByTestId("section-HOT");
    const rngStatus = page.getByTestId("section-RNG").getByTestId("page-status");
    await expect(hot.getByTestId("page-status")).toHaveText(/^1 \/ \d+$/);
    await hot.locator('a[rel="next"]').click();
    await expect(page).toHaveURL(/[?&]hotPage=2(&|$)/);
    await expect(hot.getByTestId("page-status")).toHaveText(/^2 \/ \d+$/);
    await expect(rngStatus).toHaveText(/^1 \/ \d+$/);
  });

  test("an out-of-range page shows the last page", async ({ page }) => {
    await page.goto("/");
    const status = page.getByTestId("section-RNG").getByTestId("page-status");
    await expect(status).toHaveText(/^1 \/ \d+$/);
    const total = Number((await status.textContent())!.split("/")[1]);

    // Far beyond the last page (but a plausible page number).
    await page.goto("/?rngPage=9999");
    await expect(status).toHaveText(`${total} / ${total}`);
    await expect((await scrolledLane(page, "RNG")).getByTestId("game-tile").first()).toBeVisible();
    expect(await numberIn(status)).toBe(total);
  });

  test("the RNG section's vendor links filter its grid", async ({ page }) => {
    await page.goto("/");
    const section = await scrolledLane(page, "RNG");
    const vendorLink = section.locator("nav.sub-menu a[data-vassalage]").first();
    const vassalage = (await vendorLink.getAttribute("data-vassalage"))!;
    await vendorLink.click();

    await expect(page).toHaveURL(new RegExp(`[?&]rngVendor=${vassalage}(&|$)`));
    await expect(section.locator(`nav.sub-menu a[data-vassalage="${vassalage}"]`)).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(section.getByTestId("game-tile").first()).toBeVisible();
  });
});
