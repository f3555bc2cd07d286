import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../db/open.server";
import type { Executor } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { publishBalances } from "../events/producers.server";

/**
 * The double-entry ledger. Every movement of money is one entry
 * whose postings sum to zero, written by the database function
 * `ledger_post_entry` in one transaction that locks the touched accounts in id
 * order (so two entries over the same accounts can never deadlock). Member
 * accounts never go below zero: the `accounts_never_negative` constraint
 * refuses the statement, which becomes `insufficient_balance` here (ADR 10).
 *
 * Every entry carries an idempotency key: posting the same key again returns
 * the first entry (marked `replayed`), the same key with other parameters is
 * `idempotency_key_reused`. Amounts are integer minor units (bigint).
 */

/** Money entering and leaving the members' accounts goes through one of these. */
export const HOUSE = {
  /** Counterpart of confirmed deposits: minus everything paid in. */
  payments: "HOUSE:PAYMENTS",
  /** Withdrawals requested and not yet paid or rejected. Never negative. */
  withdrawalHold: "HOUSE:WITHDRAWAL_HOLD",
  /** Withdrawals paid out: everything that left. */
  payouts: "HOUSE:PAYOUTS",
  /** Demo credit of free-play accounts. */
  demo: "HOUSE:DEMO",
  /** Stakes in and wins out of games. */
  games: "HOUSE:GAMES",
  /** Bonuses, rebates and salaries granted. */
  bonuses: "HOUSE:BONUSES",
  /** Points given and taken back: minus every point the members hold (ADR 17). */
  points: "HOUSE:POINTS",
  /** Staff credits and debits of members' balances (manual adjustments). */
  adjustments: "HOUSE:ADJUSTMENTS",
} as const;
export type HouseAccount = (typeof HOUSE)[keyof typeof HOUSE];

/** House accounts that may run negative: the sources of money. */
const HOUSE_SOURCES: readonly string[] = [
  HOUSE.payments,
  HOUSE.payouts,
  HOUSE.demo,
  HOUSE.games,
  HOUSE.bonuses,
  HOUSE.points,
  HOUSE.adjustments,
];

export const MAIN = "MAIN";
/** A member's locked bonuses: issued here, released to MAIN once their turnover is met (ADR 15). */
export const BONUS = "BONUS";
/** A member's loyalty points (ADR 17): whole points, not money, on the same ledger. */
export const POINTS = "POINTS";
export const vendorWallet = (vassalage: string): `VENDOR:${string}` => `VENDOR:${vassalage}`;
export type MemberAccountKind = typeof MAIN | typeof BONUS | typeof POINTS | `VENDOR:${string}`;

export type AccountRef = { memberId: string; kind: MemberAccountKind } | { house: HouseAccount };

export type EntryKind =
  | "deposit"
  | "transfer"
  | "transfer_upline"
  | "transfer_downline"
  | "withdrawal_hold"
  | "withdrawal_release"
  | "withdrawal_payout"
  | "withdrawal_refund"
  | "demo_credit"
  | "bet"
  | "win"
  | "bet_refund"
  | "bonus"
  | "bonus_release"
  | "bonus_forfeit"
  /** Points (ADR 17): earned by deposits and bets, spent on goods, returned, converted to cash. */
  | "points_earned"
  | "points_redeemed"
  | "points_returned"
  | "points_converted"
  /** A staff member credited or debited the member's main balance. */
  | "adjustment";

export interface Movement {
  from: AccountRef;
  to: AccountRef;
  /** Minor units, > 0. */
  amount: bigint;
}

export interface EntryRequest {
  /** Unique per operation; callers scope form keys by member (see `memberKey`). */
  key: string;
  kind: EntryKind;
  /** The member the entry is about (its records list it). */
  memberId: string | null;
  ref?: string;
  memo?: Record<string, string>;
  movements: Movement[];
  /** When it happened (default: now); records are dated by it. */
  at?: Date;
}

export interface Posting {
  accountId: string;
  kind: string;
  memberId: string | null;
  amount: bigint;
  balanceAfter: bigint;
}

