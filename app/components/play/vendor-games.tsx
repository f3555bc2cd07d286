import { lazy, Suspense, type ComponentProps, type ComponentType } from "react";
import type { VendorGamesDialog as Dialog } from "./vendor-games-dialog";
import * as onServer from "./vendor-games.server";

type Props = ComponentProps<typeof Dialog>;

/**
 * The vendor game list popup stays out of the home page's JavaScript (its
 * budget, docs/benchmarks.md), as the member chrome does (member-only.tsx):
 * the server renders it at once; the browser fetches its chunk when the
 * popup first opens, keeping the server's HTML until it arrives.
 */
const Component = (onServer.VendorGamesDialog ??
  lazy(() =>
    import("./vendor-games-dialog").then((module) => ({ default: module.VendorGamesDialog })),
  )) as ComponentType<Props>;

export function VendorGamesPopup(props: Props) {
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}
