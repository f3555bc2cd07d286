import { sql, type Kysely } from "kysely";

/**
 * Authenticator codes (TOTP, RFC 6238; ADR 34). One authenticator per member:
 * `confirmed_at` null while enrolment waits for the first right code.
 * `last_used_step` is the time step of the last code accepted (replay
 * protection: a code of that step or an older one is refused). Recovery codes
 * are stored as SHA-256 hashes, each usable once. A login that needs the
 * second factor holds a ticket (as pending_password_changes), not a session.
 */
const statements = [
  `create table authenticators (
     member_id bigint primary key references members (id) on delete cascade,
     secret text not null,
     created_at timestamptz not null default now(),
     confirmed_at timestamptz,
     last_used_step bigint
   )`,
  `create table recovery_codes (
     id bigint generated always as identity primary key,
     member_id bigint not null references members (id) on delete cascade,
     code_hash text not null,
     used_at timestamptz,
     unique (member_id, code_hash)
   )`,
  `create table pending_second_factors (
     token_hash text primary key,
     member_id bigint not null references members (id) on delete cascade,
     site text not null,
     remember boolean not null default false,
     redirect_to text not null default '/',
     method text not null,
     forced_reason text,
     expires_at timestamptz not null,
     used_at timestamptz
   )`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`drop table pending_second_factors`).execute(db);
  await sql.raw(`drop table recovery_codes`).execute(db);
  await sql.raw(`drop table authenticators`).execute(db);
}
