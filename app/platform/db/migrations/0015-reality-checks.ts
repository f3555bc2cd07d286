import { sql, type Kysely } from "kysely";

/**
 * Reality checks (issue 17): a member's reminder interval and session time
 * limit, and the last reminder they answered. No row means the brand's
 * defaults. The answer is tied to one login session: a new sign-in starts
 * the clock again. The index on game rounds serves the slot's spin gap (the
 * member's latest round, whatever the game).
 */
const statements = [
  `create table reality_checks (
     member_id bigint primary key references members (id),
     interval_minutes integer check (interval_minutes >= 0 and interval_minutes <= 1440),
     session_limit_minutes integer check (session_limit_minutes > 0 and session_limit_minutes <= 1440),
     answered_session_id bigint,
     answered_at timestamptz,
     -- When a session last ran into its time limit: stakes stay refused until the next sign-in.
     session_ended_at timestamptz,
     updated_at timestamptz not null,
     constraint reality_checks_answer check ((answered_session_id is null) = (answered_at is null))
   )`,
  `create index game_rounds_member_latest on game_rounds (member_id, id desc)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop index if exists game_rounds_member_latest`).execute(db);
  await sql.raw(`drop table reality_checks`).execute(db);
}
