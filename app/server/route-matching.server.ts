// Shared by design: installed once by the server entry, for every request of every feature.
// Remix's server runtime matches every request's path against the route tree by
// calling `@remix-run/router`'s `matchRoutes`, which flattens and ranks all ~200
// routes and compiles a RegExp per route it tries, each time: profiled under
// autocannon it was half the server's CPU on a cached visitor page (issue 18,
// docs/benchmarks.md). The route tree only changes with a new build, so the
// matches of a path are kept per tree shape: React's render builds a new tree
// of the same shape for every request and matches it again (fog of war's
// partial manifest, <Routes>). Inside remix-serve (ADR 1) the module's
// exports object, which the runtime calls through, is the one place to step in:
// its own `matchRoutes` is memoised, and the static handler that runs the
// loaders (and matches the whole tree again) answers each request with a
// handler built once for the matched branch alone.
import { createRequire } from "node:module";

type MatchRoutes = (routes: unknown, location: unknown, basename?: string) => Match[] | null;
type Match = { params: Record<string, string | undefined> } & Record<string, unknown>;
type Route = { id: string; children?: Route[] } & Record<string, unknown>;

// Paths with parameters (a game, a page number) are many; beyond this the table starts again.
const MAX_PATHS_PER_TREE = 2_000;
// Shapes are few (the runtime's tree, React's); a development rebuild adds one each time.
const MAX_SHAPES = 16;

const PATCHED = Symbol.for("portal.memoisedMatchRoutes");

/**
 * The versions whose module exports the patch replaces, as it was written,
 * measured and tested against. Another version may call other exports or
 * none: the patch then stays out (Remix works, only slower) and says so.
 * Delete this file with the React Router 7 move (ADR 24).
 */
export const PATCHED_VERSIONS: Readonly<Record<string, string>> = {
  "@remix-run/router": "1.23.3",
  "@remix-run/react": "2.17.5",
};

interface MatchStats {
  hits: number;
  misses: number;
}

/**
 * Matches the installed memo answered from its tables, and matched afresh,
 * since the process started; null when it is not installed. Read off the
 * router's export, so it counts the memo the server runtime calls, whichever
 * copy of this module (the build's, a test's) installed it.
 */
export function routeMatchStats(): MatchStats | null {
  const router = createRequire(import.meta.url)("@remix-run/router") as Record<string, unknown>;
  const stats = (router.matchRoutes as Record<symbol, MatchStats | undefined>)[PATCHED];
  return stats ? { ...stats } : null;
}

/** What a match is apart from its route object, which belongs to one tree. */
type KeptMatch = { routeId: string } & Match;

/**
 * A tree's shape (what matching reads: ids, paths, index and case flags, nesting)
 * and its routes by id. React's render builds a new tree of the same shape for
 * every request, so tables are kept per shape, not per tree object.
 */
interface TreeIndex {
  shape: string;
  byId: Map<string, Route>;
}

function indexTree(routes: unknown): TreeIndex | null {
  const byId = new Map<string, Route>();
  const parts: string[] = [];
  const walk = (list: unknown): boolean => {
    if (!Array.isArray(list)) return false;
    parts.push("[");
    for (const route of list as Route[]) {
      if (!route || typeof route.id !== "string" || byId.has(route.id)) return false;
      byId.set(route.id, route);
      parts.push(
        `${route.id}\t${String(route.path ?? "")}\t${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}`,
      );
      if (route.children && !walk(route.children)) return false;
    }
    parts.push("]");
    return true;
  };
  return walk(routes) ? { shape: parts.join("\n"), byId } : null;
}

