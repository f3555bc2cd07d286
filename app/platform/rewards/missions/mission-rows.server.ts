import type { Selectable } from "kysely";
import type { MissionCondition, MissionPeriod, MissionRewardKind } from "./mission-types";
import type { Database } from "../../db/open.server";
import type { MissionsTable } from "../../db/schema";

/** A mission as the engine reads it: amounts as bigint. */
export interface Mission {
  id: string;
  code: string;
  names: Record<string, string>;
  descriptions: Record<string, string>;
  period: MissionPeriod;
  condition: MissionCondition;
  category: string | null;
  target: bigint;
  rewardKind: MissionRewardKind;
  rewardAmount: bigint;
  turnoverMultiple: number;
  missionPoints: number;
  enabled: boolean;
  sort: number;
}

export function missionOf(row: Selectable<MissionsTable>): Mission {
  return {
    id: String(row.id),
    code: row.code,
    names: row.names,
    descriptions: row.descriptions,
    period: row.period,
    condition: row.condition,
    category: row.category,
    target: BigInt(row.target),
    rewardKind: row.reward_kind,
    rewardAmount: BigInt(row.reward_amount),
    turnoverMultiple: row.turnover_multiple,
    missionPoints: row.mission_points,
    enabled: row.enabled,
    sort: row.sort,
  };
}

/** Every mission, enabled or not, in the members' order (the operator's list). */
export async function listMissions(db: Database): Promise<Mission[]> {
  const rows = await db.selectFrom("missions").selectAll().orderBy("sort").orderBy("id").execute();
  return rows.map(missionOf);
}

export async function findMission(db: Database, id: string): Promise<Mission | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const row = await db.selectFrom("missions").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? missionOf(row) : undefined;
}
