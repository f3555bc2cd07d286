import { sql, type Kysely } from "kysely";

/**
 * One-time links that make the first operator of an empty brand: the start
 * prints one while no operator exists. Only the token's SHA-256 is kept; a
 * link works once and until it expires, and a newer link voids the older.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table operator_setup_tokens (
    id bigint generated always as identity primary key,
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table operator_setup_tokens`.execute(db);
}
