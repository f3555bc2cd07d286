import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { inTransaction } from "~/platform/db/transaction.server";
import { PlatformError } from "~/platform/errors";
import { credit, debit, type SeamlessPlayer } from "~/platform/play/seamless-wallet.server";
import { payNewEntry } from "~/platform/rewards/bonus-grants.server";
import { createPromotion, setPromotionStatus } from "~/platform/rewards/promotion-admin.server";
import { loadPromotion, type Promotion } from "~/platform/rewards/promotion-rows.server";
import { confirmDeposit, createDeposit, failDeposit } from "~/platform/wallet/deposits.server";
import { BONUS, HOUSE, MAIN } from "~/platform/wallet/ledger.server";
import { transferBetweenWallets } from "~/platform/wallet/transfers.server";
import {
  approveWithdrawal,
  confirmWithdrawalReceipt,
  markWithdrawalPaid,
  rejectWithdrawal,
  requestWithdrawal,
  resolveDispute,
} from "~/platform/wallet/withdrawals.server";
import { createTestDatabase } from "../../helpers/database";
import { insertGame } from "../../helpers/play";
import { formKey, insertMember, insertPayee, testWalletPolicy } from "../../helpers/wallet";

/**
 * Random sequences of deposits, transfers, withdrawals, rejections, payouts,
 * receipts and disputes, bonuses (locked until a turnover of 1× is met),
 * settled bets that count towards them and release them, and withdrawals
 * that forfeit them, with replays of earlier keys mixed in. After every
 * step: each entry's postings sum to zero, each balance equals the sum of its
 * postings, no member balance is negative, money in (deposits, bonuses and
 * game wins less stakes) = money held + money out, each BONUS account holds
 * exactly its wagering grants, and every member balance equals a simple
 * in-memory model.
 *
 * LEDGER_PROPERTY_RUNS sets the number of sequences: by default 500 on
 * PGlite, and 300 on the PostgreSQL leg, where the same SQL runs again and the
 * concurrency tests cover what only a real server can show.
 */
const RUNS = Number(
  process.env.LEDGER_PROPERTY_RUNS ?? (process.env.TEST_DATABASE_URL ? 300 : 500),
);
const WALLETS = [MAIN, "V1", "V2"] as const;
const policy = testWalletPolicy({ vendorWallets: ["V1", "V2"] });

let handle: DatabaseHandle;
let operatorId: string;
let checkerId: string;
/** The operator's act, as the console hands it to the platform. */
const staff = () => ({ operatorId, context: { ip: null, userAgent: null } });
/** A second staff member: who approved a withdrawal may not pay it. */
const checker = () => ({ operatorId: checkerId, context: { ip: null, userAgent: null } });
let promotion: Promotion;
const members: { id: string; payee: string; player: SeamlessPlayer }[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  operatorId = await insertMember(handle.db, { type: 9 });
  checkerId = await insertMember(handle.db, { type: 9 });
  const game = await insertGame(handle.db, { nodeId: 990_001, category: "RNG" });
  for (let index = 0; index < 2; index++) {
    const id = await insertMember(handle.db);
    members.push({
      id,
      payee: await insertPayee(handle.db, id),
      player: { memberId: id, account: MAIN, game },
    });
  }
  const act = { operatorId, context: { ip: null, userAgent: null } };
  const promotionId = await createPromotion(
    handle.db,
    {
      code: "property-bonus",
      category: "other",
      kind: "apply",
      claimMode: "apply",
      titles: { en: "Property bonus" },
      startsAt: new Date(0).toISOString(),
      turnoverMultiple: 100,
    },
    { ...act, timeZone: "UTC" },
  );
  await setPromotionStatus(handle.db, promotionId, "published", act);
  promotion = await loadPromotion(handle.db, promotionId);
});
afterAll(() => handle?.close());

type Step =
  | { op: "deposit"; who: number; amount: number; fail: boolean }
  | { op: "transfer"; who: number; from: number; to: number; amount: number }
  | { op: "withdraw"; who: number; amount: number; forfeit: boolean }
  | { op: "bonus"; who: number; amount: number }
  | { op: "spin"; who: number; stake: number; payout: number }
  | { op: "reject" | "approve" | "pay"; pick: number }
  | { op: "receipt"; pick: number; received: number }
  | { op: "resolve"; pick: number; refund: boolean }
  | { op: "advance"; pick: number; variant: boolean; received: number }
  | { op: "replay"; pick: number };

