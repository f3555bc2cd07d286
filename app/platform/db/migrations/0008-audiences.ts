import { sql, type Kysely } from "kysely";

/**
 * Announcements by audience (`execution` A/B/F):
 * - a session knows whether it is the member's first sign-in ever (a
 *   first-time login), so that session is shown the first-login
 *   announcements (F) besides the members' ones (A);
 * - an announcement may name the promotion its "Go to promotion" button opens
 *   in the reward centre (from the announcement popup).
 */
const statements = [
  `alter table sessions add column first_login boolean not null default false`,
  `alter table announcements add column promotion_code text`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`alter table announcements drop column promotion_code`).execute(db);
  await sql.raw(`alter table sessions drop column first_login`).execute(db);
}
