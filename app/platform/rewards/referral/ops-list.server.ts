import type { Database } from "../../db/open.server";

/**
 * /ops/referrals: held rewards first (what the operator must decide), then
 * the most recent decided ones. Operators see accounts unmasked and the IP
 * the friend registered from.
 */
export async function listReferralRewards(db: Database, page: { offset: number; limit: number }) {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom("referral_rewards as rr")
      .innerJoin("members as f", "f.id", "rr.friend_id")
      .innerJoin("members as r", "r.id", "rr.referrer_id")
      .select([
        "rr.friend_id",
        "f.account as friend",
        "r.account as referrer",
        "f.register_ip",
        "rr.status",
        "rr.hold_reason",
        "rr.amount",
        "rr.qualified_at",
        "rr.decided_at",
      ])
      .orderBy((eb) => eb.case().when("rr.status", "=", "held").then(0).else(1).end())
      .orderBy("rr.qualified_at", "desc")
      .orderBy("rr.friend_id", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom("referral_rewards")
      .select((eb) => [
        eb.fn.countAll<string>().as("total"),
        eb.fn.count<string>("friend_id").filterWhere("status", "=", "held").as("held"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(counts.total),
    held: Number(counts.held),
    rows: rows.map((row) => ({
      friendId: row.friend_id,
      friend: row.friend,
      referrer: row.referrer,
      registerIp: row.register_ip,
      status: row.status,
      holdReason: row.hold_reason,
      amount: String(row.amount),
      qualifiedAt: new Date(row.qualified_at).toISOString(),
      decidedAt: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    })),
  };
}
