import { sql } from "kysely";
import type { Database } from "../db/open.server";
import { OPERATOR_TYPE } from "../identity/member-types";

/** A 1×1 png: the demo's stand-in for an ID document's photo. */
export const DEMO_DOCUMENT = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==",
  "base64",
);
const DEMO_BIRTHDAY = "1990-01-01";

/**
 * Issue 17: the demo brand requires a verified birthday before the first
 * deposit, so every demo member (not the operator) is verified, with the
 * birthday of their profile or a demo one. Idempotent: members who already
 * have a verified or pending request are left alone.
 */
export async function seedDemoAgeChecks(db: Database): Promise<boolean> {
  const inserted = await db
    .insertInto("age_checks")
    .columns([
      "member_id",
      "birthday",
      "content_type",
      "size",
      "bytes",
      "status",
      "created_at",
      "decided_at",
    ])
    .expression(
      db
        .selectFrom("members")
        .select((eb) => [
          "id",
          sql<string>`coalesce(profile->>'birthday', ${DEMO_BIRTHDAY})`.as("birthday"),
          sql<string>`'image/png'`.as("content_type"),
          sql<number>`${DEMO_DOCUMENT.byteLength}::integer`.as("size"),
          sql<Buffer>`${DEMO_DOCUMENT}::bytea`.as("bytes"),
          sql<string>`'verified'`.as("status"),
          eb.fn<Date>("now").as("created_at"),
          eb.fn<Date>("now").as("decided_at"),
        ])
        .where("type", "<>", OPERATOR_TYPE)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("age_checks")
                .select("age_checks.id")
                .whereRef("age_checks.member_id", "=", "members.id")
                .where("age_checks.status", "in", ["pending", "verified"]),
            ),
          ),
        ),
    )
    .executeTakeFirst();
  if (!inserted.numInsertedOrUpdatedRows) return false;
  await sql`update members set profile = coalesce(profile, '{}'::jsonb) || jsonb_build_object('birthday', ${DEMO_BIRTHDAY}::text)
            where type <> ${OPERATOR_TYPE} and (profile->>'birthday') is null`.execute(db);
  return true;
}
