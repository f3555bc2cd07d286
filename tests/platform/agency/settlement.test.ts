import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideContract, offerContract } from "~/platform/agency/contracts.server";
import { runScheduledWork } from "~/platform/agency/scheduler.server";
import { settleDueContracts } from "~/platform/agency/settlement.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import type { ContractKind } from "~/platform/db/schema";
import { random } from "~/platform/seed/random";
import { HOUSE, MAIN, postEntry } from "~/platform/wallet/ledger.server";
import { insertAgent, insertHouseContract, insertSettledBet } from "../../helpers/agency";
import { createTestDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";

/**
 * Settlement against the bets themselves: every stored settlement is
 * recomputed here from the raw `bets` rows and the members' upline column
 * (not the closure table, not the platform's queries) and must match to the
 * cent; rerunning pays nothing twice.
 */

const ZONE = "UTC";
const HOUR = 3_600_000;
/** A Monday. */
const START = new Date("2026-03-02T00:00:00Z");
const NOW = new Date(START.getTime() + 4 * 24 * HOUR + 30 * 60_000);
const sets = { agentTypes: [1, 2, 41, 42], trialTypes: [4] };

let handle: DatabaseHandle;
const ids = {} as Record<"top" | "sub" | "other" | "m1" | "m2" | "m3" | "outsider", string>;

beforeAll(async () => {
  handle = await createTestDatabase();
  const db = handle.db;
  ids.top = await insertAgent(db, { agentRate: 6_000 });
  ids.sub = await insertAgent(db, { parentId: ids.top, agentRate: 4_000 });
  ids.other = await insertAgent(db);
  ids.m1 = await insertMember(db, { parentId: ids.top });
  ids.m2 = await insertMember(db, { parentId: ids.sub });
  ids.m3 = await insertMember(db, { parentId: ids.sub });
  ids.outsider = await insertMember(db, { parentId: ids.other });

  const house: Array<[ContractKind, Record<string, number>]> = [
    ["DIVIDEND", { rate: 3_500, minValidBet: 5_000, minProfitLoss: 1_000, minActiveMembers: 2 }],
    ["DAILY", { rate: 175, minValidBet: 20_000 }],
    ["HOURLY", { rate: 77, minValidBet: 0 }],
    ["REALTIME", { profitRate: 33, lossRate: 71, minSingleBet: 500 }],
  ];
  for (const [kind, terms] of house)
    await insertHouseContract(db, { memberId: ids.top, kind, terms, since: START });
  await insertHouseContract(db, {
    memberId: ids.other,
    kind: "DAILY",
    terms: { rate: 200, minValidBet: 0 },
    since: START,
  });

  // The sub-agent's contracts, offered and accepted through the contract rules a little later.
  const offered = new Date(START.getTime() + 5 * HOUR + 17 * 60_000);
  for (const [kind, terms] of [
    ["DIVIDEND", { rate: 2_500, minValidBet: 0, minProfitLoss: 0, minActiveMembers: 1 }],
    ["DAILY", { rate: 120, minValidBet: 0 }],
    ["REALTIME", { profitRate: 20, lossRate: 50, minSingleBet: 0 }],
  ] as const) {
    const contract = await offerContract(
      db,
      {
        uplineId: ids.top,
        downlineId: ids.sub,
        kind,
        period: kind === "DIVIDEND" ? "D" : null,
        terms,
        confirmReplace: false,
      },
      sets,
      offered,
    );
    await decideContract(db, ids.sub, contract.id, "accept", offered);
  }

  // Bets over three days from every member, stakes from 1.00 to 200.00, some with a reduced valid bet.
  const next = random(777);
  const players = [ids.m1, ids.m2, ids.m3, ids.sub, ids.outsider];
  for (let n = 0; n < 400; n++) {
    const stake = BigInt(100 + Math.floor(next() * 20_000));
    const roll = next();
    const payout =
      roll < 0.5 ? 0n : roll < 0.9 ? (stake * BigInt(Math.floor(next() * 250))) / 100n : stake * 3n;
    const validBet = next() < 0.2 ? stake / 2n : stake;
    const at = new Date(START.getTime() + Math.floor(next() * 3 * 24 * HOUR));
    await insertSettledBet(db, players[Math.floor(next() * players.length)]!, {
      stake,
      payout,
      validBet,
      at,
    });
  }
  // Bonuses the ledger credited to players in those days: a dividend shares the team's loss net of them.
  for (let n = 0; n < 12; n++) {
    const memberId = players[n % players.length]!;
    const at = new Date(START.getTime() + Math.floor(next() * 3 * 24 * HOUR));
    await postEntry(db, {
      key: `test-bonus:${n}`,
      kind: "bonus",
      memberId,
      at,
      movements: [
        {
          from: { house: HOUSE.bonuses },
          to: { memberId, kind: MAIN },
          amount: BigInt(1_000 + Math.floor(next() * 30_000)),
        },
      ],
    });
  }
  // The sub-agent ends its daily wage on day 3 at 13:20: its last window stops there.
  const daily = await db
    .selectFrom("contracts")
    .select("id")
    .where("downline_id", "=", ids.sub)
    .where("kind", "=", "DAILY")
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  await decideContract(
    db,
    ids.sub,
    daily.id,
    "terminate",
    new Date(START.getTime() + 2 * 24 * HOUR + 13 * HOUR + 20 * 60_000),
  );
}, 120_000);
afterAll(() => handle.close());

/** The raw rows a recomputation reads: members with their upline column, and bets. */
async function loadRaw() {
  const [members, bets, contracts, bonuses] = await Promise.all([
    handle.db.selectFrom("members").select(["id", "parent_id"]).execute(),
    handle.db.selectFrom("bets").selectAll().execute(),
    handle.db.selectFrom("contracts").selectAll().execute(),
    handle.db
      .selectFrom("entries as e")
      .innerJoin("postings as p", "p.entry_id", "e.id")
      .innerJoin("accounts as a", "a.id", "p.account_id")
      .select(["a.member_id", "a.kind", "p.amount", "e.created_at"])
      .where("e.kind", "=", "bonus")
      .execute(),
  ]);
  return { members, bets, contracts, bonuses };
}
type Raw = Awaited<ReturnType<typeof loadRaw>>;

/** The holder's team from the upline column alone: everyone with the holder somewhere above. */
function teamOf(holderId: string, members: Raw["members"]): Set<string> {
  const parent = new Map(members.map((member) => [member.id, member.parent_id]));
  const team = new Set<string>();
  for (const member of members) {
    for (let up = parent.get(member.id); up; up = parent.get(up)) {
      if (up === holderId) team.add(member.id);
    }
  }
  return team;
}

/** What a settlement row should say, from raw bets and the contract's terms. */
function recompute(
  row: { contract_id: string; member_id: string; window_start: Date; window_end: Date },
  raw: Raw,
) {
  const contract = raw.contracts.find((candidate) => candidate.id === row.contract_id)!;
  const team = teamOf(row.member_id, raw.members);
  const bets = raw.bets.filter(
    (bet) =>
      bet.status === "settled" &&
      team.has(bet.member_id) &&
      new Date(bet.settled_at!).getTime() >= new Date(row.window_start).getTime() &&
      new Date(bet.settled_at!).getTime() < new Date(row.window_end).getTime(),
  );
  const terms = contract.terms as Record<string, number>;
  const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  const validBet = sum(bets.map((bet) => BigInt(bet.valid_bet)));
  const profitLoss = sum(bets.map((bet) => BigInt(bet.payout) - BigInt(bet.stake)));
  const active = new Set(bets.map((bet) => bet.member_id)).size;
  let amount: bigint;
  if (contract.kind === "REALTIME") {
    const weighted = sum(
      bets
        .filter((bet) => BigInt(bet.stake) >= BigInt(terms.minSingleBet!))
        .map(
          (bet) =>
            BigInt(bet.valid_bet) *
            BigInt(BigInt(bet.payout) > BigInt(bet.stake) ? terms.profitRate! : terms.lossRate!),
        ),
    );
    amount = weighted / 10_000n;
  } else if (contract.kind === "DIVIDEND") {
    const given = sum(
      raw.bonuses
        .filter(
          (bonus) =>
            bonus.kind === "MAIN" &&
            bonus.member_id !== null &&
            team.has(bonus.member_id) &&
            new Date(bonus.created_at).getTime() >= new Date(row.window_start).getTime() &&
            new Date(bonus.created_at).getTime() < new Date(row.window_end).getTime(),
        )
        .map((bonus) => BigInt(bonus.amount)),
    );
    const netLoss = -profitLoss - given;
    const met =
      netLoss > 0n &&
      validBet >= BigInt(terms.minValidBet!) &&
      netLoss >= BigInt(terms.minProfitLoss!) &&
      active >= terms.minActiveMembers!;
    amount = met ? (netLoss * BigInt(terms.rate!)) / 10_000n : 0n;
  } else {
    amount =
      validBet > 0n && validBet >= BigInt(terms.minValidBet!)
        ? (validBet * BigInt(terms.rate!)) / 10_000n
        : 0n;
  }
  return {
    validBet: validBet.toString(),
    profitLoss: profitLoss.toString(),
    active,
    amount: amount.toString(),
  };
}

async function ledgerState() {
  const [entries, balances] = await Promise.all([
    handle.db
      .selectFrom("entries")
      .select(["id", "idempotency_key"])
      .where("idempotency_key", "like", "settlement:%")
      .orderBy("id")
      .execute(),
    handle.db.selectFrom("accounts").select(["id", "balance"]).orderBy("id").execute(),
  ]);
  return { entries, balances };
}

describe("settlement", () => {
  it("stores, for every contract period with bets, what the raw bets give, to the cent, and pays exactly that", async () => {
    const settled = await settleDueContracts(handle.db, ZONE, NOW);
    expect(settled).toBeGreaterThan(0);
    const rows = await handle.db.selectFrom("settlements").selectAll().orderBy("id").execute();
    const raw = await loadRaw();
    expect(new Set(rows.map((row) => row.kind))).toEqual(
      new Set(["DIVIDEND", "DAILY", "HOURLY", "REALTIME"]),
    );
    expect(rows.some((row) => BigInt(row.amount) > 0n && row.member_id === ids.sub)).toBe(true);
    for (const row of rows) {
      const expected = recompute(row, raw);
      expect(
        {
          validBet: row.valid_bet,
          profitLoss: row.profit_loss,
          active: row.active_members,
          amount: row.amount,
        },
        `settlement ${row.id} (${row.kind})`,
      ).toEqual(expected);
      if (BigInt(row.amount) > 0n) {
        const posting = await handle.db
          .selectFrom("postings")
          .innerJoin("accounts", "accounts.id", "postings.account_id")
          .select(["postings.amount", "accounts.member_id", "accounts.kind"])
          .where("postings.entry_id", "=", row.entry_id!)
          .where("accounts.member_id", "is not", null)
          .executeTakeFirstOrThrow();
        expect([posting.member_id, posting.kind, posting.amount]).toEqual([
          row.member_id,
          "MAIN",
          row.amount,
        ]);
      } else {
        expect(row.entry_id).toBeNull();
      }
    }
  });

  it("covers every team bet of the settled time exactly once, and nothing of another agent's team", async () => {
    const raw = await loadRaw();
    const contracts = raw.contracts.filter((contract) =>
      ["active", "terminated"].includes(contract.status),
    );
    for (const contract of contracts) {
      const rows = await handle.db
        .selectFrom("settlements")
        .selectAll()
        .where("contract_id", "=", contract.id)
        .execute();
      const expected = recompute(
        {
          contract_id: contract.id,
          member_id: contract.downline_id,
          window_start: contract.decided_at!,
          window_end: contract.settled_until!,
        },
        raw,
      );
      const stored = rows.reduce((sum, row) => sum + BigInt(row.valid_bet), 0n);
      expect(stored.toString(), `contract ${contract.id} ${contract.kind}`).toBe(expected.validBet);
    }
    const terminated = contracts.find((contract) => contract.status === "terminated")!;
    expect(terminated.settled_until).toEqual(terminated.terminated_at);
  });

  it("pays nothing twice: a rerun, a rerun from the start of every contract, and two runners at once", async () => {
    const before = await ledgerState();
    const count = async () =>
      Number(
        (
          await handle.db
            .selectFrom("settlements")
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rows = await count();
    expect(await settleDueContracts(handle.db, ZONE, NOW)).toBe(0);
    // Every period settled again from the beginning, by two runners at the same time.
    await handle.db
      .updateTable("contracts")
      .set((eb) => ({ settled_until: eb.ref("decided_at") }))
      .where("status", "in", ["active", "terminated"])
      .execute();
    await Promise.all([
      settleDueContracts(handle.db, ZONE, NOW),
      settleDueContracts(handle.db, ZONE, NOW),
    ]);
    expect(await count()).toBe(rows);
    expect(await ledgerState()).toEqual(before);
  });

  it("settles a period only after it ended (plus a grace minute)", async () => {
    const later = new Date(NOW.getTime() + 24 * HOUR);
    const member = await insertMember(handle.db, { parentId: ids.top });
    // A bet in the current hour: the hourly salary waits for the hour to end.
    const betAt = new Date(later.getTime() - 10 * 60_000);
    await insertSettledBet(handle.db, member, { stake: 10_000n, payout: 0n, at: betAt });
    await settleDueContracts(handle.db, ZONE, later);
    const hourly = () =>
      handle.db
        .selectFrom("settlements")
        .select(["window_end", "valid_bet"])
        .where("member_id", "=", ids.top)
        .where("kind", "=", "HOURLY")
        .where("window_start", "<=", betAt)
        .where("window_end", ">", betAt)
        .execute();
    expect(await hourly()).toEqual([]);
    const endOfHour = new Date(Math.ceil(betAt.getTime() / HOUR) * HOUR);
    await settleDueContracts(handle.db, ZONE, new Date(endOfHour.getTime() + 30_000));
    expect(await hourly()).toEqual([]);
    await settleDueContracts(handle.db, ZONE, new Date(endOfHour.getTime() + 61_000));
    expect((await hourly()).map((row) => row.valid_bet)).toEqual(["10000"]);
  });

  it("runs through the scheduler, one runner at a time across connections", async () => {
    const work = await runScheduledWork(handle.db, ZONE, NOW);
    expect(work).toEqual({
      settlements: 0,
      draws: 0,
      withdrawals: 0,
      bonusesExpired: 0,
      cashbacks: 0,
      vipUpgrades: 0,
      betPoints: 0,
      referralRewards: 0,
      announcementsStarted: 0,
      eventsPruned: 0,
      knownSignInsPruned: 0,
      auditSealed: 0,
    });
    if (handle.kind !== "postgres") return; // PGlite has a single connection: there is no second runner to keep out.
    await handle.db.connection().execute(async (holder) => {
      const { sql } = await import("kysely");
      await sql`select pg_advisory_lock(6060006)`.execute(holder);
      try {
        expect(await runScheduledWork(handle.db, ZONE, NOW)).toBeNull();
      } finally {
        await sql`select pg_advisory_unlock(6060006)`.execute(holder);
      }
    });
  });
});
