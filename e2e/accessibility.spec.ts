import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * axe-core on the pages a visitor and a member see first, in English and in
 * Urdu (right to left): no serious or critical violation of WCAG 2.1 A and AA.
 * Hydrated pages only (the `js` project): axe runs as a script in the page.
 */

const VISITOR_PAGES = ["/", "/live", "/login", "/promotions"];
const MEMBER_PAGES = ["/", "/member", "/member/deposit", "/member/rewards"];

async function seriousViolations(page: Page, path: string, language: string) {
  const separator = path.includes("?") ? "&" : "?";
  await page.goto(`${path}${separator}lng=${language}`);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // Label in name (WCAG 2.5.3) is "experimental" in axe, so off unless asked for.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${language} ${path}: ${violation.id} (${violation.impact}) at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}

test.describe("no serious accessibility violations", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");

  for (const language of ["en", "ur"]) {
    test(`a visitor's first pages in ${language}`, async ({ page }) => {
      const found: string[] = [];
      for (const path of VISITOR_PAGES)
        found.push(...(await seriousViolations(page, path, language)));
      expect(found).toEqual([]);
    });

    test(`a member's first pages in ${language}`, async ({ page, signIn }) => {
      await signIn("player01", "Player123");
      const found: string[] = [];
      for (const path of MEMBER_PAGES)
        found.push(...(await seriousViolations(page, path, language)));
      expect(found).toEqual([]);
    });
  }
});
