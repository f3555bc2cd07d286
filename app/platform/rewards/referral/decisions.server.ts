import { payReferralReward } from "./rewards.server";
import { audit, type OperatorAct } from "../../audit/audit.server";
import type { Database } from "../../db/open.server";
import { inTransaction } from "../../db/transaction.server";
import { PlatformError } from "../../errors";
import { loadPromotion } from "../promotion-rows.server";

/**
 * The operator's word on a held referral reward (/ops/referrals): approve
 * pays it through the rewards engine, reject closes it. The row is locked
 * and must still be `held`, so a double click or two operators decide once
 * (`referral_not_held` for the second). Audited with the operator.
 */
export type ReferralDecision = "approve" | "reject";

export async function decideHeldReferral(
  db: Database,
  friendId: string,
  decision: ReferralDecision,
  act: OperatorAct,
  now = new Date(),
): Promise<void> {
  if (!/^\d{1,18}$/.test(friendId)) throw new PlatformError("referral_not_held");
  await inTransaction(db, async (trx) => {
    const held = await trx
      .selectFrom("referral_rewards as rr")
      .innerJoin("members as f", "f.id", "rr.friend_id")
      .select(["rr.friend_id", "rr.referrer_id", "rr.promotion_id", "f.account"])
      .where("rr.friend_id", "=", friendId)
      .where("rr.status", "=", "held")
      .forUpdate("rr")
      .executeTakeFirst();
    if (!held) throw new PlatformError("referral_not_held");
    let entryId: string | null = null;
    if (decision === "approve") {
      // Not loadLiveReferralPromotion: an approval honours the terms the friend qualified under.
      const promotion = await loadPromotion(trx, held.promotion_id);
      entryId = await payReferralReward(
        trx,
        promotion,
        { friendId: held.friend_id, referrerId: held.referrer_id, friendAccount: held.account },
        now,
      );
      if (entryId === null) throw new PlatformError("referral_not_held");
    }
    await trx
      .updateTable("referral_rewards")
      .set({
        status: decision === "approve" ? "paid" : "rejected",
        entry_id: entryId,
        decided_at: now,
        decided_by: act.operatorId,
      })
      .where("friend_id", "=", friendId)
      .execute();
    await audit(trx, "referral_decided", act.context, {
      memberId: held.referrer_id,
      target: { type: "referral", id: friendId },
      before: { status: "held" },
      after: { status: decision === "approve" ? "paid" : "rejected" },
      detail: { friendId },
    });
  });
}
