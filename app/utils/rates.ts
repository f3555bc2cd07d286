/**
 * Rates (contracts, agents' own rates) are basis points in the platform
 * (10000 = 100 %) and percent with two decimals on screen and in forms.
 * Integer arithmetic only, so "1.15" is exactly 115 and never 114.99….
 */

/** 150 → "1.50 %". */
export function formatRate(basisPoints: number): string {
  return `${rateToInput(basisPoints)} %`;
}

/** 150 → "1.50", the text a rate input shows. */
export function rateToInput(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, "0")}`;
}

/** "1.5", "1.50" or "1.50 %" → 150; null for anything else (signs, more decimals, over 100 %). */
export function parseRateInput(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/\s*%$/, ""));
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return value <= 10_000 ? value : null;
}
