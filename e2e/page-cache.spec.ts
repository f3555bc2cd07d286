import { expect, test, waitForHydration } from "./fixtures";
import { publishContentChange } from "../app/platform/events/content-changes.server";
import { isReadParam, VISITOR_PAGES } from "../app/server/visitor-pages";

/**
 * The visitors' page cache (issue 18, ADR 24) against the production server:
 * what a member sees never reaches a visitor, each response has its own CSP
 * nonce, and a content change is served at once.
 */

const HTML = { Accept: "text/html,application/xhtml+xml" };
const nonceOf = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

test.describe("server answers", () => {
  // Plain requests: the same with JavaScript on or off, so one project runs them.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "server answers run once");

  test("a member's name and balance never appear in a visitor's response", async ({
    page,
    request,
    createMember,
    fundMember,
    signIn,
  }) => {
    const member = await createMember({ password: "Secret123" });
    await fundMember(member.account, 98_765_432);
    await signIn(member.account, "Secret123");
    const asMember = page.context().request;

    const mine = await asMember.get("/", { headers: HTML });
    expect(await mine.text()).toContain(member.account);
    expect(await mine.text()).toContain("987,654.32");
    expect(mine.headers()["cache-control"]).toBe("private, no-store");
    expect(mine.headers()["x-page-cache"]).toBeUndefined();

    // The member first, then a visitor with the same key otherwise (same path, language, no other cookie).
    const visitor = await request.get("/", { headers: HTML });
    expect(visitor.headers()["cache-control"]).toContain("public");
    expect(await visitor.text()).not.toContain(member.account);

    // And interleaved: 30 requests at once, members and visitors alternating.
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? asMember : request).get(i % 4 < 2 ? "/" : "/rng", { headers: HTML }),
      ),
    );
    for (const [i, response] of responses.entries()) {
      const html = await response.text();
      expect(response.status()).toBe(200);
      if (i % 2) continue;
      expect(html).not.toContain(member.account);
      expect(html).not.toContain("987,654.32");
    }
  });

  test("each response has its own nonce, the one its CSP header allows", async ({ request }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await request.get("/promotions", { headers: HTML });
      const inPage = new Set(nonceOf(await response.text()));
      expect(inPage.size).toBe(1);
      const [nonce] = inPage;
      expect(response.headers()["content-security-policy"]).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce!);
      if (i > 0) expect(response.headers()["x-page-cache"]).toBe("hit");
    }
    expect(nonces.size).toBe(3);
  });

  test("Remix's data requests never get a stored page", async ({ request }) => {
    // The document, twice: the second is a hit.
    await request.get("/download", { headers: HTML });
    expect((await request.get("/download", { headers: HTML })).headers()["x-page-cache"]).toBe(
      "hit",
    );
    // Loaders see a data request without `_data`; it must still get the loader's data.
    const data = await request.get("/download?_data=routes%2F_portal%2B%2Fdownload");
    expect(data.headers()["content-type"]).toContain("application/json");
    expect(await data.json()).toHaveProperty("links");
  });

  test("a document request is served from the cache whatever its Accept; its data requests stay JSON", async ({
    request,
  }) => {
    // curl, crawlers and monitors ask for */* or send no Accept at all.
    for (const accept of ["*/*", ""]) {
      await expect
        .poll(
          async () =>
            (await request.get("/pvp", { headers: { Accept: accept } })).headers()["x-page-cache"],
        )
        .toBe("hit");
      const page = await request.get("/pvp", { headers: { Accept: accept } });
      expect(page.headers()["content-type"]).toContain("text/html");
      expect(await page.text()).toContain("<!DOCTYPE html>");
    }
    for (const route of ["root", "routes/_portal+/_layout", "routes/_portal+/pvp"]) {
      const data = await request.get(`/pvp?_data=${encodeURIComponent(route)}`, {
        headers: { Accept: "*/*" },
      });
      expect(data.headers()["content-type"], route).toContain("application/json");
      expect(data.headers()["x-page-cache"], route).toBeUndefined();
    }
  });

  test("a made-up query parameter makes no cache entry; every link between visitor pages uses only parameters the cache keys by", async ({
    request,
  }) => {
    for (let i = 0; i < 2; i++) {
      const made = await request.get("/pvp?x=1", { headers: HTML });
      expect(made.status()).toBe(200);
      expect(made.headers()["x-page-cache"]).not.toBe("hit");
    }
    // A link to a visitor page with a parameter the cache does not key by would never be cached.
    const unread: string[] = [];
    for (const path of [...VISITOR_PAGES, "/?modal=login", "/?modal=register"]) {
      const html = await (await request.get(path, { headers: HTML })).text();
      for (const [, href] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
        const url = new URL(href!.replaceAll("&amp;", "&"), "http://localhost");
        if (url.origin !== "http://localhost" || !VISITOR_PAGES.has(url.pathname)) continue;
        for (const name of url.searchParams.keys())
          if (!isReadParam(name)) unread.push(`${path} → ${url.pathname}?…${name}=`);
      }
    }
    expect([...new Set(unread)]).toEqual([]);
  });

  test("a content change committed in the database is served at once", async ({
    request,
    serverDatabase,
  }) => {
    test.skip(!serverDatabase, "needs E2E_DATABASE_URL");
    await request.get("/help", { headers: HTML });
    expect((await request.get("/help", { headers: HTML })).headers()["x-page-cache"]).toBe("hit");
    await publishContentChange(serverDatabase!, "help");
    await expect
      .poll(async () => (await request.get("/help", { headers: HTML })).headers()["x-page-cache"])
      .toBe("miss");
  });
});

test("a page served from the cache runs with no CSP violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // Until a hit: another test's content change may empty the cache in between.
  await expect.poll(async () => (await page.goto("/rng"))?.headers()["x-page-cache"]).toBe("hit");
  await waitForHydration(page);
  await expect(page.getByRole("main")).toBeVisible();
  expect(violations).toEqual([]);
});
