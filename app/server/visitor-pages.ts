/**
 * The pages a visitor's page cache stores (they show no one's data), and the
 * query parameters those pages and the portal layout read. A request with any
 * other parameter is rendered but never stored, so a made-up `?x=` cannot
 * fill the cache; e2e/page-cache.spec.ts checks that every link on these
 * pages uses only these.
 */
export const VISITOR_PAGES = new Set([
  "/",
  "/live",
  "/sports",
  "/rng",
  "/fish",
  "/esports",
  "/lott",
  "/elott",
  "/pvp",
  "/promotions",
  "/help",
  "/download",
]);

const READ_PARAMS = new Set([
  // The layout's dialogs (URL state): which one, the register form's mode, the login form's
  // tab, where login returns.
  "modal",
  "mode",
  "by",
  "redirectTo",
  // The vendor's game list dialog over any page.
  "vendorGames",
  "vendorCategory",
  "vendorGamesPage",
  // The lobby: its tab, the announcements popup and notice, a lane's pages.
  "tab",
  "notice",
  "announcements",
  // Category pages: the vendor, the game type, the page.
  "vassalage",
  "classify",
  "page",
  // Promotions: the category, the open promotion, its application form and answer.
  "category",
  "promotion",
  "apply",
  "done",
  // A language switch by link.
  "lng",
]);

/** A lobby lane's vendor and page: `rngVendor`, `livePage`, `hotPage`, `favPage`. */
const LANE_PARAM = /^[a-z][a-z0-9]*(Vendor|Page)$/;

export function isReadParam(name: string): boolean {
  return READ_PARAMS.has(name) || LANE_PARAM.test(name);
}

/** The query of a visitor page's address, its parameters in one order; null when it has one no page reads. */
export function readQuery(url: URL): string | null {
  const names = [...url.searchParams.keys()];
  if (!names.every(isReadParam)) return null;
  const sorted = new URLSearchParams(url.searchParams);
  sorted.sort();
  return sorted.toString();
}
