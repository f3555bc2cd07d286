import { describe, expect, test } from "vitest";
import { identityPolicy } from "~/platform/identity/policy.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { readSession } from "~/platform/identity/sessions.server";
import { takeBreak } from "~/platform/protection/breaks.server";
import { useSeededDatabase } from "../helpers/database";
import {
  formPost,
  jsonBody,
  routeArgs,
  signInAs,
  signedInNewMember,
  thrownResponse,
} from "../helpers/routes";
import { insertMember } from "../helpers/wallet";

/**
 * /member/protection/break with real Requests: who may post, the review then
 * confirm steps, bad lengths, a forged lift, and that a confirmed break
 * signs the member out.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const PATH = "/member/protection/break";
const route = () => import("~/routes/_portal+/member+/protection_.break");

const member = (type?: number) => signedInNewMember(handle.db, type);

const post = async (cookie: string | null, fields: Record<string, string>) => {
  const { action } = await route();
  return action(formPost(PATH, fields, cookie ? { Cookie: cookie } : {}));
};

const breaksOf = (memberId: string) =>
  handle.db.selectFrom("protection_breaks").selectAll().where("member_id", "=", memberId).execute();

describe("the break page's actions", () => {
  test("a visitor is sent to log in and a trial account to the real-account notice", async () => {
    const fields = { intent: "confirm", kind: "time_out", length: "1", understood: "on" };
    const visitor = await thrownResponse(post(null, fields));
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
    const trial = await member(4);
    const refused = await thrownResponse(post(trial.cookie, fields));
    expect(refused.headers.get("Location")).toBe("/?modal=real-account");
    expect(await breaksOf(trial.id)).toEqual([]);
  });

  test("review asks for confirmation and changes nothing; confirm starts it and signs out", async () => {
    const someone = await member();
    const review = await jsonBody(
      post(someone.cookie, { intent: "review", kind: "time_out", length: "3" }),
    );
    expect(review.confirm).toMatchObject({ kind: "time_out", length: 3 });
    expect(await breaksOf(someone.id)).toEqual([]);
    // Without the "I understand" box the confirm post only asks again.
    const unticked = await jsonBody(
      post(someone.cookie, { intent: "confirm", kind: "time_out", length: "3" }),
    );
    expect(unticked.confirm).toBeTruthy();
    expect(await breaksOf(someone.id)).toEqual([]);

    const done = (await post(someone.cookie, {
      intent: "confirm",
      kind: "time_out",
      length: "3",
      understood: "on",
    })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Set-Cookie")).toBeTruthy();
    expect(await breaksOf(someone.id)).toHaveLength(1);
    expect(await readSession(handle.db, someone.token, identityPolicy())).toBeNull();
  });

  test("a typed length wins over the picked one, within bounds", async () => {
    const someone = await member();
    const review = await jsonBody(
      post(someone.cookie, { intent: "review", kind: "exclusion", length: "6", typedLength: "18" }),
    );
    expect(review.confirm).toMatchObject({ kind: "exclusion", length: 18 });
  });

  test.each([
    ["time_out", "0"],
    ["time_out", "43"],
    ["time_out", "1.5"],
    ["exclusion", "5"],
    ["exclusion", "61"],
    ["exclusion", "abc"],
  ])("a %s of %s is a translated field error and nothing starts", async (kind, length) => {
    const someone = await member();
    const response = (await post(someone.cookie, {
      intent: "confirm",
      kind,
      typedLength: length,
      understood: "on",
    })) as Response;
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error.length[0]).toMatch(
      kind === "time_out" ? /1 to 42 days/ : /6 to 60 months/,
    );
    expect(await breaksOf(someone.id)).toEqual([]);
  });

  test("a forged lift is refused, audited, and changes nothing", async () => {
    const someone = await member();
    await handle.db
      .insertInto("protection_breaks")
      .values({
        member_id: someone.id,
        kind: "exclusion",
        starts_at: new Date(Date.now() - 86_400_000 * 200),
        ends_at: new Date(Date.now() - 86_400_000),
        source: "member",
        created_by: someone.id,
      })
      .execute();
    const before = await breaksOf(someone.id);
    for (const intent of ["lift", "end", "shorten", ""]) {
      const response = (await post(someone.cookie, {
        intent,
        kind: "exclusion",
        length: "0",
        breakId: before[0]!.id,
      })) as Response;
      expect(response.status).toBe(400);
      expect((await response.json()).result.error[""][0]).toBe(
        "A break can not be lifted or shortened.",
      );
    }
    expect(await breaksOf(someone.id)).toEqual(before);
    const refusals = await handle.db
      .selectFrom("audit_log")
      .select("event")
      .where("member_id", "=", someone.id)
      .where("event", "=", "protection_lift_refused")
      .orderBy("id")
      .execute();
    expect(refusals).toHaveLength(4);
  });

  test("the honeypot refuses a bot's post", async () => {
    const someone = await member();
    const response = await thrownResponse(
      post(someone.cookie, {
        intent: "confirm",
        kind: "time_out",
        length: "1",
        understood: "on",
        name__confirm: "bot",
      }),
    );
    expect(response.status).toBe(400);
    expect(await breaksOf(someone.id)).toEqual([]);
  });
});

describe("the agent's team list", () => {
  test("shows a downline member's break, with no way to lift it", async () => {
    const agent = await signInAs(handle.db, "agent01", "agent");
    const crew = await handle.db
      .selectFrom("members")
      .select(["id", "account"])
      .where("account", "=", "crew01")
      .executeTakeFirstOrThrow();
    await takeBreak(
      handle.db,
      { memberId: crew.id, kind: "time_out", length: 7, source: "member", actorId: crew.id },
      { ip: null, userAgent: null },
    );
    const { loader } = await import("~/routes/agentHome+/team");
    const page = await jsonBody(
      loader(routeArgs("/agentHome/team?level=all", { headers: { Cookie: agent.cookie } })),
    );
    const row = page.team.rows.find((entry: { account: string }) => entry.account === "crew01");
    expect(row.protection).toMatchObject({ kind: "time_out" });
    const others = page.team.rows.filter(
      (entry: { account: string }) => entry.account !== "crew01",
    );
    expect(others.every((entry: { protection: unknown }) => entry.protection === null)).toBe(true);
  });
});

describe("the login form after a self-exclusion", () => {
  test("says when it ended, offers reopening, then says when the member may sign in", async () => {
    const id = await insertMember(handle.db);
    const { account } = await handle.db
      .updateTable("members")
      .set({ password_hash: await hashPassword("Player123"), first_time_login: false })
      .where("id", "=", id)
      .returning("account")
      .executeTakeFirstOrThrow();
    const day = 86_400_000;
    await handle.db
      .insertInto("protection_breaks")
      .values({
        member_id: id,
        kind: "exclusion",
        starts_at: new Date(Date.now() - 200 * day),
        ends_at: new Date(Date.now() - day),
        source: "member",
        created_by: id,
      })
      .execute();
    const { action } = await import("~/routes/_portal+/login");
    const fields = { intent: "login", username: account, password: "Player123" };
    const first = (await action(formPost("/login", fields))) as Response;
    expect(first.status).toBe(400);
    const refused = await first.json();
    expect(refused.reopenOffer).toBe(true);
    expect(refused.result.error[""][0]).toMatch(/^Your self-exclusion ended on \d{4}-\d{2}-\d{2} /);

    const asked = (await action(formPost("/login", { ...fields, reopen: "on" }))) as Response;
    expect(asked.status).toBe(400);
    const pending = await asked.json();
    expect(pending.reopenOffer).toBeUndefined();
    expect(pending.result.error[""][0]).toMatch(
      /^You asked to reopen your account\. You can sign in from /,
    );
    expect(asked.headers.get("Set-Cookie")).toBeNull();
    const [row] = await handle.db
      .selectFrom("protection_breaks")
      .select("reopen_requested_at")
      .where("member_id", "=", id)
      .execute();
    expect(row?.reopen_requested_at).not.toBeNull();
  });
});
