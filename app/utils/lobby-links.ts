import { withSearchParam } from "./misc";

/** Category pages of the §2 route table; categories without one open their lobby tab. */
const categoryPaths: Record<string, string> = {
  RNG: "/rng",
  LIVE: "/live",
  FISH: "/fish",
  PVP: "/pvp",
  SPORTS: "/sports",
  ESPORTS: "/esports",
  LOTT: "/lott",
  ELOTT: "/elott",
};

export function categoryPath(category: string): string {
  return categoryPaths[category] ?? `/?tab=${encodeURIComponent(category)}`;
}

/** The login dialog, returning to `redirectTo` afterwards (same-site paths only). */
export function loginHref(redirectTo?: string | null): string {
  return redirectTo && redirectTo !== "/" ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
}

/**
 * Where a vendor card leads (§4): an RNG vendor filters /rng by vassalage;
 * any other vendor launches, which for a visitor means logging in first.
 */
export function vendorHref(category: string, vassalage: string, isMember: boolean): string {
  const filtered = withSearchParam(categoryPath(category), "vassalage", vassalage);
  if (category === "RNG") return filtered;
  return isMember ? filtered : loginHref(filtered);
}
