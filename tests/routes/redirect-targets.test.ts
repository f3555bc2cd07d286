/// <reference types="vite/client" />
import { describe, expect, test } from "vitest";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import { adjustmentRules, requestAdjustment } from "~/platform/players/adjustments.server";
import { useSeededDatabase } from "../helpers/database";
import {
  formPost,
  getAs,
  jsonBody,
  routeArgs,
  signedInNewMember,
  signInAs,
} from "../helpers/routes";
import { staffCookieWith } from "../helpers/staff";
import { formKey, insertMember } from "../helpers/wallet";

/**
 * Where a redirect leads, route by route, built from the route files: every
 * action (or loader) that reads a `redirectTo` or `returnTo` from the form or
 * the query is given targets in Chinese, Urdu, accented Latin and emoji, both
 * raw and percent-encoded, with a session and input good enough that the
 * redirect really happens. Every answer must be a 3xx whose Location is
 * printable ASCII (a header cannot carry more), on this site, and leads to
 * the page that was asked for. A route that reads either field without a case
 * below fails the first test. Then the Locations the root builds from the
 * request's own path: one address per page, without a trailing slash.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

type RouteModule = {
  action?: (args: unknown) => unknown;
  loader?: (args: unknown) => unknown;
};
const modules = import.meta.glob<RouteModule>(["/app/routes/**/*.{ts,tsx}", "!**/__*"]);
const sources = import.meta.glob<string>(["/app/routes/**/*.{ts,tsx}", "/app/utils/*.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** A form or query field read as a redirect target: in a zod schema, or asked for by name. */
const READS_TARGET =
  /\b(?:redirectTo|returnTo)\??\s*:\s*z\b|\.get\(\s*"(?:redirectTo|returnTo)"\s*\)/;

/** A route file's text and that of the feature files (`./__x`) and shared helpers (`~/utils/x`) it imports. */
function textOf(file: string): string {
  const text = sources[file] ?? "";
  const folder = file.slice(0, file.lastIndexOf("/"));
  const imported = [...text.matchAll(/from "(\.\/__[\w.-]+|~\/utils\/[\w.-]+)"/g)].map((match) => {
    const base = match[1]!.startsWith("./")
      ? `${folder}/${match[1]!.slice(2)}`
      : `/app/utils/${match[1]!.slice("~/utils/".length)}`;
    return sources[`${base}.ts`] ?? sources[`${base}.tsx`] ?? "";
  });
  return [text, ...imported].join("\n");
}

const routeFiles = Object.keys(modules).sort();
const targetReaders = routeFiles.filter((file) => READS_TARGET.test(textOf(file)));

const ORIGIN = "http://localhost";

/** Pages to return to, in the scripts a member may read them in. */
const TARGETS: [string, string][] = [
  ["Chinese", "/promotions?q=你好"],
  ["Urdu", "/help?topic=خوش آمدید"],
  ["accented Latin", "/games/ñandú?q=crème brûlée"],
  ["emoji", "/rng?q=🎰🍀#top"],
];

/** Each target as a form posts it: raw, and already percent-encoded (as the app's own links hold it). */
const POSTED = TARGETS.flatMap(([script, raw]): [string, string, string][] => [
  [`${script}, raw`, raw, raw],
  [`${script}, encoded`, encodeURI(raw), raw],
]);

/** A route's answer, returned or thrown; anything else is the 500 the browser would get. */
async function answer(call: () => unknown): Promise<Response> {
  try {
    const result = await call();
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result ?? null), { status: 200 });
  } catch (error) {
    if (error instanceof Response) return error;
    return new Response(String((error as Error)?.stack ?? error), { status: 500 });
  }
}

