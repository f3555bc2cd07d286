import { openBytes } from "../db/at-rest.server";
import type { Database } from "../db/open.server";

/** The operator's queue of pending age checks, oldest first. */
export async function listPendingAgeChecks(db: Database, limit = 100) {
  return db
    .selectFrom("age_checks")
    .innerJoin("members", "members.id", "age_checks.member_id")
    .select(["age_checks.id", "age_checks.birthday", "age_checks.created_at", "members.account"])
    .where("age_checks.status", "=", "pending")
    .orderBy("age_checks.created_at")
    .orderBy("age_checks.id")
    .limit(limit)
    .execute();
}

/** An ID document's image, for the operator's authorised resource route only. */
export async function findAgeCheckDocument(db: Database, checkId: string) {
  if (!/^\d{1,18}$/.test(checkId)) return undefined;
  const row = await db
    .selectFrom("age_checks")
    .select(["content_type", "bytes"])
    .where("id", "=", checkId)
    .executeTakeFirst();
  return row && { content_type: row.content_type, bytes: openBytes(row.bytes) };
}
