import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { VendorGamesDialog } from "~/components/play/vendor-games-dialog";
import { debit } from "~/platform/play/seamless-wallet.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { I18nProvider, LabelSourceProvider, type LabelSource } from "~/utils/i18n";
import en from "../../locales/en/common.json";
import { useSeededDatabase, withBrand } from "../helpers/database";
import { fundMain } from "../helpers/play";
import {
  jsonBody,
  routeArgs,
  signInMember,
  thrownResponse,
  quietServerRenderWarnings,
} from "../helpers/routes";
import { insertMember } from "../helpers/wallet";

// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const seamless = () => import("~/routes/_portal+/seamless");
const TRIAL_TYPE = 4;

/** A GET of `url` with the member's cookie and, when given, the page it came from. */
function get(url: string, cookie: string | null, referer?: string) {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (referer) headers.Referer = `http://localhost${referer}`;
  return routeArgs(url, { headers });
}

async function signedIn(type = 0) {
  const id = await insertMember(handle.db, { type });
  return { id, cookie: (await signInMember(handle.db, id)).cookie };
}

/** The seeded demo brand's first enabled game of a vendor (in its sort order). */
async function gameOf(vassalage: string, category: string) {
  return handle.db
    .selectFrom("games")
    .select(["node_id", "game_code", "name"])
    .where("vassalage", "=", vassalage)
    .where("category", "=", category)
    .orderBy("sort")
    .orderBy("node_id")
    .executeTakeFirstOrThrow();
}

const sessionsOf = (memberId: string) =>
  handle.db
    .selectFrom("game_sessions")
    .select(["node_id", "mode", "provider", "vassalage"])
    .where("member_id", "=", memberId)
    .execute();

const location = (response: Response) => {
  expect(response.status).toBe(302);
  return response.headers.get("Location");
};