/** A 3xx whose Location a header can carry and a browser reads as a page of this site. */
async function expectRedirect(response: Response, label: string): Promise<URL> {
  const body = response.status >= 400 ? await response.text() : "";
  expect(response.status, `${label}: ${body.slice(0, 400)}`).toBeGreaterThanOrEqual(300);
  expect(response.status, label).toBeLessThan(400);
  const location = response.headers.get("Location") ?? "";
  expect(location, label).toMatch(/^[\x21-\x7e]+$/);
  expect(() => new Headers({ Location: location }), label).not.toThrow();
  expect(location.startsWith("/") && !location.startsWith("//"), `${label}: ${location}`).toBe(
    true,
  );
  const url = new URL(location, ORIGIN);
  expect(url.origin, label).toBe(ORIGIN);
  return url;
}

/** Path, query and fragment as a reader sees them, decoded. */
const decoded = (url: URL) => ({
  path: decodeURIComponent(url.pathname),
  query: [...url.searchParams],
  hash: decodeURIComponent(url.hash),
});

/** The redirect leads to `intended` (given as raw text). */
async function expectLandsOn(response: Response, intended: string, label: string) {
  const url = await expectRedirect(response, label);
  expect(decoded(url), label).toEqual(decoded(new URL(intended, ORIGIN)));
}

async function postTo(file: string, fields: Record<string, string>, cookie?: string) {
  const module = await modules[file]!();
  return answer(() =>
    module.action!(formPost("/redirect-targets", fields, cookie ? { Cookie: cookie } : {})),
  );
}

async function someGame() {
  const game = await handle.db
    .selectFrom("games")
    .select("node_id")
    .where("category", "=", "RNG")
    .orderBy("node_id")
    .executeTakeFirstOrThrow();
  return String(game.node_id);
}

type Case = (posted: string, intended: string, label: string) => Promise<void>;