export interface PostedEntry {
  id: string;
  key: string;
  kind: string;
  ref: string | null;
  createdAt: Date;
  postings: Posting[];
  /** True when the key had been posted before and this is that first result. */
  replayed: boolean;
}

/** A form's idempotency key belongs to the member who submitted it; another member's equal key is another operation. */
export const memberKey = (memberId: string, purpose: string, formKey: string) =>
  `m${memberId}:${purpose}:${formKey}`;

const refName = (ref: AccountRef) => ("house" in ref ? ref.house : `${ref.memberId}/${ref.kind}`);

/** Points and money are different units: a movement never turns one into the other (ADR 17). */
const isPoints = (ref: AccountRef) =>
  "house" in ref ? ref.house === HOUSE.points : ref.kind === POINTS;

function requestHash(request: EntryRequest): string {
  const canonical = JSON.stringify([
    request.kind,
    request.memberId,
    request.ref ?? null,
    request.movements.map((m) => [refName(m.from), refName(m.to), m.amount.toString()]),
    Object.entries(request.memo ?? {}).sort(([a], [b]) => a.localeCompare(b)),
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/**
 * Account ids never change once committed, so they are cached per database,
 * but only when looked up outside a transaction: an account created inside
 * one that then rolls back must not be remembered.
 */
const accountIds = new WeakMap<Database, Map<string, string>>();

async function resolveAccounts(db: Executor, refs: AccountRef[]): Promise<Map<string, string>> {
  let cache = db.isTransaction ? new Map<string, string>() : accountIds.get(db as Database);
  if (!cache) accountIds.set(db as Database, (cache = new Map()));
  const result = new Map<string, string>();
  const missing: AccountRef[] = [];
  for (const ref of refs) {
    const name = refName(ref);
    const id = cache.get(name);
    if (id) result.set(name, id);
    else if (!missing.some((other) => refName(other) === name)) missing.push(ref);
  }
  if (missing.length === 0) return result;
  const rows = missing.map((ref) =>
    "house" in ref
      ? { member_id: null, kind: ref.house, allow_negative: HOUSE_SOURCES.includes(ref.house) }
      : { member_id: ref.memberId, kind: ref.kind, allow_negative: false },
  );
  await db
    .insertInto("accounts")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const ref of missing) {
    const row = await db
      .selectFrom("accounts")
      .select("id")
      .where("kind", "=", "house" in ref ? ref.house : ref.kind)
      .where((eb) =>
        "house" in ref ? eb("member_id", "is", null) : eb("member_id", "=", ref.memberId),
      )
      .executeTakeFirstOrThrow();
    cache.set(refName(ref), row.id);
    result.set(refName(ref), row.id);
  }
  return result;
}

/** An entry as `postEntry` returned it; `replayed` for a repeat of an earlier operation. */
export async function readPostedEntry(
  db: Executor,
  entryId: string,
  replayed = true,
): Promise<PostedEntry> {
  const entry = await db
    .selectFrom("entries")
    .select(["id", "idempotency_key", "kind", "ref", "created_at"])
    .where("id", "=", entryId)
    .executeTakeFirstOrThrow();
  const postings = await db
    .selectFrom("postings")
    .innerJoin("accounts", "accounts.id", "postings.account_id")
    .select([
      "postings.account_id",
      "accounts.kind",
      "accounts.member_id",
      "postings.amount",
      "postings.balance_after",
    ])
    .where("postings.entry_id", "=", entryId)
    .orderBy("postings.id")
    .execute();
  return {
    id: entry.id,
    key: entry.idempotency_key,
    kind: entry.kind,
    ref: entry.ref,
    createdAt: new Date(entry.created_at),
    replayed,
    postings: postings.map((p) => ({
      accountId: p.account_id,
      kind: p.kind,
      memberId: p.member_id,
      amount: BigInt(p.amount),
      balanceAfter: BigInt(p.balance_after),
    })),
  };
}

/**
 * Posts one entry (or returns the entry first posted under its key). Throws
 * `insufficient_balance` (details: account) when a member account would go
 * below zero, `mixed_units` for a movement between points and money, `idempotency_key_reused` when the key was used with other
 * parameters, `invalid_amount` for a non-positive amount.
 */
export async function postEntry(db: Executor, request: EntryRequest): Promise<PostedEntry> {
  if (request.movements.length === 0) throw new PlatformError("invalid_amount");
  for (const movement of request.movements) {
    if (movement.amount <= 0n) throw new PlatformError("invalid_amount");
    if (refName(movement.from) === refName(movement.to)) throw new PlatformError("same_account");
    if (isPoints(movement.from) !== isPoints(movement.to)) throw new PlatformError("mixed_units");
  }
  const hash = requestHash(request);
  const refs = request.movements.flatMap((m) => [m.from, m.to]);
  const ids = await resolveAccounts(db, refs);
  const deltas = new Map<string, bigint>();
  for (const { from, to, amount } of request.movements) {
    const fromId = ids.get(refName(from))!;
    const toId = ids.get(refName(to))!;
    deltas.set(fromId, (deltas.get(fromId) ?? 0n) - amount);
    deltas.set(toId, (deltas.get(toId) ?? 0n) + amount);
  }
  const moves = [...deltas].filter(([, delta]) => delta !== 0n);
  if (moves.length === 0) throw new PlatformError("invalid_amount");

  // One call of the database's `ledger_post_entry` (migration 0003), so one round trip, its own
  // transaction when the caller has none, and statements the server plans once per connection:
  // it inserts the entry (nothing when its key exists: then it returns no rows), locks the
  // accounts in the fixed order (ascending id), moves the balances and writes the postings with
  // the balance after each. A member account going below zero fails the call on the
  // `accounts_never_negative` check, and with it the entry.
  const array = (items: readonly string[]) => `{${items.join(",")}}`;
  let rows: {
    o_entry_id: string;
    o_created_at: Date | string;
    o_account_id: string;
    o_kind: string;
    o_member_id: string | null;
    o_balance: string;
    o_delta: string;
  }[];
  try {
    ({ rows } = await sql<(typeof rows)[number]>`
      select * from ledger_post_entry(
        ${request.key}, ${hash}, ${request.kind}, ${request.memberId}::bigint, ${request.ref ?? null},
        ${JSON.stringify(request.memo ?? {})}::jsonb, ${request.at ?? null}::timestamptz,
        ${array(moves.map(([id]) => id))}::bigint[], ${array(moves.map(([, delta]) => delta.toString()))}::bigint[])`.execute(
      db,
    ));
  } catch (error) {
    if (isNegativeBalance(error)) throw new PlatformError("insufficient_balance");
    throw error;
  }
  if (rows.length === 0) return replay(db, request.key, hash);
  if (rows.length !== moves.length)
    throw new Error(`entry ${request.key}: ${rows.length} of ${moves.length} accounts moved`);
  await publishBalances(db, rows);
  return {
    id: rows[0]!.o_entry_id,
    key: request.key,
    kind: request.kind,
    ref: request.ref ?? null,
    createdAt: new Date(rows[0]!.o_created_at),
    postings: rows.map((row) => ({
      accountId: row.o_account_id,
      kind: row.o_kind,
      memberId: row.o_member_id,
      amount: BigInt(row.o_delta),
      balanceAfter: BigInt(row.o_balance),
    })),
    replayed: false,
  };
}

/** The check constraint that keeps member accounts at or above zero refused a statement. */
function isNegativeBalance(error: unknown): boolean {
  const { code, constraint, message } = error as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  return (
    code === "23514" &&
    (constraint === "accounts_never_negative" ||
      Boolean(message?.includes("accounts_never_negative")))
  );
}

async function replay(db: Executor, key: string, hash: string): Promise<PostedEntry> {
  const first = await findEntryByKey(db, key);
  if (!first) throw new Error(`entry ${key} neither posted nor found`);
  if (first.request_hash !== hash) throw new PlatformError("idempotency_key_reused");
  return readPostedEntry(db, first.id, true);
}

/** The entry posted under a key, if any (for operations that record their entry elsewhere). */
export async function findEntryByKey(db: Executor, key: string) {
  return db
    .selectFrom("entries")
    .select(["id", "request_hash"])
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}