describe("/seamless: who may launch", () => {
  test("a visitor is sent to the login dialog, returning to the launch afterwards", async () => {
    const { loader } = await seamless();
    const slot = await gameOf("PG", "RNG");
    const response = await thrownResponse(
      loader(get(`/seamless?nodeId=${slot.node_id}`, null, "/")),
    );
    expect(location(response)).toBe(
      `/login?redirectTo=${encodeURIComponent(`/seamless?nodeId=${slot.node_id}`)}`,
    );
    const vendor = await thrownResponse(loader(get("/seamless?category=LIVE&vassalage=EVO", null)));
    expect(location(vendor)).toBe(
      `/login?redirectTo=${encodeURIComponent("/seamless?category=LIVE&vassalage=EVO")}`,
    );
  });

  test("a trial account playing for real gets the real-account dialog over the page it came from; no session opens", async () => {
    const { loader } = await seamless();
    const trial = await signedIn(TRIAL_TYPE);
    const slot = await gameOf("PG", "RNG");
    const fromRng = await thrownResponse(
      loader(get(`/seamless?nodeId=${slot.node_id}`, trial.cookie, "/rng?vassalage=PG")),
    );
    expect(location(fromRng)).toBe("/rng?vassalage=PG&modal=real-account");
    // Straight from the login dialog (or from nowhere): over the home page.
    const fromLogin = await thrownResponse(
      loader(get(`/seamless?nodeId=${slot.node_id}`, trial.cookie, "/login?redirectTo=%2F")),
    );
    expect(location(fromLogin)).toBe("/?modal=real-account");
    // A vendor tile and a lottery need a real account too, even in free trial.
    const vendor = await thrownResponse(
      loader(get("/seamless?category=LIVE&vassalage=EVO", trial.cookie, "/?tab=LIVE")),
    );
    expect(location(vendor)).toBe("/?tab=LIVE&modal=real-account");
    const lotto = await gameOf("LOTT", "LOTT");
    const lottery = await thrownResponse(
      loader(get(`/seamless?nodeId=${lotto.node_id}&mode=demo`, trial.cookie, "/lott")),
    );
    expect(location(lottery)).toBe("/lott?modal=real-account");
    expect(await sessionsOf(trial.id)).toEqual([]);
  });

  test("a trial account's free trial opens the game popup in demo mode", async () => {
    const { loader } = await seamless();
    const trial = await signedIn(TRIAL_TYPE);
    const slot = await gameOf("PG", "RNG");
    const response = (await loader(
      get(`/seamless?nodeId=${slot.node_id}&mode=demo`, trial.cookie, "/rng"),
    )) as Response;
    const data = await response.json();
    expect(data.mode).toBe("demo");
    expect(data.game).toEqual({ gameName: slot.name, vassalage: "PG", nodeId: slot.node_id });
    expect(data.src).toMatch(/^\/demo-games\/[\w-]+$/);
    expect(data.closeHref).toBe("/rng");
    expect(await sessionsOf(trial.id)).toEqual([
      { node_id: slot.node_id, mode: "demo", provider: "demo", vassalage: "PG" },
    ]);
  });

  test("a member's launch opens a real session and frames the provider's game through a launch CDN", async () => {
    const { loader } = await seamless();
    const member = await signedIn();
    const slot = await gameOf("PG", "RNG");
    const response = (await loader(
      get(`/seamless?nodeId=${slot.node_id}`, member.cookie, "/?tab=RNG"),
    )) as Response;
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const data = await response.json();
    expect(data).toMatchObject({
      mode: "real",
      closeHref: "/?tab=RNG",
      title: `Game: ${slot.name}`,
    });
    // The demo brand's one launch CDN is the portal itself.
    expect(data.src).toMatch(/^\/demo-games\/[\w-]+$/);
    expect(await sessionsOf(member.id)).toEqual([
      { node_id: slot.node_id, mode: "real", provider: "demo", vassalage: "PG" },
    ]);

    // With several CDNs, each launch goes through one of them.
    const cdns = ["https://cdn-a.example.com", "https://cdn-b.example.com/"];
    await withBrand(
      handle.db,
      (brand) => {
        brand.launchGameCdns = cdns;
      },
      async () => {
        const srcs = new Set<string>();
        for (let launch = 0; launch < 20; launch++) {
          const again = await jsonBody(
            loader(get(`/seamless?nodeId=${slot.node_id}`, member.cookie, "/")),
          );
          expect(again.src).toMatch(/^https:\/\/cdn-[ab]\.example\.com\/demo-games\/[\w-]+$/);
          srcs.add(new URL(again.src).origin);
        }
        expect(srcs.size).toBe(2);
      },
    );
    expect(await sessionsOf(member.id)).toHaveLength(21);
  });

  test("a member coming back from the login dialog closes the game to the home page", async () => {
    const { loader } = await seamless();
    const member = await signedIn();
    const slot = await gameOf("PG", "RNG");
    const data = await jsonBody(
      loader(
        get(
          `/seamless?nodeId=${slot.node_id}`,
          member.cookie,
          `/login?redirectTo=%2Fseamless%3FnodeId%3D${slot.node_id}`,
        ),
      ),
    );
    expect(data.closeHref).toBe("/");
  });
});

