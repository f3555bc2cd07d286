import { sql, type Kysely } from "kysely";

/**
 * Wallet (DESIGN §3): a double-entry ledger. Balances change only by posting
 * an entry whose postings sum to zero (checked by a deferred constraint
 * trigger at commit); a member account can never go below zero (a check
 * constraint); every entry has a unique idempotency key. Deposits,
 * withdrawals (with proofs), payee accounts, member messages and bets hang
 * off the ledger.
 */
const statements = [
  `create table accounts (
     id bigint generated always as identity primary key,
     member_id bigint references members (id),
     kind text not null,
     balance bigint not null default 0,
     allow_negative boolean not null default false,
     created_at timestamptz not null default now(),
     constraint accounts_never_negative check (allow_negative or balance >= 0),
     constraint accounts_house_or_member check ((member_id is null) = (kind like 'HOUSE:%')),
     constraint accounts_members_never_overdrawn check (member_id is null or not allow_negative)
   )`,
  `create unique index accounts_member_kind on accounts (member_id, kind) where member_id is not null`,
  `create unique index accounts_house_kind on accounts (kind) where member_id is null`,
  `create table entries (
     id bigint generated always as identity primary key,
     idempotency_key text not null,
     request_hash text not null,
     kind text not null,
     member_id bigint references members (id),
     ref text,
     memo jsonb not null default '{}'::jsonb,
     created_at timestamptz not null default now()
   )`,
  `create unique index entries_idempotency_key on entries (idempotency_key)`,
  `create index entries_member on entries (member_id, created_at desc) where member_id is not null`,
  `create table postings (
     id bigint generated always as identity primary key,
     entry_id bigint not null references entries (id),
     account_id bigint not null references accounts (id),
     amount bigint not null check (amount <> 0),
     balance_after bigint not null
   )`,
  `create index postings_account on postings (account_id, entry_id desc)`,
  `create index postings_entry on postings (entry_id)`,
  // Checked once per entry at commit: every statement of the transaction has run by then.
  `create function postings_balance_check() returns trigger language plpgsql as $$
   begin
     if (select coalesce(sum(amount), 0) from postings where entry_id = new.entry_id) <> 0 then
       raise exception 'postings of entry % do not sum to zero', new.entry_id using errcode = '23514';
     end if;
     return null;
   end $$`,
  `create constraint trigger postings_sum_to_zero after insert on postings
     deferrable initially deferred for each row execute function postings_balance_check()`,
  `create table deposits (
     id bigint generated always as identity primary key,
     member_id bigint not null references members (id),
     channel text not null,
     amount bigint not null check (amount > 0),
     status text not null default 'pending' check (status in ('pending', 'confirmed', 'failed', 'cancelled')),
     idempotency_key text not null unique,
     gateway_ref text,
     pay_url text,
     failure_reason text,
     entry_id bigint references entries (id),
     created_at timestamptz not null default now(),
     settled_at timestamptz
   )`,
  `create index deposits_member on deposits (member_id, created_at desc)`,
  `create unique index deposits_gateway_ref on deposits (channel, gateway_ref) where gateway_ref is not null`,
  `create table payee_accounts (
     id bigint generated always as identity primary key,
     member_id bigint not null references members (id),
     kind text not null check (kind in ('bank', 'ewallet')),
     provider text not null,
     holder_name text not null,
     account_number text not null,
     created_at timestamptz not null default now(),
     removed_at timestamptz
   )`,
  `create index payee_accounts_member on payee_accounts (member_id) where removed_at is null`,
  `create table withdrawals (
     id bigint generated always as identity primary key,
     member_id bigint not null references members (id),
     payee_account_id bigint not null references payee_accounts (id),
     amount bigint not null check (amount > 0),
     status text not null default 'pending'
       check (status in ('pending', 'approved', 'rejected', 'paid', 'received', 'disputed', 'refunded')),
     request_entry_id bigint not null unique references entries (id),
     settle_entry_id bigint references entries (id),
     reject_reason text,
     received_amount bigint check (received_amount >= 0),
     receipt text check (receipt in ('member', 'auto', 'forced')),
     receipt_note text,
     auto_receive_at timestamptz,
     decided_by bigint references members (id),
     created_at timestamptz not null default now(),
     decided_at timestamptz,
     paid_at timestamptz,
     confirmed_at timestamptz
   )`,
  `create index withdrawals_member on withdrawals (member_id, created_at desc)`,
  `create index withdrawals_open on withdrawals (status, created_at) where status in ('pending', 'approved', 'paid', 'disputed')`,
  `create table withdrawal_proofs (
     id bigint generated always as identity primary key,
     withdrawal_id bigint not null references withdrawals (id),
     content_type text not null check (content_type in ('image/png', 'image/jpeg')),
     size integer not null check (size > 0 and size <= 5242880),
     bytes bytea not null,
     created_at timestamptz not null default now()
   )`,
  `create index withdrawal_proofs_withdrawal on withdrawal_proofs (withdrawal_id)`,
  `create table member_messages (
     id bigint generated always as identity primary key,
     member_id bigint not null references members (id),
     kind text not null,
     params jsonb not null default '{}'::jsonb,
     created_at timestamptz not null default now(),
     read_at timestamptz
   )`,
  `create index member_messages_member on member_messages (member_id, created_at desc)`,
  `create index member_messages_unread on member_messages (member_id) where read_at is null`,
  `create table bets (
     id bigint generated always as identity primary key,
     member_id bigint not null references members (id),
     vassalage text not null,
     round_id text not null,
     category text not null,
     game_code text not null,
     game_name text not null,
     stake bigint not null check (stake >= 0),
     valid_bet bigint not null default 0 check (valid_bet >= 0),
     payout bigint not null default 0 check (payout >= 0),
     status text not null default 'open' check (status in ('open', 'settled', 'void')),
     placed_at timestamptz not null default now(),
     settled_at timestamptz,
     unique (vassalage, round_id)
   )`,
  `create index bets_member on bets (member_id, placed_at desc)`,
  // Operators sign in to the back office (/ops) with sessions of their own site.
  `alter table sessions drop constraint sessions_site_check, add constraint sessions_site_check check (site in ('member', 'agent', 'ops'))`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`delete from sessions where site = 'ops'`).execute(db);
  await sql
    .raw(`alter table sessions drop constraint sessions_site_check, add constraint sessions_site_check check (site in ('member', 'agent'))`)
    .execute(db);
  for (const table of [
    "bets",
    "member_messages",
    "withdrawal_proofs",
    "withdrawals",
    "payee_accounts",
    "deposits",
    "postings",
    "entries",
    "accounts",
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  await sql.raw(`drop function if exists postings_balance_check()`).execute(db);
}
