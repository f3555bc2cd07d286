import { sql } from "kysely";
import { findVipLevel } from "./vip.server";
import type { Database } from "../db/open.server";
import type { RebateLine } from "../db/schema";
import { inTransaction, type Executor } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { REBATE_INTERVAL_SECONDS, rebateLines } from "./vip-levels";
import { roleOf, type TypeSets } from "../identity/member-types";
import type { BrandConfig } from "../system/brand-config.server";
import { HOUSE, MAIN, postEntry } from "../wallet/ledger.server";
import { recordPage, sumText, type Paging, type RecordWindow } from "../wallet/records.server";

/**
 * The manual rebate (ADR 16). A member's rebate covers the
 * bets settled after their watermark (the last claim's cut-off) up to a
 * cut-off, at their VIP level's rate per category. A claim locks the
 * member's watermark row, so claims queue: it pays the sum in one ledger
 * entry keyed by member and window start (a window is paid once), records
 * the claim with its lines, and moves the watermark to the cut-off. At most
 * one claim a minute, at least the brand's minimum, never for trial accounts.
 */

/** Before any claim the window starts here: every bet counts. */
const BEGINNING = new Date(0);

export interface RebatePolicy {
  /** Minor units. */
  minimum: number;
  sets: TypeSets;
}

export const rebatePolicy = (brand: BrandConfig): RebatePolicy => ({
  minimum: brand.vip.rebateMin,
  sets: { agentTypes: brand.agentTypes, trialTypes: brand.trialTypes },
});

/** What the member would be paid now, and from when. Money as decimal strings, times as ISO. */
export interface RebateQuote {
  level: number;
  /** The window: bets settled after `since` (null: ever) up to `cutOff`. */
  since: string | null;
  cutOff: string;
  lines: RebateLine[];
  validBet: string;
  amount: string;
  minimum: string;
  /** When the next claim is allowed, if not now. */
  nextClaimAt: string | null;
}

async function watermarkOf(db: Executor, memberId: string) {
  return db
    .selectFrom("rebate_watermarks")
    .select(["cut_off", "last_claim_at"])
    .where("member_id", "=", memberId)
    .executeTakeFirst();
}

/** Valid bet per category of the member's bets settled in (from, to]. */
async function validBetsIn(db: Executor, memberId: string, from: Date, to: Date) {
  const rows = await db
    .selectFrom("bets")
    .select(["category", sumText(sql`valid_bet`).as("valid_bet")])
    .where("member_id", "=", memberId)
    .where("status", "=", "settled")
    .where("settled_at", ">", from)
    .where("settled_at", "<=", to)
    .groupBy("category")
    .execute();
  return new Map(rows.map((row) => [row.category, BigInt(row.valid_bet)]));
}

async function memberOf(db: Executor, memberId: string) {
  const member = await db
    .selectFrom("members")
    .select(["type", "vip_level"])
    .where("id", "=", memberId)
    .executeTakeFirst();
  if (!member) throw new PlatformError("not_found");
  return member;
}

const isoOrNull = (date: Date) =>
  date.getTime() === BEGINNING.getTime() ? null : date.toISOString();
const nextClaimAt = (lastClaimAt: Date, now: Date) => {
  const next = new Date(lastClaimAt.getTime() + REBATE_INTERVAL_SECONDS * 1000);
  return next > now ? next : null;
};

async function quoteFor(
  db: Executor,
  memberId: string,
  level: number,
  window: { from: Date; to: Date },
) {
  const [rates, validBets] = await Promise.all([
    findVipLevel(db, level).then((row) => row?.rates ?? {}),
    validBetsIn(db, memberId, window.from, window.to),
  ]);
  return rebateLines(validBets, rates);
}

/** The manual rebate: the member's level, the valid bet per category since the last claim and what it pays. */
export async function rebateQuote(
  db: Database,
  memberId: string,
  policy: RebatePolicy,
  now = new Date(),
): Promise<RebateQuote> {
  const [member, watermark] = await Promise.all([
    memberOf(db, memberId),
    watermarkOf(db, memberId),
  ]);
  const since = watermark ? new Date(watermark.cut_off) : BEGINNING;
  const { lines, validBet, amount } = await quoteFor(db, memberId, member.vip_level, {
    from: since,
    to: now,
  });
  const next = watermark && nextClaimAt(new Date(watermark.last_claim_at), now);
  return {
    level: member.vip_level,
    since: isoOrNull(since),
    cutOff: now.toISOString(),
    lines,
    validBet: validBet.toString(),
    amount: amount.toString(),
    minimum: String(policy.minimum),
    nextClaimAt: next ? next.toISOString() : null,
  };
}

export interface RebateClaimRequest {
  memberId: string;
  /** The form's idempotency key: a double submit finds the first claim. */
  formKey: string;
  /** The cut-off the member was shown (the quote's); later than now counts as now. */
  cutOff: Date;
}

export interface RebateClaim {
  id: string;
  level: number;
  windowStart: string | null;
  cutOff: string;
  validBet: string;
  amount: string;
  lines: RebateLine[];
  claimedAt: string;
}

type ClaimRow = {
  id: string;
  vip_level: number;
  window_start: Date | string;
  cut_off: Date | string;
  valid_bet: string;
  amount: string;
  detail: RebateLine[];
  claimed_at: Date | string;
};

