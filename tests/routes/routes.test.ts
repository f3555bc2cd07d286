import { describe, expect, test } from "vitest";
import { setMaintenance } from "~/platform/system/settings.server";
import { createTestDatabase, useSeededDatabase } from "../helpers/database";
import { cookiePair, jsonBody, routeArgs, thrownResponse } from "../helpers/routes";

// Route modules read configuration once; these are the settings of a portal behind one proxy.
process.env.TRUST_PROXY_HOPS = "1";
process.env.GEO_COUNTRY_HEADER = "x-country-code";
// The routes' database is this test database.
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

describe("root loader: system status", () => {
  test("open: brand data, locale and prefs", async () => {
    const { loader } = await import("~/root");
    const response = await loader(routeArgs("/", { headers: { "Accept-Language": "ur" } }));
    const data = await jsonBody(response);
    expect(data.locale).toBe("ur");
    expect(data.brand.name).toBe("Lucky Harbour");
    expect(data.prefs).toEqual({ theme: "light", sideMenu: "auto" });
  });

  test("maintenance: 503 with the status page's data; it wins over a blocked region", async () => {
    const { loader } = await import("~/root");
    await setMaintenance(handle.db, true);
    try {
      const response = await thrownResponse(
        loader(routeArgs("/", { headers: { "X-Forwarded-For": "198.51.100.7" } })),
      );
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBeTruthy();
      expect(await response.json()).toMatchObject({
        systemStatus: 1,
        customerService: { csType: "LIVECHAT", path: "/resources/cs/LIVECHAT" },
      });
    } finally {
      await setMaintenance(handle.db, false);
    }
  });

  test("region: 403 with the visitor's IP, from a blocked range or country", async () => {
    const { loader } = await import("~/root");
    const byRange = await thrownResponse(
      loader(routeArgs("/", { headers: { "X-Forwarded-For": "10.0.0.1, 198.51.100.7" } })),
    );
    expect(byRange.status).toBe(403);
    expect(await byRange.json()).toMatchObject({ systemStatus: 2, ip: "198.51.100.7" });
    const byCountry = await thrownResponse(
      loader(
        routeArgs("/", { headers: { "x-country-code": "kp", "X-Forwarded-For": "203.0.113.5" } }),
      ),
    );
    expect(await byCountry.json()).toMatchObject({ systemStatus: 2, ip: "203.0.113.5" });
  });
});

