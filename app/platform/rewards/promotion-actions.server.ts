import type { Transaction } from "kysely";
import type { DB } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { issueBonus } from "./bonus-grants.server";
import { createEntry, lockEntry, moveEntry, type EntryRow } from "./entries.server";
import { assertEligible, assertOpen } from "./guards.server";
import { promotionPeriod } from "./promotion-periods";
import { loadPromotion, type Promotion } from "./promotion-rows.server";
import { displayState, phaseAt, transition, type PromotionAction } from "./promotion-states";
import type { PromotionState, StoredState } from "./promotion-types";
import { openRedEnvelope } from "./red-envelopes.server";
import { turnoverRequired } from "./reward-amount";
import type { Database } from "../db/open.server";
import { publishOpsQueue } from "../events/producers.server";
import { checkProofImages } from "../uploads/proof-images";

/**
 * A member's moves on a promotion: join, claim, apply. Each is one
 * transaction that locks the member's entry; the same move again (a double
 * click, a replayed form) changes nothing and answers the current state.
 */
export interface ActionResult {
  promotionId: string;
  state: PromotionState;
  /** False when the move had been made before. */
  changed: boolean;
  /** The reward, once known (minor units). */
  amount: string | null;
}

type Trx = Transaction<DB>;

const result = (entry: EntryRow, state: StoredState, changed: boolean): ActionResult => ({
  promotionId: entry.promotion_id,
  state,
  changed,
  amount: entry.amount,
});

/**
 * Starts the member's entry for this period with `action` (join, apply), or,
 * when one exists, makes the move on it (a replay answers its state).
 */
async function startEntry(
  trx: Trx,
  promotion: Promotion,
  memberId: string,
  action: PromotionAction,
  now: Date,
  values: { comment?: string } = {},
): Promise<{ result: ActionResult; entry: EntryRow }> {
  const period = promotionPeriod(promotion.period, now, promotion.timeZone);
  const existing = await lockEntry(trx, promotion.id, memberId, period.key);
  if (existing) {
    const move = await moveEntry(trx, existing, action, now);
    return { result: result(existing, move.state, move.changed), entry: existing };
  }
  assertOpen(promotion, now);
  await assertEligible(trx, promotion, memberId, now);
  const created = await createEntry(
    trx,
    { promotion, memberId, periodKey: period.key, action, ...values },
    now,
  );
  if (created) return { result: result(created.entry, created.state, true), entry: created.entry };
  // Another request created it between our look and our insert: answer as its replay.
  const raced = (await lockEntry(trx, promotion.id, memberId, period.key))!;
  const move = transition(raced.state as StoredState, action);
  return { result: result(raced, move.state, false), entry: raced };
}

/** A move that does not fit the promotion's claim mode is refused with the member's state. */
function refuse(promotion: Promotion, now: Date): never {
  throw new PlatformError("promotion_action_refused", {
    state: displayState(promotion, null, now, true),
  });
}

/** Join (join-then-claim promotions): the member waits in `joined` for a qualifying deposit. */
export async function joinPromotion(
  db: Database,
  input: { memberId: string; promotionId: string; now?: Date },
): Promise<ActionResult> {
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const promotion = await loadPromotion(trx, input.promotionId);
    if (promotion.claimMode !== "join_claim") refuse(promotion, now);
    return (await startEntry(trx, promotion, input.memberId, "join", now)).result;
  });
}

/**
 * Claim: pays a qualified entry (`claim`, of any period) and moves it to
 * `process` (locked until its turnover is met) or `claimed`. On a red
 * envelope it opens this window's envelope.
 */
export async function claimPromotion(
  db: Database,
  input: { memberId: string; promotionId: string; now?: Date },
): Promise<ActionResult> {
  const now = input.now ?? new Date();
  const promotion = await loadPromotion(db, input.promotionId);
  if (promotion.kind === "red_envelope") {
    const opened = await openRedEnvelope(db, input);
    return {
      promotionId: promotion.id,
      state: "claimed",
      changed: !opened.replayed,
      amount: opened.amount.toString(),
    };
  }
  return inTransaction(db, async (trx) => {
    const period = promotionPeriod(promotion.period, now, promotion.timeZone);
    const waiting = await trx
      .selectFrom("promotion_entries")
      .select("period_key")
      .where("promotion_id", "=", promotion.id)
      .where("member_id", "=", input.memberId)
      .where("state", "=", "claim")
      .orderBy("id")
      .executeTakeFirst();
    const entry = await lockEntry(
      trx,
      promotion.id,
      input.memberId,
      waiting?.period_key ?? period.key,
    );
    if (!entry) refuse(promotion, now);
    if (entry.state === "claim" && phaseAt(promotion, now) === "close")
      throw new PlatformError("promotion_closed");
    const amount = BigInt(entry.amount ?? "0");
    const deposit = await depositAmount(trx, entry.deposit_id);
    const locked = turnoverRequired(promotion, amount, deposit) > 0n;
    const move = await moveEntry(trx, entry, "claim", now, { locked });
    if (move.changed)
      await issueBonus(trx, {
        promotion,
        entryId: entry.id,
        memberId: input.memberId,
        periodKey: entry.period_key,
        amount,
        deposit,
        now,
      });
    return result(entry, move.state, move.changed);
  });
}

async function depositAmount(trx: Trx, depositId: string | null): Promise<bigint> {
  if (!depositId) return 0n;
  const row = await trx
    .selectFrom("deposits")
    .select("amount")
    .where("id", "=", depositId)
    .executeTakeFirstOrThrow();
  return BigInt(row.amount);
}

export const APPLY_COMMENT_MAX = 140;

/**
 * Apply: a comment of at most 140 characters and up to 3 png/jpg
 * proofs of at most 5 MB; the entry waits in `applying` for the operator.
 * Throws `promotion_comment_too_long`, `proof_type`, `proof_size`,
 * `proof_count` before touching the database.
 */
export async function applyForPromotion(
  db: Database,
  input: {
    memberId: string;
    promotionId: string;
    comment: string;
    proofs: { contentType: string; bytes: Uint8Array }[];
    now?: Date;
  },
): Promise<ActionResult> {
  const now = input.now ?? new Date();
  const comment = input.comment.trim();
  if ([...comment].length > APPLY_COMMENT_MAX)
    throw new PlatformError("promotion_comment_too_long", { max: APPLY_COMMENT_MAX });
  const proofs = checkProofImages(input.proofs);
  return inTransaction(db, async (trx) => {
    const promotion = await loadPromotion(trx, input.promotionId);
    if (promotion.claimMode !== "apply") refuse(promotion, now);
    const started = await startEntry(trx, promotion, input.memberId, "apply", now, {
      comment: comment || undefined,
    });
    if (started.result.changed) {
      for (const proof of proofs) {
        await trx
          .insertInto("promotion_proofs")
          .values({
            entry_id: started.entry.id,
            content_type: proof.type,
            size: proof.bytes.byteLength,
            bytes: Buffer.from(proof.bytes),
            created_at: now,
          })
          .execute();
      }
      await publishOpsQueue(trx, "promotion_applications");
    }
    return started.result;
  });
}
