// Remix's server runtime matches every request's path against the route tree by
// calling `@remix-run/router`'s `matchRoutes`, which flattens and ranks all ~200
// routes and compiles a RegExp per route it tries, each time: profiled under
// autocannon it was half the server's CPU on a cached visitor page (issue 18,
// docs/benchmarks.md). The route tree only changes with a new build, so the
// matches of a path are kept per tree. Inside remix-serve (ADR 1) the runtime's
// call through the module's exports object is the one place to step in; the
// router's own second match inside its static handler is out of reach.
import { createRequire } from "node:module";

type MatchRoutes = (routes: unknown, location: unknown, basename?: string) => Match[] | null;
type Match = { params: Record<string, string | undefined> } & Record<string, unknown>;

// Paths with parameters (a game, a page number) are many; beyond this the table starts again.
const MAX_PATHS_PER_TREE = 2_000;

const PATCHED = Symbol.for("portal.memoisedMatchRoutes");

/** Matches answered from a table per route tree; each caller gets its own copies. */
export function memoiseMatchRoutes(original: MatchRoutes): MatchRoutes {
  const tables = new WeakMap<object, Map<string, Match[] | null>>();
  const memoised: MatchRoutes = (routes, location, basename) => {
    // A location object (search, hash) is the client's shape; the server passes the pathname.
    if (typeof location !== "string" || !routes || typeof routes !== "object")
      return original(routes, location, basename);
    let table = tables.get(routes);
    if (!table) tables.set(routes, (table = new Map()));
    const key = `${basename ?? ""}\n${location}`;
    let matches = table.get(key);
    if (matches === undefined) {
      matches = original(routes, location, basename);
      if (table.size >= MAX_PATHS_PER_TREE) table.clear();
      table.set(key, matches);
    }
    return matches && matches.map((match) => ({ ...match, params: { ...match.params } }));
  };
  return Object.assign(memoised, { [PATCHED]: true });
}

/** Installs the memoised matcher on the router module the server runtime calls through. */
export function installRouteMatchMemo() {
  const require = createRequire(import.meta.url);
  const router = require("@remix-run/router") as { matchRoutes: MatchRoutes };
  if ((router.matchRoutes as unknown as Record<symbol, unknown>)[PATCHED]) return;
  router.matchRoutes = memoiseMatchRoutes(router.matchRoutes);
}
