import { sql, type Kysely } from "kysely";

/**
 * One table for the single-use ticket between a right first factor and the
 * next sign-in step: the new-IP step-up's (ADR 37) and the authenticator
 * code's (ADR 34) had a table each with the same columns. A step-up ticket
 * also keeps the methods it offers and the IP it was asked from. Tickets
 * still live are carried over, so a sign-in half done across the deploy goes on.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table sign_in_tickets (
    token_hash text primary key,
    kind text not null check (kind in ('step_up', 'second_factor')),
    member_id bigint not null references members (id) on delete cascade,
    site text not null,
    remember boolean not null,
    redirect_to text not null,
    method text not null,
    forced_reason text,
    methods text,
    ip text,
    expires_at timestamptz not null,
    used_at timestamptz,
    check (kind <> 'step_up' or methods is not null)
  )`.execute(db);
  await sql`create index sign_in_tickets_expires on sign_in_tickets (expires_at)`.execute(db);
  await sql`insert into sign_in_tickets
      (token_hash, kind, member_id, site, remember, redirect_to, method, forced_reason, methods, ip, expires_at)
    select token_hash, 'step_up', member_id, site, remember, redirect_to, method, forced_reason, methods, ip, expires_at
      from pending_step_ups where used_at is null and expires_at > now()`.execute(db);
  await sql`insert into sign_in_tickets
      (token_hash, kind, member_id, site, remember, redirect_to, method, forced_reason, expires_at)
    select token_hash, 'second_factor', member_id, site, remember, redirect_to, method, forced_reason, expires_at
      from pending_second_factors where used_at is null and expires_at > now()`.execute(db);
  await sql`drop table pending_step_ups`.execute(db);
  await sql`drop table pending_second_factors`.execute(db);
}

/** The two tables as 0028 and 0032 made them, each given back its kind's rows. */
export async function down(db: Kysely<unknown>) {
  await sql`create table pending_second_factors (
    token_hash text primary key,
    member_id bigint not null references members (id) on delete cascade,
    site text not null,
    remember boolean not null default false,
    redirect_to text not null default '/',
    method text not null,
    forced_reason text,
    expires_at timestamptz not null,
    used_at timestamptz
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
  await sql`insert into pending_step_ups
      (token_hash, member_id, site, remember, redirect_to, method, forced_reason, methods, ip, expires_at, used_at)
    select token_hash, member_id, site, remember, redirect_to, method, forced_reason, methods, ip, expires_at, used_at
      from sign_in_tickets where kind = 'step_up'`.execute(db);
  await sql`insert into pending_second_factors
      (token_hash, member_id, site, remember, redirect_to, method, forced_reason, expires_at, used_at)
    select token_hash, member_id, site, remember, redirect_to, method, forced_reason, expires_at, used_at
      from sign_in_tickets where kind = 'second_factor'`.execute(db);
  await sql`drop table sign_in_tickets`.execute(db);
}
