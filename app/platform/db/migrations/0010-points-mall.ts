import { sql, type Kysely } from "kysely";

/**
 * The points mall (issue 15, ADR 17): the brand's earning ratios per product
 * and its points→cash rate, the goods with their stock, the members'
 * redemptions, and which settled bets have earned their points. Points
 * themselves live on the ledger; these tables only say what to post.
 */
const statements = [
  // "points" points per "per_minor" minor units of deposit or valid bet, rounded down (the points
  // types). The amount is in minor units so the database needs no currency to count.
  `create table points_ratios (
     product text primary key check (product in ('live', 'lottery', 'pvp', 'slots', 'sports', 'deposit')),
     points integer not null check (points between 0 and 1000000),
     per_minor bigint not null check (per_minor > 0),
     updated_at timestamptz not null default now()
   )`,
  // "points" points convert to "cash" minor units; a step that is a whole number of rates makes every
  // allowed conversion exact, so no fraction of a point is ever kept or lost.
  `create table points_conversion (
     singleton boolean primary key default true check (singleton),
     points integer not null check (points > 0),
     cash bigint not null check (cash > 0),
     min_points bigint not null check (min_points > 0),
     step_points bigint not null check (step_points > 0 and step_points % points = 0),
     updated_at timestamptz not null default now()
   )`,
  `create table mall_items (
     id bigint generated always as identity primary key,
     name text not null check (length(name) between 1 and 80),
     icon text not null default 'gift',
     kind text not null check (kind in ('physical', 'virtual')),
     points_price bigint not null check (points_price > 0),
     amount_requirement bigint not null default 0 check (amount_requirement >= 0),
     cash_value bigint not null default 0 check (cash_value >= 0),
     stock integer not null check (stock >= 0),
     enabled boolean not null default true,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     constraint mall_items_virtual_pays check (kind = 'physical' or cash_value > 0)
   )`,
  // Statuses: process → approved → complete, or process → rejected (points returned).
  `create table redemptions (
     id bigint generated always as identity primary key,
     member_id bigint not null references members (id),
     item_id bigint not null references mall_items (id),
     quantity integer not null check (quantity > 0),
     points bigint not null check (points > 0),
     status text not null check (status in ('process', 'rejected', 'approved', 'complete')),
     form_key text not null,
     spend_entry_id bigint not null references entries (id),
     settle_entry_id bigint references entries (id),
     reject_reason text,
     decided_by bigint references members (id),
     created_at timestamptz not null,
     decided_at timestamptz,
     unique (member_id, form_key)
   )`,
  `create index redemptions_member on redemptions (member_id, created_at desc)`,
  `create index redemptions_queue on redemptions (created_at) where status in ('process', 'approved')`,
  // A settled bet earns once: the sweep claims its row here in the transaction that posts the points.
  `create table bet_points (
     bet_id bigint primary key references bets (id),
     member_id bigint not null,
     product text not null,
     valid_bet bigint not null,
     counted_at timestamptz not null
   )`,
  // Where the next sweep starts looking (bets settled after it, less a margin for late commits).
  `create table points_sweep (
     singleton boolean primary key default true check (singleton),
     swept_until timestamptz not null
   )`,
  `insert into points_sweep (swept_until) values (now())`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    "points_sweep",
    "bet_points",
    "redemptions",
    "mall_items",
    "points_conversion",
    "points_ratios",
  ])
    await sql.raw(`drop table ${table}`).execute(db);
}
