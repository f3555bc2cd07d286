import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerDownline, type DownlineRegistration } from "~/platform/agency/registration.server";
import { listTeam, transferToDownline } from "~/platform/agency/team.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { verifyPassword } from "~/platform/identity/secrets.server";
import { mainBalance } from "~/platform/wallet/balance.server";
import { insertAgent } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { codeOf, fundMain } from "../../helpers/play";
import { formKey, insertMember } from "../../helpers/wallet";

const SETS = { agentTypes: [1, 2, 41, 42], trialTypes: [4] };
const CONTEXT = { ip: "203.0.113.9", userAgent: "vitest" };

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

let counter = 0;
const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 16);

const register = (agentId: string, input: Partial<DownlineRegistration> = {}) =>
  registerDownline(
    handle.db,
    agentId,
    { kind: "member", account: uniqueName("dl"), password: "Secret123", ...input },
    SETS,
    CONTEXT,
  );

/** Every closure row of a member: ancestor id → depth. */
async function ancestorsOf(memberId: string) {
  const rows = await handle.db
    .selectFrom("agent_paths")
    .select(["ancestor", "depth"])
    .where("descendant", "=", memberId)
    .execute();
  return Object.fromEntries(rows.map((row) => [String(row.ancestor), row.depth]));
}

const balance = (memberId: string) => mainBalance(handle.db, { id: memberId });

describe("registerDownline", () => {
  it("hangs a new member and a new agent under the registering agent, with a closure row at every depth up to the top", async () => {
    const top = await insertAgent(handle.db, { agentRate: 5000 });
    const first = await register(top, {
      kind: "agent",
      agentRate: 4000,
      nickname: "  First sub  ",
    });
    const second = await register(first.id, { kind: "agent", agentRate: 4000 });
    const member = await register(second.id, { kind: "member" });

    expect(first).toMatchObject({
      parent_id: top,
      type: 2,
      agent_rate: 4000,
      nickname: "First sub",
    });
    expect(first.affiliate_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(second.affiliate_code).not.toBe(first.affiliate_code);
    expect(member).toMatchObject({
      parent_id: second.id,
      type: 0,
      agent_rate: null,
      affiliate_code: null,
      nickname: null,
    });
    expect(await verifyPassword("Secret123", member.password_hash)).toBe(true);
    // The agent chose the passwords: the member and the sub-agent replace them at the first sign-in.
    expect(member.first_time_login).toBe(true);
    expect(first.first_time_login).toBe(true);

    // depth 0 (itself), 1 (its agent), 2, 3: one row per upline, nothing else.
    expect(await ancestorsOf(member.id)).toEqual({
      [member.id]: 0,
      [second.id]: 1,
      [first.id]: 2,
      [top]: 3,
    });
    expect(await ancestorsOf(second.id)).toEqual({ [second.id]: 0, [first.id]: 1, [top]: 2 });
    expect(await ancestorsOf(first.id)).toEqual({ [first.id]: 0, [top]: 1 });
    // The top agent's own rows are untouched by registrations below it.
    expect(await ancestorsOf(top)).toEqual({ [top]: 0 });

    // And the tree reads that way from every level.
    const all = await listTeam(handle.db, top, { level: "all", page: 1, pageSize: 10 }, SETS);
    expect(all.rows.map((row) => [row.account, row.depth])).toEqual([
      [first.account, 1],
      [second.account, 2],
      [member.account, 3],
    ]);
    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["event", "detail"])
      .where("member_id", "=", member.id)
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      {
        event: "registered",
        detail: expect.objectContaining({ mode: "downline", by: second.id, kind: "member" }),
      },
    ]);
  });

  it("refuses an agent rate above the registering agent's own, allows an equal one, and ignores a rate for a member", async () => {
    const top = await insertAgent(handle.db, { agentRate: 2500 });
    expect(await codeOf(register(top, { kind: "agent", agentRate: 2501 }))).toBe(
      "agent_rate_above_own",
    );
    expect((await register(top, { kind: "agent", agentRate: 2500 })).agent_rate).toBe(2500);
    expect(await codeOf(register(top, { kind: "agent" }))).toBe("invalid_rate");
    expect((await register(top, { kind: "member", agentRate: 9000 })).agent_rate).toBeNull();
    // An agent without a rate of its own can hand down nothing above zero.
    const rateless = await insertMember(handle.db, { type: 1 });
    expect(await codeOf(register(rateless, { kind: "agent", agentRate: 1 }))).toBe(
      "agent_rate_above_own",
    );
  });

  it("refuses a taken account (any case) and a registrar that is not an agent", async () => {
    const top = await insertAgent(handle.db);
    const taken = await register(top);
    expect(await codeOf(register(top, { account: taken.account.toUpperCase() }))).toBe(
      "account_taken",
    );
    const plain = await insertMember(handle.db);
    expect(await codeOf(register(plain))).toBe("operation-not-allowed");
  });

  it("limits one agent to a sane number of registrations an hour", async () => {
    const top = await insertAgent(handle.db);
    const now = new Date();
    // Sixty registrations already this hour.
    await handle.db
      .insertInto("rate_limits")
      .values({
        key: `register-downline:${top}`,
        hits: 60,
        window_started_at: now,
        last_hit_at: now,
      })
      .execute();
    expect(await codeOf(register(top))).toBe("too-many-requests");
  });
});

