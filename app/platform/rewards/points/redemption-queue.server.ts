import { sql } from "kysely";
import { audit, type AuditContext } from "../../audit/audit.server";
import { postMessage } from "../../content/messages.server";
import type { Database } from "../../db/open.server";
import type { RedemptionStatus } from "../../db/schema";
import { inTransaction } from "../../db/transaction.server";
import { PlatformError } from "../../errors";
import { publishOpsQueue } from "../../events/producers.server";
import { awardPoints } from "../points-ledger.server";

/**
 * Redemptions of physical goods as the operator decides them: in process
 * → approved → redeem complete, or in process → rejected, which returns the
 * points (`points_returned`, keyed by the redemption, so once) and the stock.
 * The member gets a message on each decision; each is audited. Deciding what
 * is already decided that way is a replay that changes nothing.
 */

export type RedemptionDecision =
  { approve: true } | { complete: true } | { reject: { reason: string } };

const FROM: Record<string, RedemptionStatus> = {
  approve: "process",
  complete: "approved",
  reject: "process",
};
const TO = { approve: "approved", complete: "complete", reject: "rejected" } as const;

export async function decideRedemption(
  db: Database,
  input: {
    redemptionId: string;
    decision: RedemptionDecision;
    operatorId: string;
    context: AuditContext;
    now?: Date;
  },
): Promise<{ changed: boolean }> {
  const now = input.now ?? new Date();
  const name = Object.keys(input.decision)[0] as keyof typeof TO;
  const reason = "reject" in input.decision ? input.decision.reject.reason.slice(0, 200) : null;
  return inTransaction(db, async (trx) => {
    const redemption = await trx
      .selectFrom("redemptions")
      .innerJoin("mall_items", "mall_items.id", "redemptions.item_id")
      .select([
        "redemptions.id",
        "redemptions.member_id",
        "redemptions.item_id",
        "redemptions.quantity",
        "redemptions.points",
        "redemptions.status",
        "mall_items.name",
      ])
      .where("redemptions.id", "=", input.redemptionId)
      .forUpdate("redemptions")
      .executeTakeFirst();
    if (!redemption) throw new PlatformError("redemption_not_found");
    if (redemption.status === TO[name]) return { changed: false };
    if (redemption.status !== FROM[name])
      throw new PlatformError("redemption_already_decided", { status: redemption.status });
    let settleEntryId: string | null = null;
    if (name === "reject") {
      const entry = await awardPoints(
        trx,
        {
          key: `points:return:${redemption.id}`,
          memberId: redemption.member_id,
          points: BigInt(redemption.points),
          source: "redeem",
          ref: `redemption:${redemption.id}`,
          memo: { item: redemption.name },
          at: now,
        },
        "points_returned",
      );
      settleEntryId = entry.id;
      await trx
        .updateTable("mall_items")
        .set({ stock: sql`stock + ${redemption.quantity}` })
        .where("id", "=", redemption.item_id)
        .execute();
    }
    await trx
      .updateTable("redemptions")
      .set({
        status: TO[name],
        decided_by: input.operatorId,
        decided_at: now,
        ...(reason ? { reject_reason: reason } : {}),
        ...(settleEntryId ? { settle_entry_id: settleEntryId } : {}),
      })
      .where("id", "=", redemption.id)
      .execute();
    await postMessage(
      trx,
      redemption.member_id,
      `redemption_${TO[name]}`,
      {
        item: redemption.name,
        quantity: String(redemption.quantity),
        points: redemption.points,
        ...(reason ? { reason } : {}),
      },
      now,
    );
    // The staff home counts this queue: its open pages re-read it.
    await publishOpsQueue(trx, "points_redemptions");
    await audit(trx, "redemption_decided", input.context, {
      memberId: redemption.member_id,
      target: { type: "redemption", id: String(redemption.id) },
      before: { status: redemption.status },
      after: { status: TO[name] },
      detail: { decision: name, ...(reason ? { reason } : {}) },
    });
    return { changed: true };
  });
}

export interface RedemptionRow {
  id: string;
  account: string;
  item: string;
  quantity: number;
  points: string;
  status: RedemptionStatus;
  rejectReason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/**
 * Redemptions newest first: one member's (the redeem records), or everyone's
 * waiting for the operator (`open`: in process or approved, oldest first).
 */
export async function listRedemptions(
  db: Database,
  filter: { memberId?: string; open?: boolean; page: number; pageSize: number },
) {
  let base = db
    .selectFrom("redemptions")
    .innerJoin("mall_items", "mall_items.id", "redemptions.item_id")
    .innerJoin("members", "members.id", "redemptions.member_id");
  if (filter.memberId) base = base.where("redemptions.member_id", "=", filter.memberId);
  if (filter.open) base = base.where("redemptions.status", "in", ["process", "approved"]);
  const { count } = await base
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / filter.pageSize));
  const page = Math.min(Math.max(1, filter.page), pageCount);
  const rows = await base
    .select([
      "redemptions.id",
      "members.account",
      "mall_items.name as item",
      "redemptions.quantity",
      "redemptions.points",
      "redemptions.status",
      "redemptions.reject_reason",
      "redemptions.created_at",
      "redemptions.decided_at",
    ])
    .orderBy("redemptions.created_at", filter.open ? "asc" : "desc")
    .orderBy("redemptions.id", filter.open ? "asc" : "desc")
    .limit(filter.pageSize)
    .offset((page - 1) * filter.pageSize)
    .execute();
  return {
    total,
    page,
    pageCount,
    rows: rows.map((row): RedemptionRow => ({
      id: row.id,
      account: row.account,
      item: row.item,
      quantity: row.quantity,
      points: row.points,
      status: row.status,
      rejectReason: row.reject_reason,
      createdAt: new Date(row.created_at).toISOString(),
      decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    })),
  };
}
