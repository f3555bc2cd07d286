import { sql, type Kysely } from "kysely";

/**
 * Identity: members (with the agent upline), sessions, short-lived secrets
 * (verification codes, captchas, login hand-offs, pending password changes),
 * the message outbox, throttles and the audit log. Every secret is stored as
 * a SHA-256 (random tokens) or scrypt hash (passwords), never in clear.
 */
const statements = [
  `create table members (
     id bigint generated always as identity (start with 10000001) primary key,
     account text not null,
     nickname text,
     type integer not null default 0,
     parent_id bigint references members (id),
     password_hash text not null,
     password_changed_at timestamptz not null default now(),
     first_time_login boolean not null default false,
     withdraw_password_hash text,
     dialing_code text,
     mobile text,
     email text,
     profile jsonb not null default '{}'::jsonb,
     vip_level integer not null default 0,
     status text not null default 'active' check (status in ('active', 'disabled')),
     affiliate_code text,
     demo_credit bigint not null default 0 check (demo_credit >= 0),
     register_ip text,
     created_at timestamptz not null default now(),
     last_login_at timestamptz
   )`,
  `create unique index members_account on members (lower(account))`,
  `create unique index members_mobile on members (dialing_code, mobile) where mobile is not null`,
  `create unique index members_affiliate_code on members (upper(affiliate_code)) where affiliate_code is not null`,
  `create index members_parent on members (parent_id) where parent_id is not null`,
  `create table sessions (
     id bigint generated always as identity primary key,
     token_hash text not null unique,
     member_id bigint not null references members (id) on delete cascade,
     site text not null check (site in ('member', 'agent')),
     remember boolean not null default false,
     created_at timestamptz not null default now(),
     last_seen_at timestamptz not null default now(),
     expires_at timestamptz not null,
     ip text,
     user_agent text
   )`,
  `create index sessions_member on sessions (member_id)`,
  `create index sessions_expiry on sessions (expires_at)`,
  `create table login_handoffs (
     token_hash text primary key,
     member_id bigint not null references members (id) on delete cascade,
     expires_at timestamptz not null,
     used_at timestamptz
   )`,
  `create table pending_password_changes (
     token_hash text primary key,
     member_id bigint not null references members (id) on delete cascade,
     reason text not null,
     site text not null,
     remember boolean not null default false,
     redirect_to text not null default '/',
     expires_at timestamptz not null,
     used_at timestamptz
   )`,
  `create table verification_codes (
     id bigint generated always as identity primary key,
     purpose text not null,
     target text not null,
     code_hash text not null,
     attempts integer not null default 0,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null,
     consumed_at timestamptz
   )`,
  `create index verification_codes_target on verification_codes (purpose, target, created_at desc)`,
  `create table captchas (
     id text primary key,
     answer_hash text not null,
     image text not null,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null,
     used_at timestamptz
   )`,
  `create table outbox (
     id bigint generated always as identity primary key,
     channel text not null check (channel in ('sms', 'email')),
     recipient text not null,
     subject text,
     body text not null,
     purpose text not null,
     created_at timestamptz not null default now()
   )`,
  `create index outbox_recipient on outbox (recipient, created_at desc)`,
  `create table rate_limits (
     key text primary key,
     hits integer not null default 0,
     window_started_at timestamptz not null default now(),
     last_hit_at timestamptz not null default now(),
     locked_until timestamptz
   )`,
  `create table audit_log (
     id bigint generated always as identity primary key,
     at timestamptz not null default now(),
     event text not null,
     member_id bigint,
     account text,
     ip text,
     user_agent text,
     detail jsonb not null default '{}'::jsonb
   )`,
  `create index audit_log_member on audit_log (member_id, at desc)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    "audit_log",
    "rate_limits",
    "outbox",
    "captchas",
    "verification_codes",
    "pending_password_changes",
    "login_handoffs",
    "sessions",
    "members",
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
