import { withSearchParam } from "./misc";

/** Category pages that have a route of their own; categories without one open their lobby tab. */
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

/** The reward centre opened at a promotion (by its code), as messages and bonus records link to it. */
export const rewardCentreHref = (code: string) =>
  `/member/rewards?promotion=${encodeURIComponent(code)}`;

/** The login dialog, returning to `redirectTo` afterwards (same-site paths only). */
export function loginHref(redirectTo?: string | null): string {
  return redirectTo && redirectTo !== "/"
    ? `/login?redirectTo=${encodeURIComponent(redirectTo)}`
    : "/login";
}

/**
 * Where a vendor entry leads (vendor tiles, header drop-downs): an RNG
 * vendor filters /rng by vassalage; any other vendor launches, decided
 * by the game popup route: its game, its game list popup or its lottery page,
 * after the login dialog for a visitor.
 */
export function vendorHref(category: string, vassalage: string): string {
  return category === "RNG"
    ? withSearchParam(categoryPath(category), "vassalage", vassalage)
    : vendorLaunchHref(category, vassalage);
}

/**
 * The launch of a game (free trial: `demo`), decided on the server by the
 * game popup route: login, the real-account notice, a lottery page, the
 * vendor's game list, or the game itself.
 */
export function launchHref(nodeId: number, mode: "real" | "demo" = "real"): string {
  return `/seamless?nodeId=${nodeId}${mode === "demo" ? "&mode=demo" : ""}`;
}

/** The launch of a vendor card (a vendor tile): its game, its game list, or its lottery page. */
export function vendorLaunchHref(category: string, vassalage: string): string {
  return `/seamless?category=${encodeURIComponent(category)}&vassalage=${encodeURIComponent(vassalage)}`;
}