const who = fc.integer({ min: 0, max: 1 });
const amount = fc.integer({ min: 1, max: 5_000 });
const pick = fc.nat({ max: 20 });
/** Weighted so most sequences take withdrawals through their whole life, not just their first step. */
const step: fc.Arbitrary<Step> = fc.oneof(
  // Deposits are larger than the other amounts and fail one time in four, so most withdrawals find money.
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("deposit" as const),
      who,
      amount: fc.integer({ min: 1_000, max: 20_000 }),
      fail: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("transfer" as const),
      who,
      from: fc.integer({ min: 0, max: 2 }),
      to: fc.integer({ min: 0, max: 2 }),
      amount,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("withdraw" as const),
      who,
      amount,
      forfeit: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("bonus" as const), who, amount }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("spin" as const),
      who,
      stake: amount,
      payout: fc.oneof(fc.constant(0), amount),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant("advance" as const),
      pick,
      variant: fc.boolean(),
      received: fc.nat({ max: 5_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constantFrom("reject" as const, "approve" as const, "pay" as const),
      pick,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("receipt" as const),
      pick,
      received: fc.nat({ max: 5_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant("resolve" as const), pick, refund: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("replay" as const), pick }) },
);

/** The natural next step of an open withdrawal, as an operator or the member would take it. */
function nextStep(
  status: string,
  s: { pick: number; variant: boolean; received: number },
): Step | null {
  switch (status) {
    case "pending":
      return s.variant ? { op: "approve", pick: s.pick } : { op: "reject", pick: s.pick };
    case "approved":
      return s.variant || s.received % 4
        ? { op: "pay", pick: s.pick }
        : { op: "reject", pick: s.pick };
    case "paid":
      return {
        op: "receipt",
        pick: s.pick,
        received: s.variant ? Number.MAX_SAFE_INTEGER : s.received,
      };
    case "disputed":
      return { op: "resolve", pick: s.pick, refund: s.variant };
    default:
      return null;
  }
}

interface Model {
  balances: Map<string, bigint>;
  /** Wagering bonuses, oldest first (turnover required = amount: 1×). */
  grants: { member: string; amount: bigint; done: bigint }[];
  /** Issues and spins so far, for fresh keys. */
  serial: number;
  withdrawals: { id: string; member: string; amount: bigint; status: string; received: bigint }[];
  /** Operations that succeeded, to be replayed with the same key. */
  done: (() => Promise<unknown>)[];
}

const balanceKey = (memberId: string, wallet: string) => `${memberId}/${wallet}`;
const get = (model: Model, memberId: string, wallet: string) =>
  model.balances.get(balanceKey(memberId, wallet)) ?? 0n;
const add = (model: Model, memberId: string, wallet: string, delta: bigint) =>
  model.balances.set(balanceKey(memberId, wallet), get(model, memberId, wallet) + delta);

/** Runs a platform call; a PlatformError is an expected refusal (the model decides if it was right). */
async function attempt<T>(call: () => Promise<T>): Promise<T | PlatformError> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlatformError) return error;
    throw error;
  }
}

