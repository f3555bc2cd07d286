import { describe, expect, test } from "vitest";
import { useSeededDatabase } from "../helpers/database";
import {
  formPost,
  jsonBody,
  routeArgs,
  signedInNewMember,
  thrownResponse,
} from "../helpers/routes";

/**
 * Issue 17's reality-check page (/member/protection/reality-check) with real
 * Requests: who may act, bad input, and the answers a reminder posts.
 */

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const PATH = "/member/protection/reality-check";
const route = () => import("~/routes/_portal+/member+/protection_.reality-check");

const member = (type?: number) => signedInNewMember(handle.db, type);

const post = async (cookie: string | null, fields: Record<string, string>) =>
  (await route()).action(formPost(PATH, fields, cookie ? { Cookie: cookie } : {}));

const stored = (memberId: string) =>
  handle.db
    .selectFrom("reality_checks")
    .select(["interval_minutes", "session_limit_minutes", "answered_session_id"])
    .where("member_id", "=", memberId)
    .executeTakeFirst();

describe("reality-check settings", () => {
  test("a visitor is sent to log in and a trial account away; nothing is stored", async () => {
    const visitor = await thrownResponse(post(null, { intent: "settings", interval: "15" }));
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
    const trial = await member(4);
    const refused = await thrownResponse(
      post(trial.cookie, { intent: "settings", interval: "15" }),
    );
    expect(refused.status).toBe(302);
    expect(await stored(trial.id)).toBeUndefined();
  });

  test("the page shows the brand's default, a saved choice comes back", async () => {
    const someone = await member();
    const { loader } = await route();
    const before = await jsonBody(loader(routeArgs(PATH, { headers: { Cookie: someone.cookie } })));
    expect(before.settings).toMatchObject({ intervalMinutes: 30, chosen: false });
    const saved = (await post(someone.cookie, {
      intent: "settings",
      interval: "60",
      sessionLimit: "120",
    })) as Response;
    expect(saved.headers.get("Location")).toBe(`${PATH}?saved=1`);
    expect(await stored(someone.id)).toMatchObject({
      interval_minutes: 60,
      session_limit_minutes: 120,
    });
    // An empty limit removes it.
    await post(someone.cookie, { intent: "settings", interval: "0", sessionLimit: "" });
    expect(await stored(someone.id)).toMatchObject({
      interval_minutes: 0,
      session_limit_minutes: null,
    });
  });

  test.each([
    [{ interval: "7" }, "interval"],
    [{ interval: "abc" }, "interval"],
    [{ interval: "30", sessionLimit: "5" }, "sessionLimit"],
    [{ interval: "30", sessionLimit: "99999" }, "sessionLimit"],
    [{ interval: "30", sessionLimit: "45.5" }, "sessionLimit"],
  ])("bad input %j is a field error on %s, nothing stored", async (fields, field) => {
    const someone = await member();
    const response = (await post(someone.cookie, { intent: "settings", ...fields })) as Response;
    expect(response.status).toBe(400);
    const body = await jsonBody(response);
    expect(body.result.error[field]?.[0]).toBeTruthy();
    expect(await stored(someone.id)).toBeUndefined();
  });

  test("a filled honeypot is refused", async () => {
    const someone = await member();
    const response = await thrownResponse(
      post(someone.cookie, { intent: "settings", interval: "15", name__confirm: "bot" }),
    );
    expect(response.status).toBe(400);
    expect(await stored(someone.id)).toBeUndefined();
  });
});

describe("reminder answers", () => {
  test("Continue answers for this session and goes back to the game; only our own paths", async () => {
    const someone = await member();
    const back = (await post(someone.cookie, {
      intent: "continue",
      returnTo: "/demo-games/abc",
    })) as Response;
    expect(back.headers.get("Location")).toBe("/demo-games/abc");
    expect((await stored(someone.id))?.answered_session_id).toBeTruthy();
    const offsite = (await post(someone.cookie, {
      intent: "continue",
      returnTo: "https://evil.example/",
    })) as Response;
    expect(offsite.headers.get("Location")).toBe("/");
  });

  test("View history answers and opens the betting record; an unknown answer is a 400", async () => {
    const someone = await member();
    const history = (await post(someone.cookie, { intent: "history" })) as Response;
    expect(history.headers.get("Location")).toBe("/member/betting-record");
    const other = await member();
    const bad = await thrownResponse(post(other.cookie, { intent: "skip" }));
    expect(bad.status).toBe(400);
    expect(await stored(other.id)).toBeUndefined();
    const visitor = await thrownResponse(post(null, { intent: "continue" }));
    expect(visitor.status).toBe(302);
  });
});