describe("/seamless: where the vassalage leads", () => {
  test("lottery vendors open their lottery page with the game code", async () => {
    const { loader } = await seamless();
    const member = await signedIn();
    for (const [vassalage, category, page] of [
      ["LOTT", "LOTT", "/lottery"],
      ["TCG_SEA", "LOTT", "/seaLottery"],
      ["TCG_LOTTO_VN", "ELOTT", "/vnLottery"],
      ["ELOTT", "ELOTT", "/lottery"],
    ] as const) {
      const game = await gameOf(vassalage, category);
      const byGame = await thrownResponse(
        loader(get(`/seamless?nodeId=${game.node_id}`, member.cookie, "/")),
      );
      expect(location(byGame)).toBe(`${page}?gameCode=${game.game_code}`);
    }
    // A lottery vendor tile names its game (the vendor's game code).
    const tile = await thrownResponse(
      loader(get("/seamless?category=LOTT&vassalage=TCG_SEA", member.cookie, "/lott")),
    );
    expect(location(tile)).toBe("/seaLottery?gameCode=TCG_SEA-0001");
    expect(await sessionsOf(member.id)).toEqual([]);
  });

  test("a VASSALAGE vendor opens its game list popup over the page it came from", async () => {
    const { loader } = await seamless();
    const member = await signedIn();
    const fromLobby = await thrownResponse(
      loader(
        get("/seamless?category=LIVE&vassalage=EVO", member.cookie, "/?tab=LIVE&vendorGamesPage=3"),
      ),
    );
    expect(location(fromLobby)).toBe(
      "/?tab=LIVE&vendorGames=EVO&vendorCategory=LIVE&modal=vendor-games",
    );
    // From the login dialog or from nowhere: over the vendor's category page.
    const fromLogin = await thrownResponse(
      loader(get("/seamless?category=PVP&vassalage=KY", member.cookie, "/login?redirectTo=x")),
    );
    expect(location(fromLogin)).toBe("/pvp?vendorGames=KY&vendorCategory=PVP&modal=vendor-games");
    const fromNowhere = await thrownResponse(
      loader(get("/seamless?category=FISH&vassalage=JDB", member.cookie)),
    );
    expect(location(fromNowhere)).toBe(
      "/fish?vendorGames=JDB&vendorCategory=FISH&modal=vendor-games",
    );
    // Another site's page is never where we send the member.
    const foreign = await thrownResponse(
      loader(
        routeArgs("/seamless?category=LIVE&vassalage=EVO", {
          headers: { Cookie: member.cookie, Referer: "https://evil.example/x" },
        }),
      ),
    );
    expect(location(foreign)).toBe("/live?vendorGames=EVO&vendorCategory=LIVE&modal=vendor-games");
    // A derived lane's vendor (stored under SPORTS) keeps the lane its tile was in.
    const imes = handle.db
      .updateTable("vendors")
      .where("vassalage", "=", "IMES")
      .where("category", "=", "SPORTS");
    await imes.set({ is_game: "VASSALAGE" }).execute();
    try {
      const esports = await thrownResponse(
        loader(get("/seamless?category=ESPORTS&vassalage=IMES", member.cookie)),
      );
      expect(location(esports)).toBe(
        "/esports?vendorGames=IMES&vendorCategory=ESPORTS&modal=vendor-games",
      );
    } finally {
      await imes.set({ is_game: "GAME" }).execute();
    }
    expect(await sessionsOf(member.id)).toEqual([]);
  });

  test("a vendor that names its game (sports, mixed-win) starts that game", async () => {
    const { loader } = await seamless();
    const member = await signedIn();
    const sports = await jsonBody(
      loader(get("/seamless?category=SPORTS&vassalage=SBO", member.cookie, "/sports")),
    );
    expect(sports.game).toMatchObject({ vassalage: "SBO" });
    const esports = await jsonBody(
      loader(get("/seamless?category=ESPORTS&vassalage=IMES", member.cookie, "/esports")),
    );
    expect(esports.game).toMatchObject({ vassalage: "IMES" });
    const crash = await jsonBody(
      loader(get("/seamless?category=MXWIN&vassalage=SPK", member.cookie, "/")),
    );
    expect(crash.game).toMatchObject({
      vassalage: "SPK",
      nodeId: (await gameOf("SPK", "MXWIN")).node_id,
    });
    expect((await sessionsOf(member.id)).map((row) => row.vassalage).sort()).toEqual([
      "IMES",
      "SBO",
      "SPK",
    ]);
  });

  test("unknown or disabled games, unknown vendors and garbage parameters are 404, for members and visitors alike", async () => {
    const { loader } = await seamless();
    const member = await signedIn();
    const disabled = await gameOf("CQ9", "RNG");
    await handle.db
      .updateTable("games")
      .set({ enabled: false })
      .where("node_id", "=", disabled.node_id)
      .execute();
    const urls = [
      "/seamless",
      "/seamless?nodeId=",
      "/seamless?nodeId=abc",
      "/seamless?nodeId=-1",
      "/seamless?nodeId=1.5",
      "/seamless?nodeId=99999999",
      "/seamless?nodeId=1234567890123",
      `/seamless?nodeId=${disabled.node_id}`,
      "/seamless?category=LIVE",
      "/seamless?vassalage=EVO",
      "/seamless?category=live&vassalage=EVO",
      "/seamless?category=LIVE&vassalage=NOPE",
      "/seamless?category=RNG&vassalage=EVO",
      "/seamless?category=LIVE&vassalage=EVO%27%3Bdrop",
      `/seamless?category=${"A".repeat(40)}&vassalage=EVO`,
    ];
    for (const url of urls) {
      for (const cookie of [member.cookie, null]) {
        const response = await thrownResponse(loader(get(url, cookie, "/")));
        expect(response.status, `${url} (${cookie ? "member" : "visitor"})`).toBe(404);
      }
    }
    expect(await sessionsOf(member.id)).toEqual([]);
  });
});