async function apply(model: Model, s: Step) {
  const db = handle.db;
  switch (s.op) {
    case "deposit": {
      const member = members[s.who]!.id;
      const deposit = await createDeposit(
        db,
        { memberId: member, channel: "demo-pay", amount: BigInt(s.amount), key: formKey() },
        policy,
      );
      if (s.fail) {
        await failDeposit(db, deposit.id, "declined");
      } else {
        await confirmDeposit(db, deposit.id);
        add(model, member, MAIN, BigInt(s.amount));
        model.done.push(() => confirmDeposit(db, deposit.id));
      }
      return;
    }
    case "transfer": {
      const member = members[s.who]!.id;
      const from = WALLETS[s.from]!;
      const to = WALLETS[s.to]!;
      const valid = from !== to && (from === MAIN || to === MAIN);
      const key = formKey();
      const call = () =>
        transferBetweenWallets(
          db,
          { memberId: member, from, to, amount: BigInt(s.amount), key },
          policy,
        );
      const result = await attempt(call);
      const enough = get(model, member, from) >= BigInt(s.amount);
      if (valid && enough) {
        expect(result).not.toBeInstanceOf(PlatformError);
        add(model, member, from, -BigInt(s.amount));
        add(model, member, to, BigInt(s.amount));
        model.done.push(call);
      } else {
        expect(result).toBeInstanceOf(PlatformError);
      }
      return;
    }
    case "withdraw": {
      const { id: member, payee } = members[s.who]!;
      const key = formKey();
      const call = () =>
        requestWithdrawal(
          db,
          {
            memberId: member,
            payeeAccountId: payee,
            amount: BigInt(s.amount),
            key,
            forfeitBonuses: s.forfeit,
          },
          policy,
          "UTC",
        );
      const result = await attempt(call);
      const wagering = model.grants.filter((grant) => grant.member === member);
      if (wagering.length > 0 && !s.forfeit) {
        expect((result as PlatformError).code).toBe("bonus_forfeit_required");
        return;
      }
      if (get(model, member, MAIN) >= BigInt(s.amount)) {
        if (result instanceof PlatformError) throw result;
        // The unfinished bonuses go back to the house in the request's transaction.
        for (const grant of wagering) add(model, member, BONUS, -grant.amount);
        model.grants = model.grants.filter((grant) => grant.member !== member);
        add(model, member, MAIN, -BigInt(s.amount));
        model.withdrawals.push({
          id: result.id,
          member,
          amount: BigInt(s.amount),
          status: "pending",
          received: 0n,
        });
        model.done.push(call);
      } else {
        expect((result as PlatformError).code).toBe("insufficient_balance");
      }
      return;
    }
    case "bonus": {
      const member = members[s.who]!.id;
      const periodKey = `n${model.serial++}`;
      const call = () =>
        inTransaction(db, (trx) =>
          payNewEntry(
            trx,
            { promotion, memberId: member, periodKey, action: "issue", amount: BigInt(s.amount) },
            new Date(),
          ),
        );
      await call();
      add(model, member, BONUS, BigInt(s.amount));
      model.grants.push({ member, amount: BigInt(s.amount), done: 0n });
      model.done.push(call);
      return;
    }
    case "spin": {
      const { id: member, player } = members[s.who]!;
      const round = `r${model.serial++}-${formKey()}`;
      const stake = BigInt(s.stake);
      const bet = () =>
        debit(db, "property", player, { txId: round, roundId: round, amount: stake });
      const result = await attempt(bet);
      if (get(model, member, MAIN) < stake) {
        expect((result as PlatformError).code).toBe("insufficient_balance");
        return;
      }
      if (result instanceof PlatformError) throw result;
      add(model, member, MAIN, -stake);
      const settle = () =>
        credit(db, "property", player, {
          txId: `${round}:win`,
          roundId: round,
          amount: BigInt(s.payout),
        });
      await settle();
      // The valid bet counts 100 % towards the member's bonuses, oldest first; a met one is released.
      let left = stake;
      for (const grant of model.grants.filter((g) => g.member === member)) {
        if (left <= 0n) break;
        const share = left < grant.amount - grant.done ? left : grant.amount - grant.done;
        grant.done += share;
        left -= share;
        if (grant.done >= grant.amount) {
          add(model, member, BONUS, -grant.amount);
          add(model, member, MAIN, grant.amount);
        }
      }
      model.grants = model.grants.filter((grant) => grant.done < grant.amount);
      add(model, member, MAIN, BigInt(s.payout));
      model.done.push(bet, settle);
      return;
    }
    case "reject":
    case "approve":
    case "pay": {
      const withdrawal = model.withdrawals[s.pick % Math.max(1, model.withdrawals.length)];
      if (!withdrawal) return;
      const allowed =
        s.op === "reject"
          ? ["pending", "approved"]
          : s.op === "approve"
            ? ["pending"]
            : ["approved"];
      const call =
        s.op === "reject"
          ? () => rejectWithdrawal(db, withdrawal.id, staff(), "test")
          : s.op === "approve"
            ? () => approveWithdrawal(db, withdrawal.id, staff())
            : () => markWithdrawalPaid(db, withdrawal.id, checker(), policy);
      const result = await attempt(call);
      if (allowed.includes(withdrawal.status)) {
        if (result instanceof PlatformError) throw result;
        withdrawal.status =
          s.op === "reject" ? "rejected" : s.op === "approve" ? "approved" : "paid";
        if (s.op === "reject") add(model, withdrawal.member, MAIN, withdrawal.amount);
        model.done.push(call);
      } else if (
        !(
          withdrawal.status ===
          ({ reject: "rejected", approve: "approved", pay: "paid" } as const)[s.op]
        )
      ) {
        expect((result as PlatformError).code).toBe("withdrawal_state");
      }
      return;
    }
    case "receipt": {
      const withdrawal = model.withdrawals[s.pick % Math.max(1, model.withdrawals.length)];
      if (!withdrawal) return;
      const received =
        BigInt(s.received) > withdrawal.amount ? withdrawal.amount : BigInt(s.received);
      const result = await attempt(() =>
        confirmWithdrawalReceipt(db, {
          memberId: withdrawal.member,
          withdrawalId: withdrawal.id,
          receivedAmount: received,
          proofs: [],
        }),
      );
      if (withdrawal.status === "paid") {
        if (result instanceof PlatformError) throw result;
        withdrawal.status = received === withdrawal.amount ? "received" : "disputed";
        withdrawal.received = received;
      } else {
        expect((result as PlatformError).code).toBe("withdrawal_state");
      }
      return;
    }
    case "resolve": {
      const withdrawal = model.withdrawals[s.pick % Math.max(1, model.withdrawals.length)];
      if (!withdrawal || withdrawal.status !== "disputed") return;
      const call = () => resolveDispute(db, withdrawal.id, staff(), s.refund ? "refund" : "forced");
      await call();
      withdrawal.status = s.refund ? "refunded" : "received";
      if (s.refund) add(model, withdrawal.member, MAIN, withdrawal.amount - withdrawal.received);
      model.done.push(call);
      return;
    }
    case "advance": {
      const open = model.withdrawals.filter((w) => nextStep(w.status, s) !== null);
      const withdrawal = open[s.pick % Math.max(1, open.length)];
      if (!withdrawal) return;
      const next = nextStep(withdrawal.status, {
        ...s,
        pick: model.withdrawals.indexOf(withdrawal),
      })!;
      return apply(model, next);
    }
    case "replay": {
      // The same request again changes nothing: it returns the first result, or (an approval replayed
      // after a later rejection) is refused for the withdrawal's new state. The checks after the step
      // prove no money moved.
      const call = model.done[s.pick % Math.max(1, model.done.length)];
      if (!call) return;
      const result = await attempt(call);
      if (result instanceof PlatformError)
        expect(result.code).toMatch(/^(withdrawal_state|bonus_forfeit_required)$/);
      return;
    }
  }
}

