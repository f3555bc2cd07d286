import type { Database } from "~/platform/db/open.server";

/** The audit log's entries of one event about one member, oldest first. */
export const auditEntries = (db: Database, memberId: string, event: string) =>
  db
    .selectFrom("audit_log")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("event", "=", event)
    .orderBy("id")
    .execute();