const CLAIM_COLUMNS = [
  "id",
  "vip_level",
  "window_start",
  "cut_off",
  "valid_bet",
  "amount",
  "detail",
  "claimed_at",
] as const;

const claimOf = (row: ClaimRow): RebateClaim => ({
  id: row.id,
  level: row.vip_level,
  windowStart: isoOrNull(new Date(row.window_start)),
  cutOff: new Date(row.cut_off).toISOString(),
  validBet: String(row.valid_bet),
  amount: String(row.amount),
  lines: row.detail,
  claimedAt: new Date(row.claimed_at).toISOString(),
});

async function claimByFormKey(db: Executor, memberId: string, formKey: string) {
  const row = await db
    .selectFrom("rebate_claims")
    .select(CLAIM_COLUMNS)
    .where("member_id", "=", memberId)
    .where("form_key", "=", formKey)
    .executeTakeFirst();
  return row && claimOf(row);
}

/**
 * Pays the member's rebate up to the cut-off. Throws `in_need_true_account`
 * (trial), `rebate_too_soon` (details: seconds until the next claim),
 * `rebate_below_minimum` (details: min, minor units). The same form key
 * returns the first claim (`replayed`).
 */
export async function claimRebate(
  db: Database,
  request: RebateClaimRequest,
  policy: RebatePolicy,
  now = new Date(),
): Promise<{ claim: RebateClaim; replayed: boolean }> {
  const { memberId, formKey } = request;
  const cutOff = request.cutOff > now ? now : request.cutOff;
  return inTransaction(db, async (trx) => {
    const member = await memberOf(trx, memberId);
    if (roleOf(member.type, policy.sets) === "trial")
      throw new PlatformError("in_need_true_account");
    await trx
      .insertInto("rebate_watermarks")
      .values({ member_id: memberId, cut_off: BEGINNING, last_claim_at: BEGINNING })
      .onConflict((oc) => oc.column("member_id").doNothing())
      .execute();
    // The member's claims queue here; what was read before this lock may be stale.
    const watermark = await trx
      .selectFrom("rebate_watermarks")
      .select(["cut_off", "last_claim_at"])
      .where("member_id", "=", memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const first = await claimByFormKey(trx, memberId, formKey);
    if (first) return { claim: first, replayed: true };
    const next = nextClaimAt(new Date(watermark.last_claim_at), now);
    if (next)
      throw new PlatformError("rebate_too_soon", {
        seconds: Math.ceil((next.getTime() - now.getTime()) / 1000),
      });
    const since = new Date(watermark.cut_off);
    const { lines, validBet, amount } =
      cutOff > since
        ? await quoteFor(trx, memberId, member.vip_level, { from: since, to: cutOff })
        : { lines: [], validBet: 0n, amount: 0n };
    if (amount < BigInt(policy.minimum) || amount === 0n)
      throw new PlatformError("rebate_below_minimum", { min: policy.minimum });
    const entry = await postEntry(trx, {
      key: `rebate:m${memberId}:${since.toISOString()}`,
      kind: "bonus",
      memberId,
      memo: { source: "rebate", cutOff: cutOff.toISOString() },
      at: now,
      movements: [{ from: { house: HOUSE.bonuses }, to: { memberId, kind: MAIN }, amount }],
    });
    const row = await trx
      .insertInto("rebate_claims")
      .values({
        member_id: memberId,
        form_key: formKey,
        vip_level: member.vip_level,
        window_start: since,
        cut_off: cutOff,
        valid_bet: validBet,
        amount,
        detail: JSON.stringify(lines),
        entry_id: entry.id,
        claimed_at: now,
      })
      .returning(CLAIM_COLUMNS)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("rebate_watermarks")
      .set({ cut_off: cutOff, last_claim_at: now })
      .where("member_id", "=", memberId)
      .execute();
    return { claim: claimOf(row), replayed: false };
  });
}

/** The member's own claim, or nothing (another member's id reads as missing). */
export async function findMemberRebateClaim(db: Database, memberId: string, claimId: string) {
  if (!/^\d{1,18}$/.test(claimId)) return undefined;
  const row = await db
    .selectFrom("rebate_claims")
    .select(CLAIM_COLUMNS)
    .where("id", "=", claimId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return row && claimOf(row);
}

/** The rebate records (by date window, paged): claims made in the window, newest first. */
export async function listRebateClaims(
  db: Database,
  memberId: string,
  filter: { window: RecordWindow } & Paging,
) {
  const inWindow = db
    .selectFrom("rebate_claims")
    .where("member_id", "=", memberId)
    .where("claimed_at", ">=", filter.window.from)
    .where("claimed_at", "<", filter.window.to);
  return recordPage(
    filter,
    () =>
      inWindow
        .select((eb) => [
          eb.fn.countAll<string>().as("count"),
          sumText(sql`amount`).as("amount"),
          sumText(sql`valid_bet`).as("validBet"),
        ])
        .executeTakeFirstOrThrow(),
    (limit, offset) =>
      inWindow
        .select(CLAIM_COLUMNS)
        .orderBy("claimed_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute()
        .then((rows) => rows.map(claimOf)),
  );
}