async function checkInvariants(model: Model) {
  // One round trip per step: the two ledger-wide checks and every balance.
  const { rows } = await sql<{
    unbalanced: string;
    drift: string;
    member_id: string | null;
    kind: string;
    balance: string;
  }>`
    select
      (select count(*) from (select entry_id from postings group by entry_id having sum(amount) <> 0) as bad) as unbalanced,
      (select count(*) from accounts a
        where a.balance <> coalesce((select sum(p.amount) from postings p where p.account_id = a.id), 0)) as drift,
      member_id, kind, balance
    from accounts`.execute(handle.db);
  expect(rows[0]?.unbalanced ?? "0").toBe("0");
  expect(rows[0]?.drift ?? "0").toBe("0");
  const house = (kind: string) =>
    BigInt(rows.find((a) => a.member_id === null && a.kind === kind)?.balance ?? "0");
  let held = house(HOUSE.withdrawalHold);
  for (const account of rows) {
    if (account.member_id === null) continue;
    const balance = BigInt(account.balance);
    expect(balance).toBeGreaterThanOrEqual(0n);
    if (account.member_id !== operatorId)
      expect(balance).toBe(get(model, account.member_id, account.kind.replace(/^VENDOR:/, "")));
    held += balance;
  }
  const paidIn = -(house(HOUSE.payments) + house(HOUSE.bonuses) + house(HOUSE.games));
  expect(paidIn).toBe(held + house(HOUSE.payouts));
  // Each BONUS account holds exactly its member's wagering grants.
  const { rows: locked } = await sql<{ member_id: string; wagering: string; balance: string }>`
    select a.member_id, a.balance,
      coalesce((select sum(g.amount) from bonus_grants g
                where g.member_id = a.member_id and g.status = 'wagering'), 0) as wagering
    from accounts a where a.kind = ${BONUS}`.execute(handle.db);
  for (const account of locked) expect(account.balance).toBe(String(account.wagering));
}

/** What a sequence writes, children first. */
const LEDGER_TABLES = [
  "bet_points",
  "redemptions",
  "referral_rewards",
  "mission_claims",
  "vip_upgrades",
  "rebate_claims",
  "rebate_watermarks",
  "bonus_turnover",
  "bonus_grants",
  "promotion_proofs",
  "promotion_entries",
  "settlements",
  "withdrawal_proofs",
  "withdrawals",
  "deposits",
  "member_messages",
  "provider_transactions",
  "bets",
  "postings",
  "entries",
];

/** Each sequence starts from an empty ledger (account rows stay, at zero, so cached ids remain valid). */
async function resetLedger() {
  // Rows, not files: on these few rows a delete is several times cheaper than a truncate, which
  // gives each table a new file (children before parents, for the foreign keys).
  for (const table of LEDGER_TABLES) await sql`delete from ${sql.table(table)}`.execute(handle.db);
  await sql`update accounts set balance = 0 where balance <> 0`.execute(handle.db);
}

test(`ledger invariants hold over ${RUNS} random sequences`, { timeout: 600_000 }, async () => {
  await fc.assert(
    // Both members start with a deposit, so the steps after it have money to move.
    fc.asyncProperty(
      fc.tuple(amount, amount),
      fc.array(step, { minLength: 1, maxLength: 20 }),
      async (opening, steps) => {
        await resetLedger();
        const model: Model = {
          balances: new Map(),
          grants: [],
          serial: 0,
          withdrawals: [],
          done: [],
        };
        const preamble: Step[] = opening.map((value, index) => ({
          op: "deposit",
          who: index,
          amount: value * 4,
          fail: false,
        }));
        for (const s of [...preamble, ...steps]) {
          await apply(model, s);
          await checkInvariants(model);
        }
      },
    ),
    { numRuns: RUNS },
  );
});
