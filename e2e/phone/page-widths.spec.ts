import type { Page } from "@playwright/test";
import { expect, test, type SignIn } from "../fixtures";
import { offScreen } from "./screen";

/**
 * Every page a visitor, a member and an agent can reach by following links,
 * on a phone (the `phone-*` projects: touch, a mobile viewport): the document
 * is never wider than the screen, and an open dialog's close control lies on
 * the screen, where a tap reaches it and not something drawn over it.
 *
 * Read as the server sends it (JavaScript off): the widths are the HTML's and
 * the stylesheet's, the dialogs are the ones the URL opens, and a page costs a
 * fraction of a hydrated one. e2e/phone/first-flows.spec.ts taps through the
 * same dialogs with JavaScript.
 */
test.use({ javaScriptEnabled: false });

/** Enough for every page of the side menu, the footer and the member and agent centres. */
const MAX_PAGES = 90;
/** Variants of one path (pages of a list, filters, dialogs) worth reading. */
const MAX_PER_PATH = 3;

/** Never followed: sign-out, files and endpoints, the staff console, another role's login. */
const SKIP =
  /^\/(logout|resources\/|ops(\/|$)|demo-games\/|healthz|robots\.txt|sitemap\.xml|bench\.)/;

async function sameSiteLinks(page: Page): Promise<string[]> {
  return page.locator("a[href]").evaluateAll((anchors) =>
    anchors
      .filter((anchor) => !anchor.hasAttribute("download"))
      .map((anchor) => new URL((anchor as HTMLAnchorElement).href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname + url.search),
  );
}

async function crawl(page: Page, start: string[]) {
  const queue = [...start];
  const seen = new Set<string>();
  const perPath = new Map<string, number>();
  const problems: string[] = [];
  while (queue.length > 0 && seen.size < MAX_PAGES) {
    const target = queue.shift()!;
    const path = target.split("?")[0]!;
    if (seen.has(target) || SKIP.test(path) || (perPath.get(path) ?? 0) >= MAX_PER_PATH) continue;
    seen.add(target);
    perPath.set(path, (perPath.get(path) ?? 0) + 1);
    const response = await page.goto(target);
    // A page a link leads to works (an error page would be measured as fine).
    expect(response?.status(), target).toBeLessThan(400);
    for (const problem of await offScreen(page)) problems.push(`${target}: ${problem}`);
    queue.push(...(await sameSiteLinks(page)));
  }
  return { pages: seen.size, problems };
}

async function checkAs(page: Page, start: string[]) {
  test.setTimeout(240_000);
  const { pages, problems } = await crawl(page, start);
  test.info().annotations.push({ type: "pages read", description: String(pages) });
  expect(pages).toBeGreaterThan(10);
  expect(problems).toEqual([]);
}

async function signedIn(signIn: SignIn, account: string, password: string, site?: "agent") {
  await signIn(account, password, site ? { site } : {});
}

test.describe("no page wider than the phone", () => {
  test.describe("as a visitor", () => {
    // A visitor's first visit opens the announcements dialog: it is measured too.
    test.use({ dismissAnnouncements: false });
    test("a visitor's pages, with the announcements and the login dialog", async ({ page }) => {
      await checkAs(page, ["/", "/login", "/register", "/promotions"]);
    });
  });

  test.describe("signed in", () => {
    test("a member's pages", async ({ page, signIn }) => {
      await signedIn(signIn, "player01", "Player123");
      await checkAs(page, ["/", "/member"]);
    });

    test("an agent's pages", async ({ page, signIn }) => {
      await signedIn(signIn, "agent01", "Agent123", "agent");
      await checkAs(page, ["/agentHome"]);
    });
  });
});