/** Each route that reads a redirect target: how to make it redirect, and where it must lead. */
const CASES: Record<string, Case> = {
  "/app/routes/_portal+/login.tsx": async (posted, intended, label) => {
    const file = "/app/routes/_portal+/login.tsx";
    // A correct password: the member is signed in and sent on.
    const login = await postTo(file, {
      username: "player01",
      password: "Player123",
      redirectTo: posted,
    });
    await expectLandsOn(login, intended, `POST ${label}`);
    expect(login.headers.get("Set-Cookie"), label).toMatch(/^session=/);
    // Signed in already: the login page itself sends the member on.
    const { cookie } = await signInAs(handle.db, "player01");
    const { loader } = await modules[file]!();
    const page = await answer(() =>
      loader!(getAs(`/login?redirectTo=${encodeURIComponent(posted)}`, cookie)),
    );
    await expectLandsOn(page, intended, `GET ${label}`);
  },
  "/app/routes/agent.tsx": async (posted, _intended, label) => {
    // The agent site always opens the agent centre, whatever the form says.
    const login = await postTo("/app/routes/agent.tsx", {
      intent: "login",
      username: "agent01",
      password: "Agent123",
      redirectTo: posted,
    });
    expect((await expectRedirect(login, label)).pathname).toBe("/agentHome");
  },
  "/app/routes/ops+/login.tsx": async (posted, _intended, label) => {
    // The back office takes no redirect target: an operator always lands on /ops. (Without
    // ops01's authenticator, so the password answers with the session: the code step is ops.test.ts's.)
    await handle.db.deleteFrom("authenticators").execute();
    const login = await postTo("/app/routes/ops+/login.tsx", {
      username: "ops01",
      password: "Ops12345",
      redirectTo: posted,
    });
    expect((await expectRedirect(login, label)).pathname).toBe("/ops");
  },
  "/app/routes/ops+/adjustments.tsx": async (posted, _intended, label) => {
    // A decision returns only to the queue or a player page's adjustments tab: any other
    // target is the queue.
    const member = await insertMember(handle.db);
    const maker = await insertMember(handle.db, { type: OPERATOR_TYPE });
    const checker = await staffCookieWith(handle.db, ["adjustments.view", "adjustments.approve"]);
    const pending = await requestAdjustment(
      handle.db,
      {
        memberId: member,
        direction: "credit",
        amount: 500_000n,
        reason: "goodwill",
        note: "redirect test",
        formKey: formKey(),
      },
      adjustmentRules({
        adjustments: { reasons: ["goodwill"], fourEyesAbove: 0, max: 1_000_000 },
      }),
      { operatorId: maker, context: { ip: null, userAgent: null } },
    );
    const reply = await postTo(
      "/app/routes/ops+/adjustments.tsx",
      { website: "", intent: "approve", adjustmentId: pending.id, returnTo: posted },
      checker,
    );
    const url = await expectRedirect(reply, label);
    expect(url.pathname).toBe("/ops/adjustments");
  },
  "/app/routes/_portal+/member+/protection_.reality-check.tsx": async (posted, intended, label) => {
    const { cookie } = await signedInNewMember(handle.db);
    const reply = await postTo(
      "/app/routes/_portal+/member+/protection_.reality-check.tsx",
      { intent: "continue", returnTo: posted },
      cookie,
    );
    await expectLandsOn(reply, intended, label);
  },
  "/app/routes/resources+/prefs.ts": async (posted, intended, label) => {
    const reply = await postTo("/app/routes/resources+/prefs.ts", {
      theme: "dark",
      redirectTo: posted,
    });
    await expectLandsOn(reply, intended, label);
    expect(reply.headers.get("Set-Cookie"), label).toBeTruthy();
  },
  "/app/routes/resources+/announcements.ts": async (posted, intended, label) => {
    const reply = await postTo("/app/routes/resources+/announcements.ts", {
      audience: "B",
      redirectTo: posted,
    });
    await expectLandsOn(reply, intended, label);
  },
  "/app/routes/resources+/hot-games.ts": async (posted, intended, label) => {
    await expectLandsOn(
      await postTo("/app/routes/resources+/hot-games.ts", { redirectTo: posted }),
      intended,
      label,
    );
  },
  "/app/routes/resources+/language.ts": async (posted, intended, label) => {
    const file = "/app/routes/resources+/language.ts";
    const reply = await postTo(file, { lng: "ur", redirectTo: posted });
    await expectLandsOn(reply, intended, label);
    expect(reply.headers.get("Set-Cookie"), label).toMatch(/^lng=/);
    // ?lng= would outrank the new cookie: it is dropped, and the rest of the target kept.
    const withLng = await postTo(file, { lng: "ur", redirectTo: "/promotions?q=你好&lng=ja" });
    await expectLandsOn(withLng, "/promotions?q=你好", `${label}, with ?lng=`);
  },
  "/app/routes/resources+/favourites.ts": async (posted, intended, label) => {
    const file = "/app/routes/resources+/favourites.ts";
    const nodeId = await someGame();
    // A member (a fresh one: a second toggle within a second would be refused) goes back to the page.
    const { cookie } = await signedInNewMember(handle.db);
    const added = await postTo(file, { nodeId, intent: "add", redirectTo: posted }, cookie);
    await expectLandsOn(added, intended, `member ${label}`);
    // A visitor goes to the login dialog, which then returns to the page.
    const visitor = await postTo(file, { nodeId, intent: "add", redirectTo: posted });
    const login = await expectRedirect(visitor, `visitor ${label}`);
    expect(login.pathname).toBe("/login");
    const back = login.searchParams.get("redirectTo") ?? "";
    await expectLandsOn(
      new Response(null, { status: 302, headers: { Location: back } }),
      intended,
      `visitor ${label}, the login's redirectTo`,
    );
  },
};

