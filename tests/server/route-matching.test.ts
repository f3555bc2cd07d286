import { createServerRoutes } from "@remix-run/react/dist/routes.js";
import { createStaticHandler, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";
// An internal module of @remix-run/react: the one RemixServer calls.
import {
  branchingStaticHandler,
  memoiseMatchRoutes,
  memoiseServerRoutes,
} from "~/server/route-matching.server";

type AnyRoute = Parameters<typeof createStaticHandler>[0][number];

// A tree shaped like the portal's: a root, a pathless layout, index, static, dynamic and splat routes.
function tree(): AnyRoute[] {
  const loader =
    (id: string) =>
    ({ params }: { params: Record<string, string | undefined> }) => ({ id, params });
  return [
    {
      id: "root",
      path: "/",
      loader: loader("root"),
      children: [
        {
          id: "portal",
          loader: loader("portal"),
          children: [
            { id: "home", index: true, loader: loader("home") },
            { id: "rng", path: "rng", loader: loader("rng") },
            { id: "game", path: "games/:vendor", loader: loader("game") },
          ],
        },
        { id: "login", path: "login", loader: loader("login") },
        { id: "help", path: "help/*", loader: loader("help") },
      ],
    },
  ];
}

const PATHS = ["/", "/rng", "/games/pg", "/games/jili", "/login", "/help/a/b", "/nowhere"];

describe("memoised route matching", () => {
  it("answers what the router answers, path by path, and again from its table", () => {
    const routes = tree();
    const memoised = memoiseMatchRoutes(matchRoutes as never);
    for (const path of [...PATHS, ...PATHS]) {
      expect(memoised(routes, path)).toEqual(matchRoutes(routes, path));
    }
  });

  it("hands each caller its own params, so one request cannot change another's", () => {
    const routes = tree();
    const memoised = memoiseMatchRoutes(matchRoutes as never);
    const first = memoised(routes, "/games/pg");
    first![2]!.params.vendor = "changed";
    expect(memoised(routes, "/games/pg")![2]!.params.vendor).toBe("pg");
  });
});

describe("matches kept per tree shape", () => {
  it("answers a new tree of the same shape with that tree's own route objects", () => {
    const memoised = memoiseMatchRoutes(matchRoutes as never);
    const first = tree();
    const second = tree();
    memoised(first, "/games/pg");
    const matches = memoised(second, "/games/pg")!;
    expect(matches.map((match) => match.route)).toEqual(
      matchRoutes(second, "/games/pg")!.map((match) => match.route),
    );
    for (const [i, match] of matches.entries()) {
      expect(match.route).toBe(matchRoutes(second, "/games/pg")![i]!.route);
    }
  });

  it("keeps trees of another shape apart", () => {
    const memoised = memoiseMatchRoutes(matchRoutes as never);
    memoised(tree(), "/rng");
    const other = tree();
    other[0]!.children![0]!.children![1]!.path = "slots";
    expect(matchRoutes(other, "/rng")).toBeNull();
    expect(memoised(other, "/rng")).toBeNull();
    expect((memoised(other, "/slots")!.at(-1)!.route as { id: string }).id).toBe("rng");
  });

  it("answers a location object as the router does, whatever its search", () => {
    const memoised = memoiseMatchRoutes(matchRoutes as never);
    const routes = tree();
    for (const path of [...PATHS, ...PATHS]) {
      const location = { pathname: path, search: "?page=2", hash: "" };
      expect(memoised(routes, location)).toEqual(matchRoutes(routes, location));
    }
  });

  it("matches routes without ids afresh each time", () => {
    let calls = 0;
    const counting = ((routes: never, location: never) => {
      calls += 1;
      return matchRoutes(routes, location);
    }) as never;
    const memoised = memoiseMatchRoutes(counting);
    const routes = [{ path: "/", children: [{ path: "a" }] }];
    memoised(routes, "/a");
    memoised(routes, "/a");
    expect(calls).toBe(2);
  });
});

describe("a static handler per matched branch", () => {
  const handlers = () => ({
    whole: createStaticHandler(tree()),
    branching: branchingStaticHandler(
      createStaticHandler as never,
      memoiseMatchRoutes(matchRoutes as never),
    )(tree() as never),
  });
  const document = (path: string) =>
    new Request(`http://portal.test${path}`, { headers: { Accept: "text/html" } });

  it("loads the same data, status and matches as the whole tree", async () => {
    const { whole, branching } = handlers();
    for (const path of PATHS) {
      const expected = (await whole.query(document(path))) as unknown as Record<string, unknown>;
      const actual = (await branching.query(document(path))) as unknown as Record<string, unknown>;
      expect(actual.statusCode, path).toBe(expected.statusCode);
      expect(actual.loaderData, path).toEqual(expected.loaderData);
      expect(JSON.stringify(actual.errors), path).toBe(JSON.stringify(expected.errors));
      const ids = (context: Record<string, unknown>) =>
        (context.matches as { route: { id: string } }[]).map((match) => match.route.id);
      expect(ids(actual), path).toEqual(ids(expected));
    }
  });

  it("answers a single route's data the same way", async () => {
    const { whole, branching } = handlers();
    const request = () => new Request("http://portal.test/games/pg");
    expect(await branching.queryRoute(request(), { routeId: "game" })).toEqual(
      await whole.queryRoute(request(), { routeId: "game" }),
    );
  });
});

describe("React's route tree kept per build", () => {
  const manifest = {
    root: { id: "root", path: "", hasLoader: true },
    home: { id: "home", parentId: "root", index: true, hasLoader: true },
    rng: { id: "rng", parentId: "root", path: "rng", hasLoader: false },
  };
  const modules = () => ({
    root: { default: () => null },
    home: { default: () => null },
    rng: { default: () => null },
  });
  const create = () => {
    let calls = 0;
    const counting = ((...args: Parameters<typeof createServerRoutes>) => {
      calls += 1;
      return createServerRoutes(...args);
    }) as never;
    return { memoised: memoiseServerRoutes(counting), calls: () => calls };
  };

  it("builds the tree once while the manifest and modules stay, and it is the router's tree", () => {
    const { memoised, calls } = create();
    const routeModules = modules();
    // A new `future` object is another build's: built again.
    memoised(manifest, { ...routeModules }, {}, false);
    const again = memoised(manifest, { ...routeModules }, {}, false);
    expect(calls()).toBe(2);
    const future = {};
    const kept = memoised(manifest, { ...routeModules }, future, false);
    expect(memoised(manifest, { ...routeModules }, future, false)).toBe(kept);
    expect(calls()).toBe(3);
    expect(JSON.stringify(kept)).toBe(
      JSON.stringify(
        createServerRoutes(manifest as never, routeModules as never, future as never, false),
      ),
    );
    expect(again).toHaveLength(1);
  });

  it("builds again for another module, manifest or mode", () => {
    const { memoised, calls } = create();
    const future = {};
    const routeModules = modules();
    const kept = memoised(manifest, routeModules, future, false);
    expect(
      memoised(manifest, { ...routeModules, rng: { default: () => null } }, future, false),
    ).not.toBe(kept);
    expect(memoised({ ...manifest }, routeModules, future, false)).not.toBe(kept);
    expect(memoised(manifest, routeModules, future, true)).not.toBe(kept);
    expect(calls()).toBe(4);
  });
});
