import { sql, type Kysely } from "kysely";

/**
 * A session ended by a rule (issue 17: the member's session time limit) is
 * kept, not deleted, so the next request that carries its cookie can say why
 * the member is signed out. The row still goes with the purge of expired
 * sessions, by its original `expires_at`, which outlives the cookie.
 */
const statements = [
  `alter table sessions add column ended_at timestamptz`,
  `alter table sessions add column ended_reason text`,
  `alter table sessions add constraint sessions_ended
     check ((ended_at is null) = (ended_reason is null))`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`alter table sessions drop constraint sessions_ended`).execute(db);
  await sql.raw(`alter table sessions drop column ended_reason`).execute(db);
  await sql.raw(`alter table sessions drop column ended_at`).execute(db);
}