describe("the vendor game list popup (isGame VASSALAGE)", () => {
  const layout = () => import("~/routes/_portal+/_layout");

  test("the portal layout loads the vendor's games when the URL opens the popup, 24 a page", async () => {
    const { loader } = await layout();
    const member = await signedIn();
    const data = await jsonBody(
      loader(
        get("/?tab=LIVE&modal=vendor-games&vendorGames=EVO&vendorCategory=LIVE", member.cookie),
      ),
    );
    expect(data.vendorGames).toMatchObject({
      vassalage: "EVO",
      category: "LIVE",
      vendorName: "EVO Live",
    });
    expect(data.vendorGames.page).toMatchObject({ pageNum: 1, totalPages: 1, total: 8 });
    const first = await gameOf("EVO", "LIVE");
    expect(data.vendorGames.page.games[0]).toMatchObject({
      nodeId: first.node_id,
      gameName: first.name,
    });

    // The generic slot vendor pages its 1,000 games 24 at a time; a visitor may look too.
    const slots = await jsonBody(
      loader(
        get("/?modal=vendor-games&vendorGames=GEN&vendorCategory=RNG&vendorGamesPage=2", null),
      ),
    );
    expect(slots.vendorGames.page).toMatchObject({ pageNum: 2, totalPages: 42, total: 1000 });
    expect(slots.vendorGames.page.games).toHaveLength(24);

    // No popup without the modal, or for a vendor the brand's lanes do not list.
    for (const query of [
      "?vendorGames=EVO&vendorCategory=LIVE",
      "?modal=vendor-games&vendorGames=NOPE&vendorCategory=LIVE",
      "?modal=vendor-games&vendorGames=EVO&vendorCategory=PVP",
      "?modal=vendor-games",
    ]) {
      expect(
        (await jsonBody(loader(get(`/${query}`, member.cookie)))).vendorGames,
        query,
      ).toBeNull();
    }
  });

  describe("rendered", () => {
    quietServerRenderWarnings();

    test("each game launches through the game popup route; the close link drops the popup's URL state", async () => {
      const { loader } = await layout();
      const here =
        "/?tab=LIVE&modal=vendor-games&vendorGames=GEN&vendorCategory=LIVE&vendorGamesPage=1";
      const { vendorGames } = await jsonBody(loader(get(here, null)));
      const source: LabelSource = { initialLocale: "en", get: () => en, load: async () => en };
      const Stub = createRemixStub([
        {
          path: "/",
          Component: () => createElement(VendorGamesDialog, { data: vendorGames, here }),
        },
      ]);
      const html = renderToString(
        createElement(
          LabelSourceProvider,
          { value: source },
          createElement(I18nProvider, null, createElement(Stub, { initialEntries: [here] })),
        ),
      );
      expect(html).toContain('data-testid="vendor-games-dialog"');
      expect(html).toContain(`${vendorGames.vendorName} games`);
      for (const game of vendorGames.page.games as { nodeId: number }[])
        expect(html).toContain(`href="/seamless?nodeId=${game.nodeId}"`);
      expect(html).toContain('href="/?tab=LIVE"');
      expect(html).toContain('aria-label="Close"');
    });
  });
});