describe("lobby loader", () => {
  test("home: hot games, sections of at most 5 vendors, 12 games a grid page, the popup for a first visit", async () => {
    const { loader } = await import("~/routes/_portal+/index");
    const data = await jsonBody(loader(routeArgs("/")));
    expect(data.tab).toBe("HOME");
    expect(data.hot.games).toHaveLength(12);
    const rng = data.sections.find((section: { category: string }) => section.category === "RNG");
    expect(rng.vendors).toHaveLength(5);
    expect(rng.page.games).toHaveLength(12);
    expect(data.winners).toHaveLength(20);
    expect(data.dialog).toMatchObject({ kind: "announcements", page: 1, totalPages: 2 });
    expect(data.dialog.items).toHaveLength(9);
    // Only what the page renders: tile fields, marquee titles (no notice bodies).
    expect(Object.keys(data.hot.games[0]).sort()).toEqual([
      "gameName",
      "iconUrl",
      "nodeId",
      "nodeName",
      "showIcon",
      "vassalage",
    ]);
    expect(Object.keys(data.marquee[0]).sort()).toEqual(["id", "title"]);
  });

  test("the announcement popup's second page, and a notice opened from the marquee", async () => {
    const { loader } = await import("~/routes/_portal+/index");
    const second = await jsonBody(loader(routeArgs("/?announcements=2")));
    expect(second.dialog).toMatchObject({ kind: "announcements", page: 2, totalPages: 2 });
    expect(second.dialog.items).toHaveLength(3);
    const notice = await jsonBody(
      loader(routeArgs("/?notice=1", { headers: { Cookie: "announce_closed=1" } })),
    );
    expect(notice.dialog).toMatchObject({ kind: "notice", index: 1, total: notice.marquee.length });
    expect(notice.dialog.notice.title).toBe(notice.marquee[1].title);
    expect(notice.dialog.notice.contentHtml).toContain("<p>");
  });

  test("no announcement popup stacks under a dialog of the layout (?modal=real-account, vendor games …)", async () => {
    const { loader } = await import("~/routes/_portal+/index");
    for (const modal of ["real-account", "vendor-games", "logout"]) {
      expect((await jsonBody(loader(routeArgs(`/?modal=${modal}`)))).dialog).toBeNull();
    }
  });

  test("a category tab shows only its section, with all its vendors", async () => {
    const { loader } = await import("~/routes/_portal+/index");
    const data = await jsonBody(
      loader(routeArgs("/?tab=live", { headers: { Cookie: "announce_closed=1" } })),
    );
    expect(data.tab).toBe("LIVE");
    expect(data.sections.map((section: { category: string }) => section.category)).toEqual([
      "LIVE",
    ]);
    expect(data.sections[0].vendors).toHaveLength(10);
    expect(data.hot).toBeNull();
  });

  test("FAV for a visitor opens the login dialog, returning to FAV", async () => {
    const { loader } = await import("~/routes/_portal+/index");
    const response = await thrownResponse(loader(routeArgs("/?tab=FAV")));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2F%3Ftab%3DFAV");
  });

  test("/login and /register are the lobby with their dialog", async () => {
    const login = await import("~/routes/_portal+/login");
    const register = await import("~/routes/_portal+/register");
    const loginData = await jsonBody(login.loader(routeArgs("/login?redirectTo=/rng")));
    expect(loginData.dialog).toEqual({ kind: "login", by: "password", redirectTo: "/rng" });
    expect(loginData.lobby.dialog).toBeNull();
    // Only same-site paths are honoured.
    for (const outside of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const data = await jsonBody(
        login.loader(routeArgs(`/login?redirectTo=${encodeURIComponent(outside)}`)),
      );
      expect(data.dialog.redirectTo).toBeNull();
    }
    expect((await jsonBody(login.loader(routeArgs("/login?modal=forgot")))).dialog).toEqual({
      kind: "forgot",
      by: "mobile",
    });
    expect((await jsonBody(register.loader(routeArgs("/register")))).register).toMatchObject({
      mode: "username",
    });
  });
});

describe("game list loader", () => {
  test("/rng filters by vassalage and sub-type; unknown filters are ignored", async () => {
    const { loader } = await import("~/routes/_portal+/rng");
    const filtered = await jsonBody(loader(routeArgs("/rng?vassalage=PG&classify=JP&page=2")));
    expect(filtered).toMatchObject({
      vassalage: "PG",
      classify: "JP",
      subTypes: ["SC", "VP", "JP", "TG", "AC"],
    });
    expect(filtered.page.pageNum).toBe(2);
    expect(
      filtered.page.games.every((game: { vassalage: string }) => game.vassalage === "PG"),
    ).toBe(true);
    // The same tile fields as the lobby: the page carries no more than it renders.
    expect(Object.keys(filtered.page.games[0]).sort()).toEqual([
      "gameName",
      "iconUrl",
      "nodeId",
      "nodeName",
      "showIcon",
      "vassalage",
    ]);
    expect(Object.keys(filtered.vendors[0]).sort()).toEqual([
      "displayName",
      "lagerIcon",
      "vassalage",
    ]);
    const unknown = await jsonBody(loader(routeArgs("/rng?vassalage=NOPE&classify=ZZ")));
    expect(unknown).toMatchObject({ vassalage: null, classify: null });
    expect(unknown.page.total).toBe(10_000);
  });
});

describe("guards", () => {
  test.each(["/favorite", "/recent", "/lottery?gameCode=SSC", "/seaLottery", "/vnLottery"])(
    "%s redirects a visitor to /login with redirectTo",
    async (path) => {
      const name = path.split("?")[0]!.slice(1);
      const route = await import(`~/routes/_portal+/${name}.tsx`);
      const response = await thrownResponse(route.loader(routeArgs(path)));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
    },
  );

  test("member and agent pages are page routes, so their layout guards run", async () => {
    const routes = {
      "member index": await import("~/routes/_portal+/member+/index"),
      "member splat": await import("~/routes/_portal+/member+/$"),
      "agent index": await import("~/routes/agentHome+/index"),
      "agent splat": await import("~/routes/agentHome+/$"),
    };
    for (const [file, route] of Object.entries(routes)) {
      expect(typeof route.default, file).toBe("function");
      const response = await thrownResponse(
        route.loader(routeArgs(file.startsWith("agent") ? "/agentHome/x" : "/member/x")),
      );
      expect(response.status, file).toBe(302);
    }
  });

  test("the member centre subtree redirects a visitor", async () => {
    const route = await import("~/routes/_portal+/member+/_layout");
    const response = await thrownResponse(route.loader(routeArgs("/member/deposit")));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmember%2Fdeposit");
  });

  test("the agent centre sends a non-agent to /agent", async () => {
    const route = await import("~/routes/agentHome+/_layout");
    const response = await thrownResponse(route.loader(routeArgs("/agentHome")));
    expect(response.headers.get("Location")).toBe("/agent");
  });
});

