import { audit, type OperatorAct } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { ManualAdjustmentsTable } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { lockedPlayer } from "./account-status.server";
import { publishOpsQueue } from "../events/producers.server";
import type { AdjustmentReason, BrandConfig } from "../system/brand-config.server";
import { mainBalance } from "../wallet/balance.server";
import { HOUSE, MAIN, postEntry } from "../wallet/ledger.server";

/**
 * Manual adjustments: staff credit or debit a member's main balance with a
 * reason code from the brand's list and a note, through the ledger. Up to the
 * brand's threshold the money moves at once; above it the adjustment waits
 * until a second staff member approves it (the database refuses an approver
 * who asked, see migration 0046), and the money moves exactly once, on the
 * approval. A debit never takes a balance below zero: the ledger refuses it.
 */

export type AdjustmentDirection = ManualAdjustmentsTable["direction"];
export type AdjustmentStatus = "pending" | "applied" | "rejected";
export const ADJUSTMENT_NOTE_MAX = 500;

export interface AdjustmentInput {
  memberId: string;
  direction: AdjustmentDirection;
  /** Minor units, > 0. */
  amount: bigint;
  reason: AdjustmentReason;
  note: string;
  /** The form's key: the same key twice is one adjustment. */
  formKey: string;
}

export interface Adjustment {
  id: string;
  memberId: string;
  account: string;
  direction: AdjustmentDirection;
  amount: string;
  reason: string;
  note: string;
  needsApproval: boolean;
  status: AdjustmentStatus;
  requestedBy: { id: string; account: string };
  requestedAt: Date;
  decidedBy: { id: string; account: string } | null;
  decidedAt: Date | null;
  decisionNote: string | null;
}

/** What a request came to: the money moved, or it waits for a second staff member. */
export interface AdjustmentOutcome {
  id: string;
  status: Exclude<AdjustmentStatus, "rejected">;
  /** The form's key had been used: this is the first request's result. */
  replayed: boolean;
}

const target = (id: string) => ({ type: "adjustment", id });

/** A staff member's form key is its own: another staff member's equal key is another request. */
const requestKey = (staffId: string, formKey: string) => `staff${staffId}:adjust:${formKey}`;

/** The ledger entry of an adjustment: one per adjustment, so an approval retried cannot post twice. */
const entryKey = (id: string) => `adjustment:${id}`;

export function adjustmentRules(brand: Pick<BrandConfig, "adjustments">) {
  return {
    reasons: brand.adjustments.reasons,
    fourEyesAbove: BigInt(brand.adjustments.fourEyesAbove),
    max: BigInt(brand.adjustments.max),
  };
}
export type AdjustmentRules = ReturnType<typeof adjustmentRules>;

/**
 * Moves the money of an adjustment (under its row's lock) and marks it applied, by its approver
 * when it had one; returns the balance before and after.
 */
async function applyAdjustment(
  trx: Database,
  row: {
    id: string;
    member_id: string;
    direction: AdjustmentDirection;
    amount: string;
    reason: string;
  },
  now: Date,
  approvedBy: string | null = null,
) {
  const member = { memberId: row.member_id, kind: MAIN } as const;
  const house = { house: HOUSE.adjustments } as const;
  const amount = BigInt(row.amount);
  const entry = await postEntry(trx, {
    key: entryKey(row.id),
    kind: "adjustment",
    memberId: row.member_id,
    ref: row.id,
    memo: { reason: row.reason },
    movements: [
      row.direction === "credit"
        ? { from: house, to: member, amount }
        : { from: member, to: house, amount },
    ],
    at: now,
  });
  await trx
    .updateTable("manual_adjustments")
    .set({ status: "applied", entry_id: entry.id, decided_at: now, decided_by: approvedBy })
    .where("id", "=", row.id)
    .execute();
  const after = entry.postings.find((posting) => posting.memberId === row.member_id)!.balanceAfter;
  const before = row.direction === "credit" ? after - amount : after + amount;
  return { before: before.toString(), after: after.toString() };
}

