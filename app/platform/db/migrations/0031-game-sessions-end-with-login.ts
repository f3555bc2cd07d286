import { sql, type Kysely } from "kysely";

/**
 * A launched game's token lives no longer than the sign-in it was launched
 * from: when that session is signed out, ended by a rule or purged, its game
 * sessions expire at once, so a token left in a provider's frame or a browser
 * history cannot keep betting. Expired sessions are kept (a provider may still
 * settle a round after the end). A trigger holds the rule, so no code path
 * that ends a session can forget it.
 */
const statements = [
  `alter table game_sessions add column portal_session_id bigint`,
  `create index game_sessions_portal_session on game_sessions (portal_session_id)
   where portal_session_id is not null`,
  `create function game_sessions_end_with_login() returns trigger
   language plpgsql as $$
   begin
     -- To the millisecond, as the platform's own clock compares it: a game found in the
     -- same millisecond is already over.
     update game_sessions set expires_at = date_trunc('milliseconds', now())
      where portal_session_id = old.id and expires_at > date_trunc('milliseconds', now());
     return null;
   end $$`,
  `create trigger sessions_deleted_end_games
   after delete on sessions
   for each row execute function game_sessions_end_with_login()`,
  `create trigger sessions_ended_end_games
   after update of ended_at on sessions
   for each row when (old.ended_at is null and new.ended_at is not null)
   execute function game_sessions_end_with_login()`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop trigger sessions_ended_end_games on sessions`).execute(db);
  await sql.raw(`drop trigger sessions_deleted_end_games on sessions`).execute(db);
  await sql.raw(`drop function game_sessions_end_with_login()`).execute(db);
  await sql.raw(`alter table game_sessions drop column portal_session_id`).execute(db);
}