/** Matches answered from a table per tree shape; each caller gets its own copies. */
export function memoiseMatchRoutes(original: MatchRoutes): MatchRoutes {
  const indexes = new WeakMap<object, TreeIndex | null>();
  const tables = new Map<string, Map<string, KeptMatch[] | null>>();
  const stats: MatchStats = { hits: 0, misses: 0 };
  const memoised: MatchRoutes = (routes, location, basename) => {
    // Matching reads only the location's pathname (a string also carries search and hash).
    const path =
      typeof location === "string"
        ? location
        : location && typeof location === "object"
          ? ((location as { pathname?: unknown }).pathname ?? "/")
          : undefined;
    if (typeof path !== "string" || !routes || typeof routes !== "object")
      return original(routes, location, basename);
    let index = indexes.get(routes);
    if (index === undefined) indexes.set(routes, (index = indexTree(routes)));
    // Routes without unique ids cannot be found again in another tree: match them afresh.
    if (!index) return original(routes, location, basename);
    let table = tables.get(index.shape);
    if (!table) {
      if (tables.size >= MAX_SHAPES) tables.clear();
      tables.set(index.shape, (table = new Map()));
    }
    const key = `${typeof location}\n${basename ?? ""}\n${path}`;
    let kept = table.get(key);
    if (kept === undefined) stats.misses++;
    else stats.hits++;
    if (kept === undefined) {
      const matches = original(routes, location, basename);
      kept =
        matches &&
        matches.map(
          ({ route, ...rest }) => ({ ...rest, routeId: (route as Route).id }) as KeptMatch,
        );
      if (table.size >= MAX_PATHS_PER_TREE) table.clear();
      table.set(key, kept);
    }
    const byId = index.byId;
    return (
      kept &&
      kept.map(({ routeId, params, ...rest }) => ({
        ...rest,
        params: { ...params },
        route: byId.get(routeId),
      }))
    );
  };
  return Object.assign(memoised, { [PATCHED]: stats });
}

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

type RouteModules = Record<string, unknown>;
type CreateServerRoutes = (
  manifest: RouteModules,
  routeModules: RouteModules,
  future: unknown,
  isSpaMode: boolean,
  ...nested: unknown[]
) => unknown[];

/**
 * React's route tree for a build, built once. `RemixServer` rebuilds it from the
 * manifest on every render (3 % of a signed-in page's CPU); the tree holds only
 * the route modules' components and flags, so it is the same for every request
 * while the build's manifest and modules are.
 */
export function memoiseServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  type Kept = { modules: RouteModules; future: unknown; isSpaMode: boolean; routes: unknown[] };
  const kept = new WeakMap<object, Kept>();
  const sameModules = (manifest: RouteModules, a: RouteModules, b: RouteModules) =>
    Object.keys(manifest).every((id) => a[id] === b[id]);
  return (manifest, routeModules, future, isSpaMode, ...nested) => {
    // Its own recursion passes more arguments; only the whole tree is kept.
    if (nested.length > 0 || !manifest || !routeModules)
      return original(manifest, routeModules, future, isSpaMode, ...nested);
    const hit = kept.get(manifest);
    if (
      hit &&
      hit.future === future &&
      hit.isSpaMode === isSpaMode &&
      sameModules(manifest, hit.modules, routeModules)
    )
      return hit.routes;
    const routes = original(manifest, routeModules, future, isSpaMode);
    kept.set(manifest, { modules: { ...routeModules }, future, isSpaMode, routes });
    return routes;
  };
}

/** Why the patch does not fit the installed Remix packages, or null when it does. */
export function routeMatchPatchProblem(
  installed: (name: string) => string = (name) =>
    (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version,
): string | null {
  const wrong = Object.entries(PATCHED_VERSIONS)
    .map(([name, version]) => ({ name, version, found: installed(name) }))
    .filter(({ version, found }) => found !== version);
  if (wrong.length === 0) return null;
  const list = wrong.map(({ name, version, found }) => `${name} ${found} (written for ${version})`);
  return `the route-matching patch does not fit ${list.join(", ")}: check the exports it replaces, then update PATCHED_VERSIONS`;
}

/**
 * Installs them on the modules the server runtime and RemixServer call
 * through; with other Remix versions than it was written for, leaves them
 * alone and logs why at error level. True when installed.
 */
export function installRouteMatchMemo(
  log: (event: string, fields: Record<string, unknown>) => void,
): boolean {
  const problem = routeMatchPatchProblem();
  if (problem) {
    log("route_matching.unpatched", { level: "error", problem });
    return false;
  }
  const require = createRequire(import.meta.url);
  const router = require("@remix-run/router") as {
    matchRoutes: MatchRoutes;
    createStaticHandler: CreateStaticHandler;
  };
  if ((router.matchRoutes as unknown as Record<symbol, unknown>)[PATCHED]) return true;
  router.matchRoutes = memoiseMatchRoutes(router.matchRoutes);
  router.createStaticHandler = branchingStaticHandler(
    router.createStaticHandler,
    router.matchRoutes,
  );
  // RemixServer calls it through this module's exports (@remix-run/react has no exports map).
  const reactRoutes = require("@remix-run/react/dist/routes.js") as {
    createServerRoutes: CreateServerRoutes;
  };
  reactRoutes.createServerRoutes = memoiseServerRoutes(reactRoutes.createServerRoutes);
  return true;
}
