import { sql, type Kysely } from "kysely";

/**
 * Missions (issue 15): operator-made tasks over real records, a claim per
 * member, mission and period, and each member's mission points per week for
 * the leaderboard. Progress is never stored: it is read from bets, deposits,
 * sessions and referrals when asked, so nothing is added to the bet path.
 */
const CATEGORIES = `'SPORTS', 'ESPORTS', 'LIVE', 'LOTT', 'ELOTT', 'FISH', 'PVP', 'RNG', 'COCKFIGHT', 'MXWIN'`;

const statements = [
  `create table missions (
     id bigint generated always as identity primary key,
     code text not null unique check (code ~ '^[a-z0-9][a-z0-9-]{1,47}$'),
     names jsonb not null check (jsonb_typeof(names) = 'object' and names ? 'en'),
     descriptions jsonb not null default '{}'::jsonb check (jsonb_typeof(descriptions) = 'object'),
     period text not null check (period in ('D', 'W', 'once')),
     condition text not null check (condition in ('deposit', 'valid_bet', 'distinct_games', 'login_days', 'referred_depositors')),
     -- Only a valid-bet mission may name a game category; none counts every category.
     category text check (category in (${CATEGORIES})),
     -- Minor units for deposit and valid bet, a count for the others.
     target bigint not null check (target > 0),
     reward_kind text not null check (reward_kind in ('cash', 'points')),
     reward_amount bigint not null check (reward_amount > 0),
     -- ×100 of the cash reward (1000 is 10×): > 0 locks it on BONUS as a wagering grant (ADR 15).
     turnover_multiple integer not null default 0 check (turnover_multiple between 0 and 100000),
     mission_points integer not null default 0 check (mission_points between 0 and 1000000),
     enabled boolean not null default true,
     sort integer not null default 0,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     constraint missions_category_for_bets check (category is null or condition = 'valid_bet'),
     constraint missions_points_untied check (reward_kind = 'cash' or turnover_multiple = 0)
   )`,
  `create table mission_claims (
     id bigint generated always as identity primary key,
     mission_id bigint not null references missions (id),
     member_id bigint not null references members (id),
     -- 'once', 'D:<day>' or 'W:<its Monday>' in the brand's time zone: one claim per period.
     period_key text not null,
     form_key text not null,
     progress bigint not null,
     target bigint not null,
     reward_kind text not null check (reward_kind in ('cash', 'points')),
     reward_amount bigint not null check (reward_amount > 0),
     turnover_multiple integer not null check (turnover_multiple >= 0),
     mission_points integer not null check (mission_points >= 0),
     ledger_entry_id bigint not null references entries (id),
     claimed_at timestamptz not null,
     unique (mission_id, member_id, period_key),
     constraint mission_claims_complete check (progress >= target)
   )`,
  `create index mission_claims_member on mission_claims (member_id, id desc)`,
  // The leaderboard's week, kept by the claim's own transaction: the board and a member's rank
  // read a few index entries instead of summing every claim of the week.
  `create table mission_scores (
     week_key text not null,
     member_id bigint not null references members (id),
     points bigint not null check (points >= 0),
     reached_at timestamptz not null,
     primary key (week_key, member_id)
   )`,
  `create index mission_scores_rank on mission_scores (week_key, points desc, reached_at, member_id)`,
  // Cash rewards are bonuses of the rewards engine (ADR 15): their entries and grants hang on
  // this one promotion, a draft members never see, so release, forfeit and expiry work as for
  // any promotion.
  `insert into promotions (code, category, kind, claim_mode, titles, starts_at, time_zone, reward_fixed, status, contribution_default)
   values ('mission-rewards', 'other', 'reload', 'join_claim', '{"en": "Missions", "ur": "مشن"}'::jsonb,
           '2000-01-01T00:00:00Z', 'UTC', 1, 'draft', 100)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["mission_scores", "mission_claims", "missions"])
    await sql.raw(`drop table ${table}`).execute(db);
  await sql.raw(`delete from promotions where code = 'mission-rewards'`).execute(db);
}