describe("/live and /pvp list tables (CBS_modelList, GLS2_roomList)", () => {
  test("every table has limits, players now, rounds today and its results; a member's launch counts as a player", async () => {
    const live = await import("~/routes/_portal+/live");
    const first = await gameOf("EVO", "LIVE");
    const before = await jsonBody(live.loader(get("/live?vassalage=EVO", null)));
    expect(before.tables).toHaveLength(8);
    expect(before.page).toMatchObject({ pageNum: 1, totalPages: 1, total: 8, games: [] });
    expect(before.currency).toEqual({ symbol: "Rs", minorUnits: 2 });
    const table = before.tables.find((entry: { nodeId: number }) => entry.nodeId === first.node_id);
    expect(table).toMatchObject({ gameName: first.name, vendorName: "EVO Live", lastResults: [] });
    expect(["beginner", "standard", "high", "vip"]).toContain(table.tier);
    expect(BigInt(table.minBet)).toBeLessThan(BigInt(table.maxBet));

    const member = await signedIn();
    const { loader } = await seamless();
    await loader(get(`/seamless?nodeId=${first.node_id}`, member.cookie, "/live"));
    const after = await jsonBody(live.loader(get("/live?vassalage=EVO", null)));
    const playing = after.tables.find(
      (entry: { nodeId: number }) => entry.nodeId === first.node_id,
    );
    expect(playing.playersNow).toBe(table.playersNow + 1);

    const pvp = await import("~/routes/_portal+/pvp");
    const rooms = await jsonBody(pvp.loader(get("/pvp?vassalage=KY", null)));
    expect(rooms.tables).toHaveLength(12);
    expect(
      rooms.tables.every((room: { vendorName: string }) => room.vendorName === "KY Cards"),
    ).toBe(true);
    const all = await jsonBody(pvp.loader(get("/pvp?page=2", null)));
    expect(all.page).toMatchObject({ pageNum: 2, totalPages: 3, total: 60 });
    expect(all.tables).toHaveLength(24);
  });

  test("other game lists keep their grid", async () => {
    const fish = await import("~/routes/_portal+/fish");
    const data = await jsonBody(fish.loader(get("/fish", null)));
    expect(data.tables).toBeNull();
    expect(data.page.games.length).toBeGreaterThan(0);
  });
});

describe("/member/betting-record names vendors (by their display names)", () => {
  test("the vendor filter and the rows show a vendor's display name, filtering by its vassalage", async () => {
    const member = await signedIn();
    await fundMain(handle.db, member.id, 10_000n);
    const live = await gameOf("EVO", "LIVE");
    const game = {
      nodeId: live.node_id,
      vassalage: "EVO",
      category: "LIVE",
      gameCode: live.game_code,
      gameName: live.name,
    };
    await debit(
      handle.db,
      "demo",
      { memberId: member.id, account: MAIN, game },
      { txId: "names-1", roundId: "names-r1", amount: 500n },
    );

    const { loader } = await import("~/routes/_portal+/member+/betting-record");
    const data = await jsonBody(loader(get("/member/betting-record?vendor=EVO", member.cookie)));
    expect(data.vendors).toEqual(["EVO"]);
    expect(data.vendorNames).toEqual({ EVO: "EVO Live" });
    expect(data.filter.vendor).toBe("EVO");
    expect(
      data.records.rows.map((row: { vassalage: string; stake: string }) => [
        row.vassalage,
        row.stake,
      ]),
    ).toEqual([["EVO", "500"]]);
  });
});
