import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, label, numberIn, test } from "../fixtures";

/**
 * The agent centre's reports for the seeded agent01 (a team with bets,
 * deposits and settlements over the last ~18 days), with JavaScript on and
 * off: date filters typed in the GET form and picked from the presets,
 * and the CSV download holding exactly the filtered rows.
 */

const preset = (page: Page, key: string) =>
  page
    .getByRole("navigation", { name: label("en", "records.filter.presets") })
    .getByRole("link", { name: label("en", `records.filter.${key}`), exact: true });

/** CSV lines as cells (BOM dropped, quotes undone). */
function csvCells(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replace(/""/g, '"')),
    );
}

test.describe("agent reports", () => {
  test.beforeEach(async ({ signIn, page }) => {
    await signIn("agent01", "Agent123", { site: "agent" });
    await page.goto("/agentHome");
    await expect(page).toHaveURL("/agentHome");
  });

  test("team betting: filter by a preset and a typed window, then download the CSV of that window", async ({
    page,
  }) => {
    await page.goto("/agentHome/team-betting");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      label("en", "agentReports.teamBetting"),
    );
    const count = page.getByTestId("records-count");
    const lastWeek = await numberIn(count);
    expect(lastWeek).toBeGreaterThan(0);
    const weekStake = await page.getByTestId("total-stake").textContent();

    // The 30-day preset reaches the older bets of the seed: more rows, other totals.
    await preset(page, "last30").click();
    await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    await expect(preset(page, "last30")).toHaveAttribute("aria-current", "true");
    const lastMonth = await numberIn(count);
    expect(lastMonth).toBeGreaterThan(lastWeek);
    await expect(page.getByTestId("total-stake")).not.toHaveText(weekStake ?? "");

    // One day typed into the form: the day of the newest bet.
    const newest = (await page
      .getByTestId("records-table")
      .locator("tbody tr")
      .first()
      .locator("time")
      .textContent())!.slice(0, 10);
    const filter = page.getByTestId("records-filter");
    await filter.getByLabel(label("en", "records.filter.from"), { exact: true }).fill(newest);
    await filter.getByLabel(label("en", "records.filter.to"), { exact: true }).fill(newest);
    await filter
      .getByRole("button", { name: label("en", "records.filter.apply"), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`from=${newest}&to=${newest}`));
    // The count changes once the filtered page has rendered (with JavaScript the URL can change first).
    await expect.poll(() => numberIn(count)).toBeLessThan(lastMonth);
    const oneDay = await numberIn(count);
    expect(oneDay).toBeGreaterThan(0);
    for (const time of await page
      .getByTestId("records-table")
      .locator("tbody time")
      .allTextContents())
      expect(time.startsWith(newest)).toBe(true);

    // The CSV holds that day's rows, all of them.
    const link = page.getByTestId("report-csv");
    await expect(link).toHaveAttribute(
      "href",
      new RegExp(`^/agentHome/team-betting\\.csv\\?.*from=${newest}`),
    );
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`team-betting-${newest}-${newest}.csv`);
    const [header, ...rows] = csvCells(await readFile((await download.path())!, "utf8"));
    expect(header).toEqual(
      [
        "records.columns.time",
        "agentReports.columns.account",
        "records.columns.game",
        "records.columns.vendor",
        "records.columns.stake",
        "records.columns.validBet",
        "records.columns.payout",
        "records.columns.winLoss",
        "records.columns.status",
      ].map((key) => label("en", key)),
    );
    expect(rows).toHaveLength(oneDay);
    for (const row of rows) expect(row[0]!.startsWith(newest)).toBe(true);
  });

  for (const [path, title] of [
    ["loss-statements", "agentReports.lossStatements"],
    ["income", "agentReports.income"],
    ["transactions", "agentReports.transactions"],
  ] as const) {
    test(`${path}: shows agent01's figures, and the presets move the window`, async ({ page }) => {
      await page.goto(`/agentHome/${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("en", title));
      await expect(page.getByTestId("records-table")).toBeVisible();
      expect(await numberIn(page.getByTestId("records-count"))).toBeGreaterThan(0);
      await preset(page, "last30").click();
      await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
      // The preset links carry the window as rendered: wait for the new one before moving it.
      await expect(preset(page, "last30")).toHaveAttribute("aria-current", "true");
      await expect(page.getByTestId("records-table")).toBeVisible();
      const from = new URL(page.url()).searchParams.get("from")!;
      await preset(page, "previous7").click();
      // The window moved back: an earlier first day.
      await page.waitForURL((url) => (url.searchParams.get("from") ?? "9999") < from);
      await expect(page.getByTestId("report-csv")).toHaveAttribute(
        "href",
        new RegExp(`^/agentHome/${path}\\.csv\\?`),
      );
    });
  }
});
