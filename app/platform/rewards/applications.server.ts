import { issueBonus } from "./bonus-grants.server";
import { lockEntryById, moveEntry } from "./entries.server";
import { loadPromotion } from "./promotion-rows.server";
import type { Transition } from "./promotion-states";
import { turnoverRequired } from "./reward-amount";
import { type OperatorAct, audit } from "../audit/audit.server";
import { postMessage } from "../content/messages.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { publishOpsQueue } from "../events/producers.server";
import { pageOf, type Paging } from "../wallet/records.server";

/**
 * The operator's queue of applications (`applying`): approve with an amount
 * (the bonus is issued, `process` or `claimed`) or reject with a reason; the
 * member is told either way. A second decision on the same application
 * changes nothing (the state machine answers it as a replay or refuses it).
 */
export interface ApplicationRow {
  entryId: string;
  promotionId: string;
  promotionCode: string;
  titles: Record<string, string>;
  memberId: string;
  account: string;
  comment: string | null;
  proofIds: string[];
  createdAt: string;
}

export async function listApplications(db: Database, paging: Paging) {
  const total = await db
    .selectFrom("promotion_entries")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("state", "=", "applying")
    .executeTakeFirstOrThrow();
  const { page, pageCount, offset } = pageOf(paging, Number(total.count));
  const rows = await db
    .selectFrom("promotion_entries as e")
    .innerJoin("promotions as p", "p.id", "e.promotion_id")
    .innerJoin("members as m", "m.id", "e.member_id")
    .select([
      "e.id",
      "e.promotion_id",
      "p.code",
      "p.titles",
      "e.member_id",
      "m.account",
      "e.comment",
      "e.created_at",
    ])
    .where("e.state", "=", "applying")
    .orderBy("e.id")
    .limit(paging.pageSize)
    .offset(offset)
    .execute();
  const proofs =
    rows.length === 0
      ? []
      : await db
          .selectFrom("promotion_proofs")
          .select(["id", "entry_id"])
          .where(
            "entry_id",
            "in",
            rows.map((row) => row.id),
          )
          .orderBy("id")
          .execute();
  const applications = rows.map((row): ApplicationRow => ({
    entryId: row.id,
    promotionId: row.promotion_id,
    promotionCode: row.code,
    titles: row.titles,
    memberId: row.member_id,
    account: row.account,
    comment: row.comment,
    proofIds: proofs.filter((proof) => proof.entry_id === row.id).map((proof) => proof.id),
    createdAt: new Date(row.created_at).toISOString(),
  }));
  return { applications, page, pageCount, total: Number(total.count) };
}

export type Decision = { approve: { amount: bigint } } | { reject: { reason: string } };

/**
 * Approves (issuing `amount`) or rejects (with a reason of 1–500
 * characters) an application. Throws `application_not_found`,
 * `promotion_amount_invalid`, `promotion_action_refused` (details: state).
 */
export async function decideApplication(
  db: Database,
  input: { entryId: string; decision: Decision; now?: Date } & OperatorAct,
) {
  const now = input.now ?? new Date();
  const { decision } = input;
  if ("approve" in decision && decision.approve.amount <= 0n)
    throw new PlatformError("promotion_amount_invalid");
  const reason = "reject" in decision ? decision.reject.reason.trim().slice(0, 500) : "";
  if ("reject" in decision && !reason) throw new PlatformError("promotion_action_refused");
  return inTransaction(db, async (trx) => {
    const entry = await lockEntryById(trx, input.entryId);
    if (!entry) throw new PlatformError("application_not_found");
    const promotion = await loadPromotion(trx, entry.promotion_id);
    if (promotion.claimMode !== "apply") throw new PlatformError("application_not_found");
    const params = { promotion: promotion.id };
    let move: Transition;
    if ("approve" in decision) {
      const { amount } = decision.approve;
      const locked = turnoverRequired(promotion, amount, 0n) > 0n;
      move = await moveEntry(trx, entry, "approve", now, {
        locked,
        changes: { amount: amount.toString(), decided_by: input.operatorId },
      });
      if (!move.changed) return move;
      await issueBonus(trx, {
        promotion,
        entryId: entry.id,
        memberId: entry.member_id,
        periodKey: entry.period_key,
        amount,
        now,
      });
      await postMessage(
        trx,
        entry.member_id,
        "application_approved",
        { ...params, amount: amount.toString() },
        now,
      );
    } else {
      move = await moveEntry(trx, entry, "reject", now, {
        changes: { reject_reason: reason, decided_by: input.operatorId },
      });
      if (!move.changed) return move;
      await postMessage(trx, entry.member_id, "application_rejected", { ...params, reason }, now);
    }
    // The staff home counts this queue: its open pages re-read it.
    await publishOpsQueue(trx, "promotion_applications");
    await audit(trx, "promotion_application_decided", input.context, {
      memberId: entry.member_id,
      target: { type: "promotion_entry", id: String(entry.id) },
      detail: {
        promotionId: promotion.id,
        ...("approve" in decision ? { approved: decision.approve.amount.toString() } : { reason }),
      },
    });
    return move;
  });
}

/** An application's proof image with the member it belongs to (who, besides operators, may see it). */
export async function findPromotionProof(db: Database, proofId: string) {
  if (!/^\d{1,18}$/.test(proofId)) return undefined;
  return db
    .selectFrom("promotion_proofs")
    .innerJoin("promotion_entries", "promotion_entries.id", "promotion_proofs.entry_id")
    .select([
      "promotion_proofs.id",
      "promotion_proofs.content_type",
      "promotion_proofs.bytes",
      "promotion_entries.member_id",
    ])
    .where("promotion_proofs.id", "=", proofId)
    .executeTakeFirst();
}
