import type { Transaction } from "kysely";
import type { DB } from "../../db/schema";
import { PlatformError } from "../../errors";
import { findEntryByKey } from "../../wallet/ledger.server";
import { issueKey, payNewEntry } from "../bonus-grants.server";
import { awardPoints } from "../points-ledger.server";
import { promotionOf } from "../promotion-rows.server";
import type { Mission } from "./mission-rows.server";

/**
 * A mission's reward, keyed by mission, member and period so it is paid
 * once whoever asks twice. Points go through `awardPoints` (ADR 17). Cash is
 * a bonus of the rewards engine (ADR 15) on the migration's `mission-rewards`
 * promotion with the mission's name and turnover: with a turnover it lands
 * on BONUS as a wagering grant, released to MAIN when wagered (every game
 * category counts in full); without one it goes straight to MAIN.
 */
export const MISSION_REWARDS_PROMOTION = "mission-rewards";

type Trx = Transaction<DB>;

export async function payMissionReward(
  trx: Trx,
  claim: { mission: Mission; memberId: string; periodKey: string },
  now: Date,
): Promise<string> {
  const { mission, memberId } = claim;
  if (mission.rewardKind === "points") {
    const entry = await awardPoints(trx, {
      key: `mission:${mission.id}:${memberId}:${claim.periodKey}`,
      memberId,
      points: mission.rewardAmount,
      source: "mission",
      ref: `mission:${mission.id}`,
      memo: { title: mission.names.en ?? mission.code },
      at: now,
    });
    return entry.id;
  }
  const row = await trx
    .selectFrom("promotions")
    .selectAll()
    .where("code", "=", MISSION_REWARDS_PROMOTION)
    .executeTakeFirst();
  if (!row) throw new PlatformError("mission_not_found");
  const promotion = {
    ...promotionOf(row),
    titles: mission.names,
    turnoverMultiple: mission.turnoverMultiple,
    turnoverBase: "bonus" as const,
  };
  const periodKey = `mission:${mission.id}:${claim.periodKey}`;
  await payNewEntry(
    trx,
    { promotion, memberId, periodKey, action: "claim", amount: mission.rewardAmount },
    now,
  );
  const entry = await findEntryByKey(trx, issueKey(promotion.id, memberId, periodKey));
  if (!entry) throw new PlatformError("mission_not_found");
  return String(entry.id);
}
