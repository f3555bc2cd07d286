import { useRouteLoaderData } from "@remix-run/react";

/** The portal layout's route id: its loader reads the member's favourite ids once per request. */
export const PORTAL_LAYOUT_ID = "routes/_portal+/_layout";

/** One Set per loaded list, shared by every tile of the page. */
const sets = new WeakMap<number[], ReadonlySet<number>>();

/**
 * The signed-in member's favourite game ids, or null for a visitor (and
 * outside the portal layout). Revalidated after every favourite toggle.
 * A component may not know the layout's loader type (routes are above it),
 * so what it reads (`viewer`, `favouriteIds`) is checked here, not cast.
 */
export function useFavourites(): ReadonlySet<number> | null {
  const layout: unknown = useRouteLoaderData(PORTAL_LAYOUT_ID);
  if (typeof layout !== "object" || layout === null) return null;
  if (!("viewer" in layout) || !layout.viewer) return null;
  const ids: number[] =
    "favouriteIds" in layout && Array.isArray(layout.favouriteIds) ? layout.favouriteIds : [];
  let set = sets.get(ids);
  if (!set) sets.set(ids, (set = new Set(ids)));
  return set;
}
