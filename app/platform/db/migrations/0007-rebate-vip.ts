import { sql, type Kysely } from "kysely";

/**
 * VIP levels and the manual rebate (ADR 16): the levels an operator edits
 * with their rebate rates, the upgrades each member has had (one row per
 * level, so an upgrade bonus is paid once), the rebate claims and each
 * member's rebate watermark.
 */
// The game categories as they were when this migration was written: a migration never changes, so it
// does not import the catalog's list.
const CATEGORIES = [
  "SPORTS",
  "ESPORTS",
  "LIVE",
  "LOTT",
  "ELOTT",
  "FISH",
  "PVP",
  "RNG",
  "COCKFIGHT",
  "MXWIN",
];

const statements = [
  // Level 0 is "no VIP" (members.vip_level 0): it may carry base rebate rates and withdraw limits,
  // but nobody is upgraded to it, so it has no thresholds and no bonus.
  `create table vip_levels (
     level integer primary key check (level between 0 and 99),
     names jsonb not null check (jsonb_typeof(names) = 'object'),
     min_deposits bigint not null default 0 check (min_deposits >= 0),
     min_valid_bets bigint not null default 0 check (min_valid_bets >= 0),
     upgrade_bonus bigint not null default 0 check (upgrade_bonus >= 0),
     -- Null: the brand's withdraw policy applies.
     withdraw_daily_count integer check (withdraw_daily_count > 0),
     withdraw_max bigint check (withdraw_max > 0),
     updated_at timestamptz not null default now(),
     constraint vip_levels_base check (level > 0 or (min_deposits = 0 and min_valid_bets = 0 and upgrade_bonus = 0))
   )`,
  // A higher level never asks for less than a lower one, whichever code writes the rows: a
  // statement trigger looks at the whole table after every change (it has a handful of rows).
  `create function vip_levels_ordered() returns trigger language plpgsql as $$
   begin
     if exists (
       select 1 from vip_levels lower_level join vip_levels higher_level on lower_level.level < higher_level.level
        where lower_level.min_deposits > higher_level.min_deposits
           or lower_level.min_valid_bets > higher_level.min_valid_bets
     ) then
       raise exception 'vip_levels_ordered' using errcode = 'check_violation';
     end if;
     return null;
   end $$`,
  `create trigger vip_levels_ordered after insert or update on vip_levels
     for each statement execute function vip_levels_ordered()`,
  `create table vip_rebate_rates (
     level integer not null references vip_levels (level) on delete cascade,
     category text not null check (category in (${CATEGORIES.map((c) => `'${c}'`).join(", ")})),
     rate_bps integer not null check (rate_bps between 0 and 10000),
     primary key (level, category)
   )`,
  // One row per member and level ever reached: the upgrade bonus of a level is paid at most once
  // (with the ledger key vip:m<member>:<level> behind it).
  `create table vip_upgrades (
     member_id bigint not null references members (id),
     level integer not null check (level > 0),
     bonus bigint not null default 0 check (bonus >= 0),
     entry_id bigint references entries (id),
     upgraded_at timestamptz not null,
     primary key (member_id, level)
   )`,
  // Where each member's next rebate starts (bets settled after cut_off) and when they last
  // claimed: a claim locks this row, so claims of one member queue and the once-a-minute rule
  // holds across processes.
  `create table rebate_watermarks (
     member_id bigint primary key references members (id),
     cut_off timestamptz not null,
     last_claim_at timestamptz not null
   )`,
  `create table rebate_claims (
     id bigint generated always as identity primary key,
     member_id bigint not null references members (id),
     form_key text not null,
     vip_level integer not null,
     window_start timestamptz not null,
     cut_off timestamptz not null,
     valid_bet bigint not null check (valid_bet >= 0),
     amount bigint not null check (amount > 0),
     -- [{category, validBet, rateBps, amount}], as the member saw it.
     detail jsonb not null,
     entry_id bigint not null references entries (id),
     claimed_at timestamptz not null,
     constraint rebate_claims_window check (cut_off > window_start),
     -- A double submit finds its first claim; a window is paid once.
     unique (member_id, form_key),
     unique (member_id, window_start)
   )`,
  `create index rebate_claims_member on rebate_claims (member_id, claimed_at desc)`,
  // The rebate's and the rolling VIP figures' read: one member's settled bets by settle time.
  `create index bets_rebate_window on bets (member_id, settled_at) where status = 'settled'`,
  `create index deposits_confirmed on deposits (settled_at) where status = 'confirmed'`,
  // Up to when the scheduler has looked for members whose figures grew (null: look at everyone).
  `create table vip_scan (
     singleton boolean primary key default true check (singleton),
     scanned_until timestamptz
   )`,
  `insert into vip_scan (singleton, scanned_until) values (true, null)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const index of ["deposits_confirmed", "bets_rebate_window"])
    await sql.raw(`drop index if exists ${index}`).execute(db);
  for (const table of [
    "vip_scan",
    "rebate_claims",
    "rebate_watermarks",
    "vip_upgrades",
    "vip_rebate_rates",
    "vip_levels",
  ])
    await sql.raw(`drop table if exists ${table}`).execute(db);
  await sql.raw(`drop function if exists vip_levels_ordered()`).execute(db);
}
