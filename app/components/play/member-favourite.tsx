import { lazy, Suspense, type ComponentProps, type ComponentType } from "react";
import type { FavouriteToggle as Toggle } from "./favourite-toggle";
import * as onServer from "./favourite-toggle.server";

type Props = ComponentProps<typeof Toggle>;

/**
 * The favourite toggle stays out of visitors' JavaScript (the home page's
 * budget, docs/benchmarks.md), like the member chrome (member-only.tsx): the
 * server renders it at once, the browser fetches its chunk when a member's
 * page hydrates and keeps the server's HTML until it arrives.
 */
const Component = (onServer.FavouriteToggle ??
  lazy(() =>
    import("./favourite-toggle").then((module) => ({ default: module.FavouriteToggle })),
  )) as ComponentType<Props>;

export function MemberFavouriteToggle(props: Props) {
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}
