import { sql, type Kysely } from "kysely";

/**
 * The spec's step-up from an unregistered IP (ADR 37). `known_sign_ins` keeps,
 * per member, the IPs and device cookies it has passed a sign-in from (only a
 * SHA-256 of the value); `pending_step_ups` holds the short-lived single-use
 * ticket between a right password and the extra check, before any session.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table known_sign_ins (
    member_id bigint not null references members (id) on delete cascade,
    kind text not null check (kind in ('ip', 'device')),
    value_hash text not null,
    first_seen_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    primary key (member_id, kind, value_hash)
  )`.execute(db);
  await sql`create table pending_step_ups (
    token_hash text primary key,
    member_id bigint not null references members (id) on delete cascade,
    site text not null,
    remember boolean not null,
    redirect_to text not null,
    method text not null,
    forced_reason text,
    methods text not null,
    ip text,
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);
  await sql`create index pending_step_ups_expires on pending_step_ups (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table pending_step_ups`.execute(db);
  await sql`drop table known_sign_ins`.execute(db);
}
