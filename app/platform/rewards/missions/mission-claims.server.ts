import { sql, type Selectable } from "kysely";
import { missionProgress } from "./mission-progress.server";
import { payMissionReward } from "./mission-rewards.server";
import type { MissionRewardKind } from "./mission-types";
import type { Database } from "../../db/open.server";
import type { MissionClaimsTable } from "../../db/schema";
import { inTransaction } from "../../db/transaction.server";
import { PlatformError } from "../../errors";
import { recordPage, type Paging } from "../../wallet/records.server";
import { promotionPeriod } from "../promotion-periods";

/**
 * A member claims a complete mission: one claim per (mission, member,
 * period), in one transaction that
 * 1. serialises the member's claims of this mission (an advisory lock), so two
 *    tabs or a doubled submit wait for each other;
 * 2. finds an existing claim: the same form again is a replay (its claim is
 *    returned, nothing moves), another form is `mission_claimed`;
 * 3. re-reads the progress inside the transaction (`mission_incomplete` below
 *    the target, `mission_not_found` when missing or disabled);
 * 4. pays the reward keyed by mission, member and period, records the claim
 *    (unique key, progress ≥ target checked by the database) and adds the
 *    mission points to the member's week on the leaderboard.
 */
export type MissionClaim = Selectable<MissionClaimsTable>;

export interface ClaimRequest {
  memberId: string;
  missionId: string;
  formKey: string;
}

export async function claimMission(
  db: Database,
  request: ClaimRequest,
  timeZone: string,
  now = new Date(),
): Promise<{ claim: MissionClaim; replayed: boolean }> {
  const { memberId, missionId, formKey } = request;
  if (!/^\d{1,18}$/.test(missionId)) throw new PlatformError("mission_not_found");
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`mission:${missionId}:${memberId}`}))`.execute(
      trx,
    );
    const [row] = await missionProgress(trx, memberId, { timeZone, now, missionId });
    if (!row) throw new PlatformError("mission_not_found");
    const { mission, period, progress } = row;
    const existing = await trx
      .selectFrom("mission_claims")
      .selectAll()
      .where("mission_id", "=", mission.id)
      .where("member_id", "=", memberId)
      .where("period_key", "=", period.key)
      .executeTakeFirst();
    if (existing) {
      if (existing.form_key === formKey) return { claim: existing, replayed: true };
      throw new PlatformError("mission_claimed");
    }
    if (progress < mission.target) throw new PlatformError("mission_incomplete");
    const entryId = await payMissionReward(trx, { mission, memberId, periodKey: period.key }, now);
    const claim = await trx
      .insertInto("mission_claims")
      .values({
        mission_id: mission.id,
        member_id: memberId,
        period_key: period.key,
        form_key: formKey,
        progress: progress.toString(),
        target: mission.target.toString(),
        reward_kind: mission.rewardKind,
        reward_amount: mission.rewardAmount.toString(),
        turnover_multiple: mission.turnoverMultiple,
        mission_points: mission.missionPoints,
        ledger_entry_id: entryId,
        claimed_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (mission.missionPoints > 0) {
      await trx
        .insertInto("mission_scores")
        .values({
          week_key: promotionPeriod("W", now, timeZone).key,
          member_id: memberId,
          points: mission.missionPoints,
          reached_at: now,
        })
        .onConflict((oc) =>
          oc.columns(["week_key", "member_id"]).doUpdateSet({
            points: sql`mission_scores.points + excluded.points`,
            reached_at: sql`excluded.reached_at`,
          }),
        )
        .execute();
    }
    return { claim, replayed: false };
  });
}

export interface ClaimHistoryRow {
  id: string;
  missionId: string;
  names: Record<string, string>;
  rewardKind: MissionRewardKind;
  rewardAmount: string;
  turnoverMultiple: number;
  missionPoints: number;
  claimedAt: string;
}

/** The member's claims, newest first, paged. */
export function listMissionClaims(db: Database, memberId: string, paging: Paging) {
  const claims = () =>
    db
      .selectFrom("mission_claims as c")
      .innerJoin("missions as m", "m.id", "c.mission_id")
      .where("c.member_id", "=", memberId);
  return recordPage(
    paging,
    () =>
      claims()
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .executeTakeFirstOrThrow(),
    async (limit, offset) => {
      const rows = await claims()
        .select([
          "c.id",
          "c.mission_id",
          "m.names",
          "c.reward_kind",
          "c.reward_amount",
          "c.turnover_multiple",
          "c.mission_points",
          "c.claimed_at",
        ])
        .orderBy("c.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row): ClaimHistoryRow => ({
        id: String(row.id),
        missionId: String(row.mission_id),
        names: row.names,
        rewardKind: row.reward_kind,
        rewardAmount: String(row.reward_amount),
        turnoverMultiple: row.turnover_multiple,
        missionPoints: row.mission_points,
        claimedAt: new Date(row.claimed_at).toISOString(),
      }));
    },
  );
}
