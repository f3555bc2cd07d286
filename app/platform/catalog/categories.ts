/** Game categories, in the order the upstream returns its lanes. */
export const LANE_ORDER = [
  "RNG",
  "LIVE",
  "FISH",
  "SPORTS",
  "PVP",
  "ELOTT",
  "LOTT",
  "MXWIN",
] as const;

export const CATEGORIES = [
  "SPORTS",
  "ESPORTS",
  "LIVE",
  "LOTT",
  "ELOTT",
  "FISH",
  "PVP",
  "RNG",
  "COCKFIGHT",
  "MXWIN",
] as const;

export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** RNG sub-types; BG joins them only when the TY language is supported. */
export function rngSubTypes(languages: readonly string[]): string[] {
  const base = ["SC", "VP", "JP", "TG", "AC"];
  return languages.includes("ty") ? [...base, "BG"] : base;
}

/** Game grid: 6 per row; 2 rows on home, 4 elsewhere. */
export const GRID_COLUMNS = 6;
export const HOME_PAGE_SIZE = 12;
export const LIST_PAGE_SIZE = 24;
/** Home shows at most 5 vendors per category. */
export const HOME_VENDOR_LIMIT = 5;
export const WINNER_BOARD_LIMIT = 20;
/** The header drop-down is large above 10 vendors. */
export const LARGE_DROPDOWN_ABOVE = 10;
