import { expect, label, numberIn, test } from "./fixtures";

test.describe("/rng game list", () => {
  test("the numbered pager walks the list", async ({ page }) => {
    await page.goto("/rng?vassalage=PG&classify=SC");
    const pager = page.locator("nav.pager");
    const status = page.getByTestId("page-status");
    await expect(status).toHaveText(/^1 \/ \d+$/);
    const total = Number((await status.textContent())!.split("/")[1]);
    const firstTile = page.getByTestId("game-tile").first();
    const firstId = (await firstTile.getAttribute("data-node-id"))!;

    await pager
      .getByRole("link", { name: label("en", "pager.page", { page: 2 }), exact: true })
      .click();

    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]vassalage=PG(&|$)/);
    await expect(page).toHaveURL(/[?&]classify=SC(&|$)/);
    await expect(status).toHaveText(`2 / ${total}`);
    await expect(pager.locator('a[aria-current="page"]')).toHaveText("2");
    await expect(firstTile).not.toHaveAttribute("data-node-id", firstId);

    await pager.locator('a[rel="prev"]').click();
    await expect(status).toHaveText(`1 / ${total}`);
    await expect(pager.locator('a[aria-current="page"]')).toHaveText("1");
  });

  test("page 2 by URL, and an out-of-range page clamps to the last", async ({ page }) => {
    await page.goto("/rng?vassalage=PG&classify=SC&page=2");
    const status = page.getByTestId("page-status");
    await expect(status).toHaveText(/^2 \/ \d+$/);
    const total = Number((await status.textContent())!.split("/")[1]);

    await page.goto("/rng?vassalage=PG&classify=SC&page=9999");
    await expect(status).toHaveText(`${total} / ${total}`);
    await expect(page.locator('nav.pager a[aria-current="page"]')).toHaveText(String(total));
    await expect(page.getByTestId("game-tile").first()).toBeVisible();

    await page.goto("/rng?page=-3");
    await expect(status).toHaveText(/^1 \/ \d+$/);
  });

  test("?vassalage=PG shows only PG games, and a sub-type narrows them", async ({ page }) => {
    await page.goto("/rng?vassalage=PG");
    const pgLink = page.locator('nav.sub-menu a[data-vassalage="PG"]');
    await expect(pgLink).toHaveAttribute("aria-current", "true");
    const vendorName = (await pgLink.textContent())!.trim();

    const tiles = page.getByTestId("game-tile");
    await expect(tiles.first()).toBeVisible();
    await expect(tiles.locator(".game-vendor").filter({ hasNotText: vendorName })).toHaveCount(0);
    const count = page.getByTestId("game-count");
    const allPg = await numberIn(count);
    expect(allPg).toBeGreaterThan(0);

    await page.locator('a[data-classify="SC"]').click();
    await expect(page).toHaveURL(/[?&]classify=SC(&|$)/);
    await expect(page.locator('a[data-classify="SC"]')).toHaveAttribute("aria-current", "true");
    await expect.poll(() => numberIn(count)).toBeLessThan(allPg);
    expect(await numberIn(count)).toBeGreaterThan(0);
    await expect(tiles.locator(".game-vendor").filter({ hasNotText: vendorName })).toHaveCount(0);
  });

  test("the vendor sub-menu filters the list", async ({ page }) => {
    await page.goto("/rng");
    const count = page.getByTestId("game-count");
    const all = await numberIn(count);

    const link = page.locator('nav.sub-menu a[data-vassalage="EG2"]');
    const vendorName = (await link.textContent())!.trim();
    await link.click();

    await expect(page).toHaveURL(/[?&]vassalage=EG2(&|$)/);
    await expect(page.locator('nav.sub-menu a[data-vassalage="EG2"]')).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect.poll(() => numberIn(count)).toBeLessThan(all);
    const tiles = page.getByTestId("game-tile");
    await expect(tiles.first()).toBeVisible();
    await expect(tiles.locator(".game-vendor").filter({ hasNotText: vendorName })).toHaveCount(0);

    // "All" clears the filter and the page number.
    await page
      .locator("nav.sub-menu")
      .first()
      .getByRole("link", { name: label("en", "lobby.allVendors"), exact: true })
      .click();
    await expect(page).toHaveURL("/rng");
    await expect.poll(() => numberIn(count)).toBe(all);
  });
});
