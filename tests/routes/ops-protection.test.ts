import { describe, expect, test } from "vitest";
import { identityPolicy } from "~/platform/identity/policy.server";
import { readSession } from "~/platform/identity/sessions.server";
import { useSeededDatabase } from "../helpers/database";
import { formPost, jsonBody, routeArgs, signInMember, thrownResponse } from "../helpers/routes";
import { insertMember } from "../helpers/wallet";
import { opsCookie } from "../helpers/withdrawals";

/**
 * /ops/protection with real Requests: operators only, adding a restriction
 * signs the member out and is listed with its trail, bad input and any
 * attempt to remove are refused with nothing changed.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const route = () => import("~/routes/ops+/protection");
const operatorCookie = () => opsCookie(handle.db);

const post = async (cookie: string | null, fields: Record<string, string>) => {
  const { action } = await route();
  return action(formPost("/ops/protection", fields, cookie ? { Cookie: cookie } : {}));
};

async function member() {
  const id = await insertMember(handle.db);
  const row = await handle.db
    .selectFrom("members")
    .select("account")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { id, account: row.account, ...(await signInMember(handle.db, id)) };
}

const breaksOf = (memberId: string) =>
  handle.db.selectFrom("protection_breaks").selectAll().where("member_id", "=", memberId).execute();

describe("/ops/protection", () => {
  test("a member (or nobody) is sent to the ops login and nothing is added", async () => {
    const someone = await member();
    const fields = { intent: "add", account: someone.account, kind: "time_out", length: "1" };
    for (const cookie of [null, someone.cookie]) {
      const response = await thrownResponse(post(cookie, fields));
      expect(response.headers.get("Location")).toBe("/ops/login");
    }
    expect(await breaksOf(someone.id)).toEqual([]);
  });

  test("the operator adds an exclusion: the member is signed out, listed, with the trail", async () => {
    const someone = await member();
    const cookie = await operatorCookie();
    const response = (await post(cookie, {
      intent: "add",
      account: someone.account,
      kind: "exclusion",
      length: "6",
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/ops/protection?added=${someone.account}`);
    const [row] = await breaksOf(someone.id);
    expect(row).toMatchObject({ kind: "exclusion", source: "operator" });
    expect(await readSession(handle.db, someone.token, identityPolicy())).toBeNull();

    const { loader } = await route();
    const page = await jsonBody(
      loader(
        routeArgs(`/ops/protection?added=${someone.account}`, { headers: { Cookie: cookie } }),
      ),
    );
    const listed = page.rows.find(
      (entry: { account: string }) => entry.account === someone.account,
    );
    expect(listed.kind).toBe("exclusion");
    expect(listed.trail.map((entry: { event: string }) => entry.event)).toContain(
      "protection_break_taken",
    );
  });

  test("bad input is a field error and nothing is added", async () => {
    const someone = await member();
    const cookie = await operatorCookie();
    for (const [kind, length] of [
      ["time_out", "0"],
      ["time_out", "50"],
      ["exclusion", "3"],
    ] as const) {
      const response = (await post(cookie, {
        intent: "add",
        account: someone.account,
        kind,
        length,
      })) as Response;
      expect(response.status).toBe(400);
      expect((await response.json()).result.error.length[0]).toMatch(/Choose a/);
    }
    const unknown = (await post(cookie, {
      intent: "add",
      account: "nobody-here",
      kind: "time_out",
      length: "1",
    })) as Response;
    expect((await unknown.json()).result.error.account[0]).toBe("No member has this account name");
    const operator = (await post(cookie, {
      intent: "add",
      account: "ops01",
      kind: "time_out",
      length: "1",
    })) as Response;
    expect(operator.status).toBe(400);
    expect(await breaksOf(someone.id)).toEqual([]);
  });

  test("removing is refused and changes nothing", async () => {
    const someone = await member();
    const cookie = await operatorCookie();
    await post(cookie, { intent: "add", account: someone.account, kind: "time_out", length: "2" });
    const before = await breaksOf(someone.id);
    const response = (await post(cookie, {
      intent: "remove",
      breakId: before[0]!.id,
    })) as Response;
    expect(response.status).toBe(400);
    expect((await response.json()).result.error[""][0]).toBe("Restrictions can not be removed.");
    expect(await breaksOf(someone.id)).toEqual(before);
  });
});
