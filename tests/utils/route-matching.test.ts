import { createStaticHandler, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { branchingStaticHandler, memoiseMatchRoutes } from "~/utils/route-matching.server";

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
