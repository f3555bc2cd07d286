import { sql, type Kysely } from "kysely";

/**
 * Wallet (ADR 10): a double-entry ledger. Balances change only through
 * the database function ledger_post_entry, which refuses an entry whose
 * postings do not sum to zero (and a trigger refuses postings written any
 * other way); a member account can never go below zero (a check constraint);
 * every entry has a unique idempotency key. Deposits,
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
     -- Whom the entry is about, for reading; no foreign key: checking one would lock the
     -- member's row on every movement, and members are disabled, never deleted.
     member_id bigint,
     ref text,
     memo jsonb not null default '{}'::jsonb,
     created_at timestamptz not null default now()
   )`,
  `create unique index entries_idempotency_key on entries (idempotency_key)`,
  `create table postings (
     id bigint generated always as identity primary key,
     entry_id bigint not null references entries (id),
     account_id bigint not null references accounts (id),
     amount bigint not null check (amount <> 0),
     balance_after bigint not null
   )`,
  `create index postings_account on postings (account_id, entry_id desc)`,
  `create index postings_entry on postings (entry_id)`,
  // The one way a balance changes and postings are written (app/platform/wallet/ledger.server.ts
  // postEntry): a function, so the server checks every entry's postings sum to zero, and plans its
  // statements once per connection, not on every call. Returns no rows when
  // the key was posted before (the caller then reads that first entry).
  `create function ledger_post_entry(
     p_key text, p_hash text, p_kind text, p_member_id bigint, p_ref text, p_memo jsonb, p_at timestamptz,
     p_accounts bigint[], p_deltas bigint[]
   ) returns table (o_entry_id bigint, o_created_at timestamptz, o_account_id bigint, o_kind text,
                    o_member_id bigint, o_balance bigint, o_delta bigint)
   language plpgsql as $$
   declare
     v_entry bigint;
     v_created timestamptz;
   begin
     -- Checked here, where every posting is written: no empty entry, no zero posting, a zero sum.
     if coalesce(array_length(p_accounts, 1), 0) < 2 or array_length(p_accounts, 1) <> array_length(p_deltas, 1)
        or 0 = any (p_deltas) or (select sum(d) from unnest(p_deltas) as d) <> 0 then
       raise exception 'postings of entry % do not sum to zero', p_key using errcode = '23514';
     end if;
     -- Lets postings_written_by_ledger (below) tell this function's inserts from any other.
     perform set_config('ledger.writer', 'ledger_post_entry', true);
     insert into entries (idempotency_key, request_hash, kind, member_id, ref, memo, created_at)
     values (p_key, p_hash, p_kind, p_member_id, p_ref, p_memo, coalesce(p_at, now()))
     on conflict (idempotency_key) do nothing
     returning entries.id, entries.created_at into v_entry, v_created;
     if v_entry is null then
       return;
     end if;
     -- The fixed lock order: ascending account id.
     perform 1 from accounts where accounts.id = any (p_accounts) order by accounts.id for update;
     return query
       with moves as (select m.account_id, m.delta from unnest(p_accounts, p_deltas) as m (account_id, delta)),
       changed as (
         update accounts set balance = accounts.balance + moves.delta
         from moves where accounts.id = moves.account_id
         returning accounts.id, accounts.kind, accounts.member_id, accounts.balance, moves.delta
       ),
       written as (
         insert into postings (entry_id, account_id, amount, balance_after)
         select v_entry, changed.id, changed.delta, changed.balance from changed
         returning postings.id
       )
       select v_entry, v_created, changed.id, changed.kind, changed.member_id, changed.balance, changed.delta
       from changed order by changed.id;
   end $$`,
  // Postings come only from ledger_post_entry, which checked them: any other insert is refused.
  `create function postings_writer_check() returns trigger language plpgsql as $$
   begin
     if current_setting('ledger.writer', true) is distinct from 'ledger_post_entry' then
       raise exception 'postings are written only by ledger_post_entry' using errcode = '23514';
     end if;
     return null;
   end $$`,
  `create trigger postings_written_by_ledger before insert on postings
     for each statement execute function postings_writer_check()`,
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
    .raw(
      `alter table sessions drop constraint sessions_site_check, add constraint sessions_site_check check (site in ('member', 'agent'))`,
    )
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
  await sql.raw(`drop function if exists postings_writer_check() cascade`).execute(db);
  await sql
    .raw(
      `drop function if exists ledger_post_entry(text, text, text, bigint, text, jsonb, timestamptz, bigint[], bigint[])`,
    )
    .execute(db);
}