/**
 * Records an adjustment and, up to the threshold, applies it. Refuses a reason the brand does
 * not offer (`adjustment_reason`), an amount over the brand's largest (`amount_out_of_range`),
 * a debit larger than the balance (`insufficient_balance`), and a form key used before with
 * other values (`idempotency_key_reused`); a repeat of the same request returns the first.
 */
export async function requestAdjustment(
  db: Database,
  input: AdjustmentInput,
  rules: AdjustmentRules,
  act: OperatorAct,
  now = new Date(),
): Promise<AdjustmentOutcome> {
  if (!rules.reasons.includes(input.reason)) throw new PlatformError("adjustment_reason");
  if (input.amount <= 0n) throw new PlatformError("invalid_amount");
  if (input.amount > rules.max)
    throw new PlatformError("amount_out_of_range", { min: "1", max: rules.max.toString() });
  return inTransaction(db, async (trx) => {
    const player = await lockedPlayer(trx, input.memberId);
    const key = requestKey(act.operatorId, input.formKey);
    const inserted = await trx
      .insertInto("manual_adjustments")
      .values({
        member_id: player.id,
        direction: input.direction,
        amount: input.amount.toString(),
        reason: input.reason,
        note: input.note,
        request_key: key,
        needs_approval: input.amount > rules.fourEyesAbove,
        requested_by: act.operatorId,
        requested_at: now,
      })
      .onConflict((oc) => oc.column("request_key").doNothing())
      .returning(["id", "member_id", "direction", "amount", "reason", "needs_approval"])
      .executeTakeFirst();
    if (!inserted) return replayRequest(trx, key, input);
    const subject = {
      memberId: player.id,
      account: player.account,
      target: target(inserted.id),
      detail: {
        direction: input.direction,
        amount: input.amount.toString(),
        reason: input.reason,
        note: input.note,
      },
    };
    if (inserted.needs_approval) {
      // Refused now rather than on approval when the money is already not there.
      if (input.direction === "debit") await ensureBalance(trx, player.id, input.amount);
      await audit(trx, "adjustment_requested", act.context, {
        ...subject,
        after: { status: "pending" },
      });
      await publishOpsQueue(trx, "adjustments");
      return { id: inserted.id, status: "pending", replayed: false };
    }
    const balance = await applyAdjustment(trx, inserted, now);
    await audit(trx, "adjustment_applied", act.context, {
      ...subject,
      before: { balance: balance.before },
      after: { balance: balance.after, status: "applied" },
    });
    return { id: inserted.id, status: "applied", replayed: false };
  });
}

async function replayRequest(
  trx: Database,
  key: string,
  input: AdjustmentInput,
): Promise<AdjustmentOutcome> {
  const first = await trx
    .selectFrom("manual_adjustments")
    .select(["id", "member_id", "direction", "amount", "reason", "note", "status"])
    .where("request_key", "=", key)
    .executeTakeFirstOrThrow();
  const same =
    first.member_id === input.memberId &&
    first.direction === input.direction &&
    first.amount === input.amount.toString() &&
    first.reason === input.reason &&
    first.note === input.note;
  if (!same) throw new PlatformError("idempotency_key_reused");
  // A repeat of a request since rejected is answered as what it was asked to be.
  return {
    id: first.id,
    status: first.status === "applied" ? "applied" : "pending",
    replayed: true,
  };
}

async function ensureBalance(trx: Database, memberId: string, amount: bigint) {
  if (BigInt(await mainBalance(trx, { id: memberId })) < amount)
    throw new PlatformError("insufficient_balance");
}

/**
 * The pending adjustment under lock, for a decision by `act`'s staff member: `adjustment_not_found`,
 * `adjustment_decided` when no longer pending, `adjustment_four_eyes` for the one who asked.
 */
async function lockedForDecision(trx: Database, id: string, act: OperatorAct) {
  const row = /^\d{1,18}$/.test(id)
    ? await trx
        .selectFrom("manual_adjustments as a")
        .innerJoin("members as m", "m.id", "a.member_id")
        .select([
          "a.id",
          "a.member_id",
          "m.account",
          "a.direction",
          "a.amount",
          "a.reason",
          "a.note",
          "a.status",
          "a.requested_by",
        ])
        .where("a.id", "=", id)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!row) throw new PlatformError("adjustment_not_found");
  if (row.status !== "pending") throw new PlatformError("adjustment_decided");
  if (row.requested_by === act.operatorId) throw new PlatformError("adjustment_four_eyes");
  return row;
}