describe("listTeam", () => {
  it("lists only the agent's own downline, direct or all levels, with search, paging and totals over the whole filter", async () => {
    const top = await insertAgent(handle.db, { agentRate: 5000 });
    const sub = (
      await register(top, { kind: "agent", agentRate: 1000, account: uniqueName("subq") })
    ).id;
    const direct = [];
    for (let index = 0; index < 3; index++)
      direct.push((await register(top, { account: uniqueName(`zed${index}x`) })).id);
    const deep = (await register(sub, { account: uniqueName("deepq") })).id;
    await register(sub, { account: uniqueName("deepr") });
    await insertMember(handle.db, { parentId: await insertAgent(handle.db) }); // someone else's team
    await fundMain(handle.db, direct[0]!, 1_500n);
    await fundMain(handle.db, deep, 700n);

    const directOnly = await listTeam(
      handle.db,
      top,
      { level: "direct", page: 1, pageSize: 10 },
      SETS,
    );
    expect(directOnly.total).toBe(4);
    expect(directOnly.totals.balance).toBe("1500");
    const subRow = directOnly.rows.find((row) => row.id === sub)!;
    expect(subRow).toMatchObject({
      isAgent: true,
      agentRate: 1000,
      depth: 1,
      directCount: 2,
      status: "active",
      balance: "0",
    });

    const all = await listTeam(handle.db, top, { level: "all", page: 1, pageSize: 10 }, SETS);
    expect(all.total).toBe(6);
    expect(all.totals.balance).toBe("2200");

    const paged = await listTeam(handle.db, top, { level: "all", page: 2, pageSize: 4 }, SETS);
    expect(paged).toMatchObject({ page: 2, pageCount: 2, total: 6 });
    expect(paged.rows).toHaveLength(2);
    expect(paged.totals.balance).toBe("2200");
    // A page past the end is the last page.
    expect(
      (await listTeam(handle.db, top, { level: "all", page: 99, pageSize: 4 }, SETS)).page,
    ).toBe(2);

    const searched = await listTeam(
      handle.db,
      top,
      { level: "all", search: "DEEPQ", page: 1, pageSize: 10 },
      SETS,
    );
    expect(searched.rows.map((row) => row.id)).toEqual([deep]);
    expect(searched.totals.balance).toBe("700");
    // Like's wildcards are taken literally.
    expect(
      (await listTeam(handle.db, top, { level: "all", search: "%", page: 1, pageSize: 10 }, SETS))
        .total,
    ).toBe(0);
    expect(
      (await listTeam(handle.db, top, { level: "all", search: "_", page: 1, pageSize: 10 }, SETS))
        .total,
    ).toBe(0);

    // The sub-agent sees its two members only; a member with nobody below sees nobody.
    expect(
      (await listTeam(handle.db, sub, { level: "all", page: 1, pageSize: 10 }, SETS)).total,
    ).toBe(2);
    expect(
      (await listTeam(handle.db, deep, { level: "all", page: 1, pageSize: 10 }, SETS)).total,
    ).toBe(0);
  });
});