describe("preference actions", () => {
  const post = (url: string, fields: Record<string, string>) =>
    routeArgs(url, { method: "POST", body: new URLSearchParams(fields) });

  test("language: stored in a cookie, ?lng dropped from the return path", async () => {
    const { action } = await import("~/routes/resources+/language");
    const response = await action(
      post("/resources/language", { lng: "ur", redirectTo: "/rng?lng=en&page=2" }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/rng?page=2");
    expect(response.headers.get("Set-Cookie")).toMatch(/^lng=.*HttpOnly.*SameSite=Lax/i);
  });

  test("language: an unknown code or an outside redirect changes nothing harmful", async () => {
    const { action } = await import("~/routes/resources+/language");
    const bad = await thrownResponse(action(post("/resources/language", { lng: "xx" })));
    expect(bad.status).toBe(400);
    const outside = await action(
      post("/resources/language", { lng: "en", redirectTo: "//evil.example/" }),
    );
    expect(outside.headers.get("Location")).toBe("/");
  });

  test("theme and side menu are one cookie; bad values are a 400", async () => {
    const { action } = await import("~/routes/resources+/prefs");
    const dark = await action(post("/resources/prefs", { theme: "dark", redirectTo: "/help" }));
    expect(dark.headers.get("Location")).toBe("/help");
    const cookie = cookiePair(dark.headers.get("Set-Cookie"));
    const { readPrefs } = await import("~/utils/prefs.server");
    expect(
      await readPrefs(new Request("http://localhost/", { headers: { Cookie: cookie } })),
    ).toEqual({
      theme: "dark",
      sideMenu: "auto",
    });
    expect(
      (await thrownResponse(action(post("/resources/prefs", { theme: "purple" })))).status,
    ).toBe(400);
    expect((await thrownResponse(action(post("/resources/prefs", {})))).status).toBe(400);
  });
});

describe("health", () => {
  test("/healthz answers with the database", async () => {
    const { loader } = await import("~/routes/healthz");
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });
});

describe("cookie security", () => {
  test("Secure over HTTPS, directly or at the trusted proxy; not over plain HTTP", async () => {
    const { action } = await import("~/routes/resources+/prefs");
    const form = () => new URLSearchParams({ theme: "dark" });
    const plain = await action({
      request: new Request("http://localhost/resources/prefs", { method: "POST", body: form() }),
      params: {},
      context: {},
    });
    expect(plain.headers.get("Set-Cookie")).not.toMatch(/Secure/i);
    const https = await action({
      request: new Request("https://portal.example/resources/prefs", {
        method: "POST",
        body: form(),
      }),
      params: {},
      context: {},
    });
    expect(https.headers.get("Set-Cookie")).toMatch(/Secure/i);
    const proxied = await action({
      request: new Request("http://portal.internal/resources/prefs", {
        method: "POST",
        body: form(),
        headers: { "X-Forwarded-Proto": "https" },
      }),
      params: {},
      context: {},
    });
    expect(proxied.headers.get("Set-Cookie")).toMatch(/Secure/i);
  });
});

describe("health without a brand", () => {
  test("/healthz is 503 when the database has no brand config", async () => {
    const empty = await createTestDatabase();
    const previous = globalThis.__platformDatabase;
    globalThis.__platformDatabase = Promise.resolve(empty);
    try {
      const { loader } = await import("~/routes/healthz");
      const response = await loader();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ brand: "missing" });
    } finally {
      globalThis.__platformDatabase = previous;
      await empty.close();
    }
  });
});
