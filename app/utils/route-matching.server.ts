// Shared by design: installed once by the server entry, for every request of every feature.
// Remix's server runtime matches every request's path against the route tree by
// calling `@remix-run/router`'s `matchRoutes`, which flattens and ranks all ~200
// routes and compiles a RegExp per route it tries, each time: profiled under
// autocannon it was half the server's CPU on a cached visitor page (issue 18,
// docs/benchmarks.md). The route tree only changes with a new build, so the
// matches of a path are kept per tree. Inside remix-serve (ADR 1) the module's
// exports object, which the runtime calls through, is the one place to step in:
// its own `matchRoutes` is memoised, and the static handler that runs the
// loaders (and matches the whole tree again) answers each request with a
// handler built once for the matched branch alone.
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

type Route = { id: string; children?: Route[] } & Record<string, unknown>;
type StaticHandler = {
  dataRoutes: Route[];
  query: (request: Request, options?: unknown) => Promise<unknown>;
  queryRoute: (request: Request, options?: unknown) => Promise<unknown>;
};
type CreateStaticHandler = (routes: Route[], options?: { basename?: string }) => StaticHandler;

/** The route tree cut down to one branch: the matched routes, each holding only the next. */
function branchOf(matches: Match[]): Route[] {
  let child: Route | undefined;
  for (const match of [...matches].reverse()) {
    child = { ...(match.route as Route), children: child ? [child] : undefined };
  }
  return child ? [child] : [];
}

/**
 * A static handler that hands each request to one built for its matched branch
 * (a tree of a few routes instead of ~200), so the router's own match per
 * request is cheap. Paths that match nothing go to the whole tree (the 404).
 */
export function branchingStaticHandler(
  create: CreateStaticHandler,
  matchRoutes: MatchRoutes,
): CreateStaticHandler {
  return (routes, options) => {
    const whole = create(routes, options);
    const byBranch = new Map<string, StaticHandler>();
    const handlerFor = (request: Request) => {
      const matches = matchRoutes(
        whole.dataRoutes,
        new URL(request.url).pathname,
        options?.basename,
      );
      if (!matches || matches.length === 0) return whole;
      const key = matches.map((match) => (match.route as Route).id).join("\n");
      let handler = byBranch.get(key);
      if (!handler) byBranch.set(key, (handler = create(branchOf(matches), options)));
      return handler;
    };
    return {
      dataRoutes: whole.dataRoutes,
      query: (request, queryOptions) => handlerFor(request).query(request, queryOptions),
      queryRoute: (request, queryOptions) => handlerFor(request).queryRoute(request, queryOptions),
    };
  };
}

/** Installs both on the router module the server runtime calls through. */
export function installRouteMatchMemo() {
  const require = createRequire(import.meta.url);
  const router = require("@remix-run/router") as {
    matchRoutes: MatchRoutes;
    createStaticHandler: CreateStaticHandler;
  };
  if ((router.matchRoutes as unknown as Record<symbol, unknown>)[PATCHED]) return;
  router.matchRoutes = memoiseMatchRoutes(router.matchRoutes);
  router.createStaticHandler = branchingStaticHandler(
    router.createStaticHandler,
    router.matchRoutes,
  );
}