/** What a decision's audit entry says of the adjustment decided. */
const decided = (row: Awaited<ReturnType<typeof lockedForDecision>>) => ({
  memberId: row.member_id,
  account: row.account,
  target: target(row.id),
  detail: {
    direction: row.direction,
    amount: row.amount,
    reason: row.reason,
    requestedBy: row.requested_by,
  },
});

/**
 * A second staff member approves a pending adjustment: the money moves, once. The one who
 * asked cannot (`adjustment_four_eyes`); a debit the balance no longer covers is refused
 * (`insufficient_balance`) and stays pending, to be rejected or approved later.
 */
export function approveAdjustment(
  db: Database,
  id: string,
  act: OperatorAct,
  now = new Date(),
): Promise<void> {
  return inTransaction(db, async (trx) => {
    const row = await lockedForDecision(trx, id, act);
    const balance = await applyAdjustment(trx, row, now, act.operatorId);
    await audit(trx, "adjustment_applied", act.context, {
      ...decided(row),
      before: { balance: balance.before, status: "pending" },
      after: { balance: balance.after, status: "applied" },
    });
    await publishOpsQueue(trx, "adjustments");
  });
}

/** A second staff member refuses a pending adjustment, with a note; no money moves. */
export function rejectAdjustment(
  db: Database,
  id: string,
  note: string,
  act: OperatorAct,
  now = new Date(),
): Promise<void> {
  return inTransaction(db, async (trx) => {
    const row = await lockedForDecision(trx, id, act);
    await trx
      .updateTable("manual_adjustments")
      .set({
        status: "rejected",
        decided_by: act.operatorId,
        decided_at: now,
        decision_note: note || null,
      })
      .where("id", "=", row.id)
      .execute();
    const subject = decided(row);
    await audit(trx, "adjustment_rejected", act.context, {
      ...subject,
      before: { status: "pending" },
      after: { status: "rejected" },
      detail: { ...subject.detail, note: note || null },
    });
    await publishOpsQueue(trx, "adjustments");
  });
}

/** Adjustments newest first: one member's, or every pending one (oldest first, the queue's order). */
export async function listAdjustments(
  db: Database,
  filter: { memberId: string } | { pending: true },
  limit: number,
): Promise<Adjustment[]> {
  let query = db
    .selectFrom("manual_adjustments as a")
    .innerJoin("members as m", "m.id", "a.member_id")
    .innerJoin("members as r", "r.id", "a.requested_by")
    .leftJoin("members as d", "d.id", "a.decided_by")
    .select([
      "a.id",
      "a.member_id",
      "m.account",
      "a.direction",
      "a.amount",
      "a.reason",
      "a.note",
      "a.needs_approval",
      "a.status",
      "a.requested_by",
      "r.account as requested_by_account",
      "a.requested_at",
      "a.decided_by",
      "d.account as decided_by_account",
      "a.decided_at",
      "a.decision_note",
    ])
    .limit(limit);
  query =
    "memberId" in filter
      ? query.where("a.member_id", "=", filter.memberId).orderBy("a.id", "desc")
      : query.where("a.status", "=", "pending").orderBy("a.id", "asc");
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    memberId: row.member_id,
    account: row.account,
    direction: row.direction,
    amount: row.amount,
    reason: row.reason,
    note: row.note,
    needsApproval: row.needs_approval,
    status: row.status,
    requestedBy: { id: row.requested_by, account: row.requested_by_account },
    requestedAt: new Date(row.requested_at),
    decidedBy:
      row.decided_by && row.decided_by_account
        ? { id: row.decided_by, account: row.decided_by_account }
        : null,
    decidedAt: row.decided_at ? new Date(row.decided_at) : null,
    decisionNote: row.decision_note,
  }));
}
