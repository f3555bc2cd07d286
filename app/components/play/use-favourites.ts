import { useRouteLoaderData } from "@remix-run/react";

/** The portal layout's route id: its loader reads the member's favourite ids once per request. */
export const PORTAL_LAYOUT_ID = "routes/_portal+/_layout";

type LayoutFavourites = { viewer: unknown; favouriteIds?: number[] } | undefined;

/** One Set per loaded list, shared by every tile of the page. */
const sets = new WeakMap<number[], ReadonlySet<number>>();

/**
 * The signed-in member's favourite game ids, or null for a visitor (and
 * outside the portal layout). Revalidated after every favourite toggle.
 */
export function useFavourites(): ReadonlySet<number> | null {
  const layout = useRouteLoaderData(PORTAL_LAYOUT_ID) as LayoutFavourites;
  if (!layout?.viewer) return null;
  const ids = layout.favouriteIds ?? [];
  let set = sets.get(ids);
  if (!set) sets.set(ids, (set = new Set(ids)));
  return set;
}