describe("transferToDownline", () => {
  async function team() {
    const agent = await insertAgent(handle.db, { agentRate: 5000 });
    const sub = await insertAgent(handle.db, { parentId: agent, agentRate: 1000 });
    const member = await insertMember(handle.db, { parentId: agent });
    const deep = await insertMember(handle.db, { parentId: sub });
    await fundMain(handle.db, agent, 10_000n);
    return { agent, sub, member, deep };
  }

  it("moves money from the agent's main wallet to a direct downline's, once per form key", async () => {
    const { agent, member } = await team();
    const key = formKey();
    const entry = await transferToDownline(handle.db, {
      agentId: agent,
      downlineId: member,
      amount: 2_500n,
      key,
    });
    expect(entry).toMatchObject({
      kind: "transfer_downline",
      ref: `member:${member}`,
      replayed: false,
      downlineId: member,
    });
    expect(await balance(agent)).toBe("7500");
    expect(await balance(member)).toBe("2500");
    const again = await transferToDownline(handle.db, {
      agentId: agent,
      downlineId: member,
      amount: 2_500n,
      key,
    });
    expect(again).toMatchObject({ id: entry.id, replayed: true });
    expect(await balance(agent)).toBe("7500");
    expect(await balance(member)).toBe("2500");
  });

  it("a doubled submit arriving at the same time moves the money once", async () => {
    const { agent, member } = await team();
    const key = formKey();
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        transferToDownline(handle.db, { agentId: agent, downlineId: member, amount: 3_000n, key }),
      ),
    );
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await balance(agent)).toBe("7000");
    expect(await balance(member)).toBe("3000");
  });

  it("never takes the agent below zero", async () => {
    const { agent, sub } = await team();
    expect(
      await codeOf(
        transferToDownline(handle.db, {
          agentId: agent,
          downlineId: sub,
          amount: 10_001n,
          key: formKey(),
        }),
      ),
    ).toBe("insufficient_balance");
    expect(await balance(agent)).toBe("10000");
    expect(await balance(sub)).toBe("0");
    await transferToDownline(handle.db, {
      agentId: agent,
      downlineId: sub,
      amount: 10_000n,
      key: formKey(),
    });
    expect(await balance(agent)).toBe("0");
  });

  it("knows no downline below the first level, in another team, missing, malformed, or disabled", async () => {
    const { agent, deep, member } = await team();
    const other = await team();
    const attempt = (downlineId: string, agentId = agent) =>
      codeOf(transferToDownline(handle.db, { agentId, downlineId, amount: 100n, key: formKey() }));
    expect(await attempt(deep)).toBe("not_found");
    expect(await attempt(other.member)).toBe("not_found");
    expect(await attempt(agent)).toBe("not_found");
    expect(await attempt("999999999")).toBe("not_found");
    expect(await attempt("1 or 1=1")).toBe("not_found");
    // Upwards is not downwards.
    expect(await attempt(agent, member)).toBe("not_found");
    await handle.db
      .updateTable("members")
      .set({ status: "disabled" })
      .where("id", "=", member)
      .execute();
    expect(await attempt(member)).toBe("downline_disabled");
    expect(await balance(agent)).toBe("10000");
  });
});
