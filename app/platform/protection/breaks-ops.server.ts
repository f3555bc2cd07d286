import { REOPEN_WAIT_MS } from "./breaks.server";
import { protectionTrail } from "./protection-trail.server";
import type { Database } from "../db/open.server";

/**
 * The operator's view (/ops/protection): members whose account is closed by
 * a break now — running, or an ended exclusion not yet reopened — with the
 * audit trail of each change to their breaks.
 */
export async function listRestrictedMembers(db: Database, now = new Date()) {
  const reopenedBefore = new Date(now.getTime() - REOPEN_WAIT_MS);
  const rows = await db
    .selectFrom("protection_breaks as b")
    .innerJoin("members as m", "m.id", "b.member_id")
    .select([
      "b.id",
      "b.member_id",
      "m.account",
      "b.kind",
      "b.starts_at",
      "b.ends_at",
      "b.source",
      "b.reopen_requested_at",
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb("b.ends_at", ">", now), eb("b.starts_at", "<=", now)]),
        eb.and([
          eb("b.kind", "=", "exclusion"),
          eb.or([
            eb("b.reopen_requested_at", "is", null),
            eb("b.reopen_requested_at", ">", reopenedBefore),
          ]),
        ]),
      ]),
    )
    .orderBy("b.id", "desc")
    .limit(200)
    .execute();
  const memberIds = [...new Set(rows.map((row) => row.member_id))];
  const trail = await protectionTrail(db, memberIds, [
    "protection_break_taken",
    "protection_reopen_requested",
    "protection_lift_refused",
  ]);
  return { rows, trail };
}
