import { sql, type Kysely } from "kysely";

/**
 * The event streams' leases (issue 16): "at most 3 open streams a session"
 * must hold across processes on one PostgreSQL, so every open stream holds a
 * row here. A process renews its streams' rows with the heartbeat and deletes
 * a row when its stream closes; a killed process's rows stop counting when
 * they expire. The session's row is locked while one is taken, so two
 * processes cannot both take the last one.
 */
const statements = [
  `create table event_stream_leases (
     stream_id text primary key,
     session_id bigint not null references sessions (id) on delete cascade,
     process_id text not null,
     expires_at timestamptz not null
   )`,
  `create index event_stream_leases_session on event_stream_leases (session_id, expires_at)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop table event_stream_leases`).execute(db);
}
