import { describe, expect, test } from "vitest";
import { listLimits } from "~/platform/protection/limits.server";
import { useSeededDatabase } from "../helpers/database";
import { formPost, jsonBody, routeArgs, signInAs, thrownResponse } from "../helpers/routes";
import { insertMember } from "../helpers/wallet";
import { opsCookie } from "../helpers/withdrawals";

/**
 * /ops/protection's limits with real Requests: operators only, a first or
 * lower limit at once with its trail, and every bad input or raise refused
 * with a translated error and nothing changed.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const route = () => import("~/routes/ops+/protection");

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
  return { id, account: row.account };
}

const limit = (account: string, amount: string) => ({
  intent: "limit",
  account,
  kind: "deposit",
  period: "week",
  amount,
});

const auditCount = async () =>
  Number(
    (
      await handle.db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("event", "=", "protection_limit_set")
        .executeTakeFirstOrThrow()
    ).count,
  );

describe("/ops/protection limits", () => {
  test("a member, an agent or nobody is sent to the ops login, and nothing is set", async () => {
    const someone = await member();
    const player = await signInAs(handle.db, "player01");
    const agent = await signInAs(handle.db, "agent01", "agent");
    const { loader } = await route();
    for (const cookie of [null, player.cookie, agent.cookie]) {
      const response = await thrownResponse(post(cookie, limit(someone.account, "100")));
      expect(response.headers.get("Location")).toBe("/ops/login");
      const page = await thrownResponse(
        loader(
          routeArgs("/ops/protection?view=limits", { headers: cookie ? { Cookie: cookie } : {} }),
        ),
      );
      expect(page.headers.get("Location")).toBe("/ops/login");
    }
    expect(await listLimits(handle.db, someone.id)).toEqual([]);
  });

  test("the operator sets a limit then lowers it: listed with amount and trail", async () => {
    const someone = await member();
    const cookie = await opsCookie(handle.db);
    for (const amount of ["500", "250.50"]) {
      const response = (await post(cookie, limit(someone.account, amount))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(
        `/ops/protection?view=limits&account=${someone.account}&limited=now`,
      );
    }
    const { loader } = await route();
    const page = await jsonBody(
      loader(
        routeArgs(`/ops/protection?view=limits&account=${someone.account}&limited=now`, {
          headers: { Cookie: cookie },
        }),
      ),
    );
    expect(page.limited).toBe("now");
    expect(page.limits).toHaveLength(1);
    expect(page.limits[0]).toMatchObject({ kind: "deposit", period: "week", pending: null });
    expect(page.limits[0].amount).toContain("250.50");
    expect(page.limits[0].trail.map((entry: { event: string }) => entry.event)).toEqual([
      "protection_limit_set",
      "protection_limit_set",
    ]);
  });

  test("bad input and raises: a translated field error, nothing changed, never a 500", async () => {
    const someone = await member();
    const cookie = await opsCookie(handle.db);
    await post(cookie, limit(someone.account, "100"));
    const before = await auditCount();
    const cases: [Record<string, string>, string, RegExp][] = [
      [limit("nobody-here", "50"), "account", /No member has that account/],
      [limit("ops01", "50"), "account", /No member has that account/],
      [limit(someone.account, "-5"), "amount", /./],
      [limit(someone.account, "0"), "amount", /./],
      [limit(someone.account, "abc"), "amount", /./],
      [limit(someone.account, "10.123"), "amount", /./],
      [limit(someone.account, "99999999999999"), "amount", /./],
      [limit(someone.account, "150"), "amount", /only set a first limit or lower one/],
      [{ ...limit(someone.account, "50"), kind: "bonus" }, "kind", /./],
    ];
    for (const [fields, field, message] of cases) {
      const response = (await post(cookie, fields)) as Response;
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const body = await response.json();
      expect(body.result.error[field]?.[0], JSON.stringify(fields)).toMatch(message);
    }
    const [row] = await listLimits(handle.db, someone.id);
    expect(BigInt(row!.amount!)).toBe(10_000n);
    expect(row!.pending_since).toBeNull();
    expect(await auditCount()).toBe(before);
  });

  test("the reality view lists a member's session time limit", async () => {
    const someone = await member();
    await handle.db
      .insertInto("reality_checks")
      .values({
        member_id: someone.id,
        interval_minutes: 15,
        session_limit_minutes: 60,
        updated_at: new Date(),
      })
      .execute();
    const cookie = await opsCookie(handle.db);
    const { loader } = await route();
    const page = await jsonBody(
      loader(
        routeArgs(`/ops/protection?view=reality&account=${someone.account}`, {
          headers: { Cookie: cookie },
        }),
      ),
    );
    expect(page.reality).toEqual([
      expect.objectContaining({ account: someone.account, sessionLimitMinutes: 60 }),
    ]);
  });
});
