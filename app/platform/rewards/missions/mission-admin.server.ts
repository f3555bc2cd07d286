import type { Insertable } from "kysely";
import * as z from "zod/v4";
import {
  MISSION_CATEGORIES,
  MISSION_CODE_PATTERN,
  MISSION_CONDITIONS,
  MISSION_PERIODS,
  MISSION_REWARDS,
} from "./mission-types";
import { audit, auditChange, type OperatorAct } from "../../audit/audit.server";
import type { Database } from "../../db/open.server";
import type { MissionsTable } from "../../db/schema";
import { inTransaction } from "../../db/transaction.server";
import { uniqueViolation } from "../../db/unique-violation";
import { PlatformError } from "../../errors";

/**
 * The operator's missions (/ops/missions): create, edit, enable, disable.
 * The route parses the form for its translated field errors; the input is
 * checked again here, so no other caller can store a mission the members'
 * page could not show. Every change is audited with the operator.
 */
const text = z.string().trim().min(1).max(200);
const missionInputSchema = z
  .object({
    code: z.string().regex(MISSION_CODE_PATTERN),
    names: z.object({ en: text, ur: text }),
    descriptions: z.object({ en: z.string().max(500), ur: z.string().max(500) }),
    period: z.enum(MISSION_PERIODS),
    condition: z.enum(MISSION_CONDITIONS),
    category: z.enum(MISSION_CATEGORIES).nullable(),
    target: z.bigint().positive(),
    rewardKind: z.enum(MISSION_REWARDS),
    rewardAmount: z.bigint().positive(),
    turnoverMultiple: z.number().int().min(0).max(100_000),
    missionPoints: z.number().int().min(0).max(1_000_000),
    sort: z.number().int().min(-1000).max(1000),
  })
  .refine((input) => input.category === null || input.condition === "valid_bet", {
    path: ["category"],
    message: "mission_category_for_bets",
  })
  .refine((input) => input.rewardKind === "cash" || input.turnoverMultiple === 0, {
    path: ["turnoverMultiple"],
    message: "mission_turnover_for_cash",
  });

export type MissionInput = z.infer<typeof missionInputSchema>;

function rowOf(input: MissionInput): Insertable<MissionsTable> {
  const parsed = missionInputSchema.safeParse(input);
  if (!parsed.success)
    throw new PlatformError("mission_invalid", {
      field: parsed.error.issues[0]?.path.join(".") ?? "",
    });
  const value = parsed.data;
  return {
    code: value.code,
    names: JSON.stringify(value.names),
    descriptions: JSON.stringify(value.descriptions),
    period: value.period,
    condition: value.condition,
    category: value.category,
    target: value.target.toString(),
    reward_kind: value.rewardKind,
    reward_amount: value.rewardAmount.toString(),
    turnover_multiple: value.turnoverMultiple,
    mission_points: value.missionPoints,
    sort: value.sort,
  };
}

function codeTaken(error: unknown): never {
  if (uniqueViolation(error)?.includes("code"))
    throw new PlatformError("mission_code_taken", { field: "code" });
  throw error;
}

/** A new mission, enabled at once. Returns its id. */
export async function createMission(db: Database, input: MissionInput, act: OperatorAct) {
  const values = rowOf(input);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto("missions")
      .values(values)
      .returning("id")
      .executeTakeFirstOrThrow()
      .catch(codeTaken);
    await audit(trx, "mission_created", act.context, {
      target: { type: "mission", id: String(row.id) },
      ...auditChange(null, auditedMission(values)),
    });
    return String(row.id);
  });
}

/** New terms apply from the next claim; claims made keep what they paid. */
export async function updateMission(
  db: Database,
  missionId: string,
  input: MissionInput,
  act: OperatorAct,
) {
  const values = rowOf(input);
  await inTransaction(db, async (trx) => {
    const current = await lockMission(trx, missionId);
    await trx
      .updateTable("missions")
      .set({ ...values, updated_at: new Date() })
      .where("id", "=", current.id)
      .execute()
      .catch(codeTaken);
    const fields = Object.keys(values) as (keyof typeof current)[];
    await audit(trx, "mission_updated", act.context, {
      target: { type: "mission", id: String(current.id) },
      ...auditChange(
        Object.fromEntries(fields.map((field) => [field, current[field]])),
        auditedMission(values),
      ),
    });
  });
}

/** Enables or disables a mission: a disabled one leaves the members' page and cannot be claimed. */
export async function setMissionEnabled(
  db: Database,
  missionId: string,
  enabled: boolean,
  act: OperatorAct,
) {
  await inTransaction(db, async (trx) => {
    const current = await lockMission(trx, missionId);
    await trx
      .updateTable("missions")
      .set({ enabled, updated_at: new Date() })
      .where("id", "=", current.id)
      .execute();
    await audit(trx, "mission_status_changed", act.context, {
      target: { type: "mission", id: String(current.id) },
      before: { enabled: current.enabled },
      after: { enabled },
    });
  });
}

/** The mission's row, locked for the edit (`mission_not_found` when there is none). */
async function lockMission(db: Database, missionId: string) {
  const row = await db
    .selectFrom("missions")
    .selectAll()
    .where("id", "=", missionIdOf(missionId))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new PlatformError("mission_not_found");
  return row;
}

/** The row as written, its JSON columns as values (as the database hands them back). */
const auditedMission = (values: Insertable<MissionsTable>) => ({
  ...values,
  names: JSON.parse(String(values.names)) as unknown,
  descriptions: JSON.parse(String(values.descriptions)) as unknown,
});

function missionIdOf(id: string) {
  if (!/^\d{1,18}$/.test(id)) throw new PlatformError("mission_not_found");
  return id;
}
