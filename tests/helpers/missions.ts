import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "~/platform/db/open.server";
import { createMission, type MissionInput } from "~/platform/rewards/missions/mission-admin.server";
import { operatorAct } from "./rewards";

/** Missions' test records, written as the real flows leave them. */

let serial = 0;

/** A mission through the operator API: a daily Rs 1.00 valid bet in any category paying Rs 1.00 by default. */
export async function insertMission(db: Database, overrides: Partial<MissionInput> = {}) {
  const act = await operatorAct(db);
  return createMission(
    db,
    {
      code: `m-${process.pid}-${++serial}`,
      names: { en: "Test mission", ur: "ٹیسٹ مشن" },
      descriptions: { en: "", ur: "" },
      period: "D",
      condition: "valid_bet",
      category: null,
      target: 100n,
      rewardKind: "cash",
      rewardAmount: 100n,
      turnoverMultiple: 0,
      missionPoints: 10,
      sort: 0,
      ...overrides,
    },
    act,
  );
}

export async function insertDeposit(
  db: Database,
  memberId: string,
  amount: bigint,
  at: Date,
  status: "confirmed" | "pending" = "confirmed",
) {
  await db
    .insertInto("deposits")
    .values({
      member_id: memberId,
      channel: "bank",
      amount,
      status,
      idempotency_key: randomBytes(8).toString("hex"),
      gateway_ref: null,
      pay_url: null,
      failure_reason: null,
      entry_id: null,
      created_at: at,
      settled_at: status === "confirmed" ? at : null,
    })
    .execute();
}

export async function insertSession(db: Database, memberId: string, at: Date) {
  await db
    .insertInto("sessions")
    .values({
      token_hash: randomBytes(16).toString("hex"),
      member_id: memberId,
      site: "member",
      remember: false,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(at.getTime() + 3_600_000),
      ip: null,
      user_agent: null,
    })
    .execute();
}

export async function insertReferral(db: Database, referrerId: string, friendId: string, at: Date) {
  await db
    .insertInto("referrals")
    .values({
      referrer_id: referrerId,
      friend_id: friendId,
      // The schema types this column as generated only; a test dates the referral itself.
      created_at: sql`${at.toISOString()}::timestamptz`,
    })
    .execute();
}
