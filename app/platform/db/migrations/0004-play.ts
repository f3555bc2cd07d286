import { sql, type Kysely } from "kysely";

/**
 * Play: launched game sessions, favourites, the seamless-wallet
 * transactions of game providers, the demo provider's provably fair seeds and
 * rounds, and the demo lottery's draws. Bets gain the game they were placed
 * on and the provider's detail of the round.
 */
const statements = [
  // One row per launch: the provider knows the member only by this session's token
  // (stored hashed). Plays of real money rank the hot games and list /recent.
  `create table game_sessions (
     id bigint generated always as identity primary key,
     token_hash text not null unique,
     member_id bigint not null references members (id),
     node_id integer not null references games (node_id),
     vassalage text not null,
     category text not null,
     provider text not null,
     mode text not null check (mode in ('real', 'demo')),
     language text not null,
     -- Play money of a free-trial (demo) session; null for real money.
     demo_balance bigint check (demo_balance >= 0),
     created_at timestamptz not null default now(),
     expires_at timestamptz not null,
     constraint game_sessions_demo_money check ((mode = 'demo') = (demo_balance is not null))
   )`,
  `create index game_sessions_member on game_sessions (member_id, created_at desc)`,
  `create index game_sessions_plays on game_sessions (created_at, language) where mode = 'real'`,
  `create table favourites (
     member_id bigint not null references members (id),
     node_id integer not null references games (node_id) on delete cascade,
     created_at timestamptz not null default now(),
     primary key (member_id, node_id)
   )`,
  // The seamless-wallet calls of a provider, keyed by the provider's own transaction id:
  // a replay finds its row; a rollback that arrives before its bet leaves a tombstone so
  // the late bet is refused.
  `create table provider_transactions (
     provider text not null,
     tx_id text not null,
     kind text not null check (kind in ('debit', 'credit', 'rollback')),
     member_id bigint not null references members (id),
     vassalage text not null,
     round_id text not null,
     amount bigint not null check (amount >= 0),
     -- A rollback names the debit it undoes.
     ref_tx_id text,
     request_hash text not null,
     -- Its ledger entry, if it moved money, is the one keyed bet:/win:/bet_refund:<vassalage>:<tx_id>.
     state text not null default 'applied' check (state in ('applied', 'tombstone', 'rolled_back')),
     created_at timestamptz not null default now(),
     primary key (provider, tx_id)
   )`,
  `create index provider_transactions_round on provider_transactions (provider, vassalage, round_id)`,
  `create index provider_transactions_undone on provider_transactions (provider, ref_tx_id) where ref_tx_id is not null`,
  // Provably fair seed pairs of the demo provider, one active pair per member: the hash of
  // the server seed is shown before play, the seed itself once the pair is rotated.
  `create table fair_seeds (
     id bigint generated always as identity primary key,
     member_id bigint not null references members (id),
     server_seed text not null,
     server_seed_hash text not null,
     client_seed text not null,
     next_nonce integer not null default 0,
     created_at timestamptz not null default now(),
     revealed_at timestamptz
   )`,
  `create unique index fair_seeds_active on fair_seeds (member_id) where revealed_at is null`,
  `create index fair_seeds_member on fair_seeds (member_id, id desc)`,
  // Rounds of the demo provider (both modes), for the game recall and verification.
  `create table game_rounds (
     id bigint generated always as identity primary key,
     session_id bigint not null references game_sessions (id),
     member_id bigint not null references members (id),
     node_id integer not null references games (node_id),
     engine text not null,
     mode text not null check (mode in ('real', 'demo')),
     seed_id bigint not null references fair_seeds (id),
     nonce integer not null,
     stake bigint not null check (stake >= 0),
     payout bigint not null check (payout >= 0),
     outcome jsonb not null,
     created_at timestamptz not null default now(),
     unique (seed_id, nonce)
   )`,
  `create index game_rounds_member_game on game_rounds (member_id, node_id, id desc)`,
  // The demo lottery: one row per game and draw number, its seed derived and committed
  // (hash) before the draw closes, revealed with the numbers afterwards.
  `create table lottery_draws (
     game_code text not null,
     draw_no bigint not null,
     opens_at timestamptz not null,
     closes_at timestamptz not null,
     server_seed_hash text not null,
     numbers jsonb,
     drawn_at timestamptz,
     settled_at timestamptz,
     primary key (game_code, draw_no)
   )`,
  `create index lottery_draws_due on lottery_draws (closes_at) where settled_at is null`,
  `alter table bets add column node_id integer references games (node_id), add column detail jsonb`,
  `create index bets_open on bets (vassalage, category) where status = 'open'`,
  `create index bets_biggest_wins on bets (settled_at desc) where status = 'settled' and payout > 0`,
  // A game's latest rounds and today's count: the PVP room list and live tables.
  `create index game_rounds_game on game_rounds (node_id, created_at desc)`,
  // The winner board and hot games now come from real bets and plays (bets, game_sessions).
  `drop table winner_board`,
  `drop table hot_games`,
  // The demo provider's round key (a hidden input of the spin form): a replayed spin POST finds its round.
  `alter table game_rounds add column round_key text`,
  `create unique index game_rounds_key on game_rounds (member_id, round_key)`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** The seeded tables of 0001-foundation, as they were before this migration dropped them. */
const seededTables = [
  `create table hot_games (
     language text not null,
     node_id integer not null references games (node_id) on delete cascade,
     rank integer not null,
     primary key (language, node_id)
   )`,
  `create index hot_games_by_rank on hot_games (language, rank)`,
  `create table winner_board (
     id bigserial primary key,
     customer_name text not null,
     win_amount bigint not null check (win_amount > 0),
     node_id integer not null references games (node_id) on delete cascade,
     category text not null,
     won_at timestamptz not null
   )`,
  `create index winner_board_by_amount on winner_board (win_amount desc, won_at desc)`,
];

export async function down(db: Kysely<unknown>) {
  for (const statement of seededTables) await sql.raw(statement).execute(db);
  await sql.raw(`drop index if exists game_rounds_key`).execute(db);
  await sql.raw(`drop index if exists game_rounds_game`).execute(db);
  await sql.raw(`drop index if exists bets_biggest_wins`).execute(db);
  await sql.raw(`drop index if exists bets_open`).execute(db);
  await sql
    .raw(`alter table bets drop column if exists node_id, drop column if exists detail`)
    .execute(db);
  for (const table of [
    "lottery_draws",
    "game_rounds",
    "fair_seeds",
    "provider_transactions",
    "favourites",
    "game_sessions",
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