describe("every redirect target a route reads leads, as ASCII, to the page asked for", () => {
  test("the routes that read one were found, and each has its case", () => {
    expect(targetReaders).toContain("/app/routes/_portal+/login.tsx");
    expect(targetReaders).toContain("/app/routes/resources+/prefs.ts");
    expect(targetReaders.filter((file) => !(file in CASES))).toEqual([]);
    // No case for a route that no longer reads one.
    expect(Object.keys(CASES).filter((file) => !targetReaders.includes(file))).toEqual([]);
  });

  test.each(targetReaders)("%s", async (file) => {
    const run = CASES[file];
    if (!run) throw new Error(`${file} reads a redirect target: give it a case in CASES`);
    for (const [label, posted, intended] of POSTED) await run(posted, intended, label);
  });

  test("off-site targets still go home", async () => {
    for (const outside of ["https://evil.example/", "//evil.example", "/.//evil.example/你"]) {
      const reply = await postTo("/app/routes/resources+/prefs.ts", {
        theme: "light",
        redirectTo: outside,
      });
      expect((await expectRedirect(reply, outside)).pathname).toBe("/");
    }
  });

  test("a forced password change after a login ends where the login would have", async () => {
    const login = "/app/routes/_portal+/login.tsx";
    for (const [account, posted, intended] of [
      ["newbie01", "/promotions?q=你好", "/promotions?q=你好"],
      ["newbie02", encodeURI("/rng?q=🎰🍀"), "/rng?q=🎰🍀"],
    ] as const) {
      const step = await jsonBody(
        await postTo(login, { username: account, password: "123456", redirectTo: posted }),
      );
      expect(step.changePassword?.reason, account).toBe("default_password");
      const done = await postTo(login, {
        intent: "change-password",
        ticket: step.changePassword.ticket,
        reason: step.changePassword.reason,
        newPassword: "Changed-Gull-123",
        confirmNewPassword: "Changed-Gull-123",
      });
      await expectLandsOn(done, intended, account);
    }
  });
});

describe("the root's Locations built from the request's own path", () => {
  const root = async (url: string, init?: RequestInit) => {
    const { loader } = await import("~/root");
    return answer(() => loader(routeArgs(url, init) as never));
  };

  test("a document path with a trailing slash answers one permanent redirect without it, query kept", async () => {
    for (const [path, canonical] of [
      ["/login/", "/login"],
      [
        "/login/?redirectTo=%2Fpromotions%3Fq%3D%25E4%25BD%25A0",
        "/login?redirectTo=%2Fpromotions%3Fq%3D%25E4%25BD%25A0",
      ],
      ["/promotions/?category=all", "/promotions?category=all"],
      ["/member/", "/member"],
      ["/agentHome/", "/agentHome"],
      ["/help//", "/help"],
      ["/promotions/?q=你", "/promotions?q=%E4%BD%A0"],
    ]) {
      const reply = await root(path!);
      expect(reply.status, path).toBe(301);
      expect(reply.headers.get("Location"), path).toBe(canonical);
      await expectRedirect(reply, path!);
      // The canonical address is the page itself: no second redirect, no loop.
      expect((await root(canonical!)).status, canonical).toBe(200);
    }
  });

  test("never to another host, and the home page, data requests and posts are left alone", async () => {
    for (const path of ["//evil.example/", "///evil.example//?a=1"]) {
      const reply = await root(path);
      expect(reply.status, path).toBe(301);
      const location = reply.headers.get("Location") ?? "";
      expect(location.startsWith("//"), location).toBe(false);
      expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
    }
    expect((await root("/")).status).toBe(200);
    expect((await root("/?tab=RNG")).status).toBe(200);
    expect((await root("/login/?_data=root")).status).toBe(200);
    expect((await root("/login/", { method: "POST", body: new URLSearchParams() })).status).toBe(
      200,
    );
  });

  test("a hand-off login at a path that would name another host goes home", async () => {
    const reply = await root("//evil.example?token=unknown");
    const url = await expectRedirect(reply, "hand-off");
    // An unknown token signs nobody in: the login page, for this site's home.
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectTo")).toBeNull();
  });
});
