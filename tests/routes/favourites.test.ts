import { describe, expect, test } from "vitest";
import { favouriteIds } from "~/platform/play/favourites.server";
import { createGameSession } from "~/platform/play/game-sessions.server";
import en from "../../locales/en/common.json";
import ur from "../../locales/ur/common.json";
import { useSeededDatabase } from "../helpers/database";
import { formPost, jsonBody, routeArgs, signInMember, thrownResponse } from "../helpers/routes";
import { insertMember } from "../helpers/wallet";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const route = () => import("~/routes/resources+/favourites");

/** Three enabled slot games of the seed. */
async function someGames() {
  const rows = await handle.db
    .selectFrom("games")
    .select(["node_id", "name", "vassalage", "category", "game_code"])
    .where("category", "=", "RNG")
    .orderBy("node_id")
    .limit(3)
    .execute();
  return rows;
}

async function signedInMember(type = 0) {
  const id = await insertMember(handle.db, { type });
  const { cookie } = await signInMember(handle.db, id);
  return { id, cookie };
}

const toggle = (
  cookie: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  formPost(
    "/resources/favourites",
    { redirectTo: "/?tab=RNG", ...fields },
    { Cookie: cookie, ...headers },
  );

/** Lets the member's next toggle through: the last one moves two seconds into the past. */
async function aSecondLater(memberId: string) {
  await handle.db
    .updateTable("rate_limits")
    .set({ last_hit_at: new Date(Date.now() - 2_000) })
    .where("key", "=", `favourite:${memberId}`)
    .execute();
}

describe("/resources/favourites", () => {
  test("a visitor goes to the login dialog, returning to the page; nothing is stored", async () => {
    const { action } = await route();
    const [game] = await someGames();
    const response = await thrownResponse(
      action(toggle("", { nodeId: String(game!.node_id), intent: "add" })),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2F%3Ftab%3DRNG");
    expect(await handle.db.selectFrom("favourites").selectAll().execute()).toEqual([]);
  });

  test("a post from another site is refused (CSRF) and changes nothing", async () => {
    const { action } = await route();
    const member = await signedInMember();
    const [game] = await someGames();
    const crossSite: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const response = await thrownResponse(
        action(toggle(member.cookie, { nodeId: String(game!.node_id), intent: "add" }, headers)),
      );
      expect(response.status).toBe(403);
    }
    expect(await favouriteIds(handle.db, member.id)).toEqual([]);
  });

  test("bad input is a 400 with a translated message; an unknown game a 404", async () => {
    const { action } = await route();
    const member = await signedInMember();
    const bad: Record<string, string>[] = [
      { nodeId: "abc", intent: "add" },
      { nodeId: "1e3", intent: "add" },
      { nodeId: "100001", intent: "toggle" },
      { intent: "add" },
    ];
    for (const fields of bad) {
      const response = (await action(toggle(member.cookie, fields))) as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ ok: false, message: en.favourites.invalid });
    }
    const urdu = (await action(
      toggle(member.cookie, { nodeId: "x", intent: "add" }, { "Accept-Language": "ur" }),
    )) as Response;
    expect((await urdu.json()).message).toBe(ur.favourites.invalid);
    const unknown = (await action(
      toggle(member.cookie, { nodeId: "999999999", intent: "add" }),
    )) as Response;
    expect(unknown.status).toBe(404);
    expect(await favouriteIds(handle.db, member.id)).toEqual([]);
  });

  test("without JavaScript: add and remove redirect back to the page (safe paths only)", async () => {
    const { action } = await route();
    const member = await signedInMember();
    const [game] = await someGames();
    const added = (await action(
      toggle(member.cookie, {
        nodeId: String(game!.node_id),
        intent: "add",
        redirectTo: "/rng?page=2&favouriteRefused=1",
      }),
    )) as Response;
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/rng?page=2");
    expect(await favouriteIds(handle.db, member.id)).toEqual([game!.node_id]);
    await aSecondLater(member.id);
    const removed = (await action(
      toggle(member.cookie, {
        nodeId: String(game!.node_id),
        intent: "remove",
        redirectTo: "https://evil.example/",
      }),
    )) as Response;
    expect(removed.headers.get("Location")).toBe("/");
    expect(await favouriteIds(handle.db, member.id)).toEqual([]);
  });

  test("once per second: a second toggle within the second is refused and not applied, then allowed", async () => {
    const { action } = await route();
    const member = await signedInMember();
    const [first, second] = await someGames();
    await action(toggle(member.cookie, { nodeId: String(first!.node_id), intent: "add" }));
    // Without JavaScript: back to the page, marked for the tile that was refused.
    const refused = (await action(
      toggle(member.cookie, { nodeId: String(second!.node_id), intent: "add" }),
    )) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/?tab=RNG&favouriteRefused=${second!.node_id}`);
    // A fetcher: JSON with the translated reason.
    const fetched = (await action(
      toggle(member.cookie, { nodeId: String(first!.node_id), intent: "remove", via: "fetcher" }),
    )) as Response;
    expect(fetched.status).toBe(429);
    expect(await fetched.json()).toEqual({
      ok: false,
      nodeId: first!.node_id,
      message: en.favourites.throttled,
    });
    expect(await favouriteIds(handle.db, member.id)).toEqual([first!.node_id]);

    await aSecondLater(member.id);
    const allowed = (await action(
      toggle(member.cookie, { nodeId: String(second!.node_id), intent: "add", via: "fetcher" }),
    )) as Response;
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ ok: true, nodeId: second!.node_id, favourite: true });
    expect(await favouriteIds(handle.db, member.id)).toEqual(
      [first!.node_id, second!.node_id].sort((a, b) => a - b),
    );
  });

  test("a trial account may keep favourites (trial accounts are kept only out of the centres and real games)", async () => {
    const { action } = await route();
    const trial = await signedInMember(4);
    const [game] = await someGames();
    const response = (await action(
      toggle(trial.cookie, { nodeId: String(game!.node_id), intent: "add" }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(await favouriteIds(handle.db, trial.id)).toEqual([game!.node_id]);
  });
});

describe("favourites and recent games on the pages", () => {
  test("the layout hands the tiles the member's favourite ids; a visitor gets none", async () => {
    const { loader } = await import("~/routes/_portal+/_layout");
    const member = await signedInMember();
    const [game] = await someGames();
    await handle.db
      .insertInto("favourites")
      .values({ member_id: member.id, node_id: game!.node_id })
      .execute();
    expect(
      (await jsonBody(loader(routeArgs("/", { headers: { Cookie: member.cookie } })))).favouriteIds,
    ).toEqual([game!.node_id]);
    expect((await jsonBody(loader(routeArgs("/")))).favouriteIds).toEqual([]);
  });

  test("/favorite and the FAV tab list the member's favourites (page size 999); an empty list is empty", async () => {
    const favorite = await import("~/routes/_portal+/favorite");
    const lobby = await import("~/routes/_portal+/index");
    const member = await signedInMember();
    const headers = { Cookie: `${member.cookie}; announce_closed=1` };
    const empty = await jsonBody(favorite.loader(routeArgs("/favorite", { headers })));
    expect(empty).toMatchObject({
      kind: "favorite",
      title: en.favourites.title,
      page: { games: [], total: 0, totalPages: 1 },
    });
    const games = await someGames();
    for (const [index, game] of games.entries()) {
      await handle.db
        .insertInto("favourites")
        .values({
          member_id: member.id,
          node_id: game.node_id,
          created_at: new Date(Date.now() - (10 - index) * 1000),
        })
        .execute();
    }
    const listed = await jsonBody(favorite.loader(routeArgs("/favorite", { headers })));
    expect(listed.page.games.map((game: { nodeId: number }) => game.nodeId)).toEqual(
      games.map((game) => game.node_id).reverse(),
    );
    expect(Object.keys(listed.page.games[0]).sort()).toEqual([
      "gameName",
      "iconUrl",
      "nodeId",
      "nodeName",
      "showIcon",
      "vassalage",
    ]);
    const fav = await jsonBody(lobby.loader(routeArgs("/?tab=FAV", { headers })));
    expect(fav.tab).toBe("FAV");
    expect(fav.favourites.games.map((game: { nodeId: number }) => game.nodeId)).toEqual(
      games.map((game) => game.node_id).reverse(),
    );
    // Other tabs carry no favourites section.
    expect((await jsonBody(lobby.loader(routeArgs("/", { headers })))).favourites).toBeNull();
  });

  test("/recent lists the games the member launched with real money, the latest first", async () => {
    const recent = await import("~/routes/_portal+/recent");
    const member = await signedInMember();
    const headers = { Cookie: member.cookie };
    expect((await jsonBody(recent.loader(routeArgs("/recent", { headers })))).page.total).toBe(0);
    const [first, second, third] = await someGames();
    const launch = (game: typeof first, mode: "real" | "demo", minutesAgo: number) =>
      createGameSession(handle.db, {
        memberId: member.id,
        game: {
          nodeId: game!.node_id,
          vassalage: game!.vassalage,
          category: game!.category,
          gameCode: game!.game_code,
          gameName: game!.name,
        },
        provider: "demo",
        mode,
        language: "en",
        now: new Date(Date.now() - minutesAgo * 60_000),
      });
    await launch(first, "real", 30);
    await launch(second, "real", 20);
    await launch(third, "demo", 10);
    const data = await jsonBody(recent.loader(routeArgs("/recent", { headers })));
    expect(data).toMatchObject({ kind: "recent", title: en.favourites.recentTitle });
    expect(data.page.games.map((game: { nodeId: number }) => game.nodeId)).toEqual([
      second!.node_id,
      first!.node_id,
    ]);
  });
});
