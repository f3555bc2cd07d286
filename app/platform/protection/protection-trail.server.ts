import type { AuditEvent } from "../audit/audit.server";
import type { Database } from "../db/open.server";

/** The audit trail of some protection events for the members an operator screen lists, newest first. */
export async function protectionTrail(db: Database, memberIds: string[], events: AuditEvent[]) {
  if (memberIds.length === 0) return [];
  return db
    .selectFrom("audit_log")
    .select(["id", "at", "event", "member_id", "detail"])
    .where("member_id", "in", memberIds)
    .where("event", "in", events)
    .orderBy("id", "desc")
    .limit(1000)
    .execute();
}
