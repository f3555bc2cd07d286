import { sql, type Kysely } from "kysely";

/** The catalog, content and settings the visitor lobby reads. */
const statements = [
  `create table settings (
     key text primary key,
     value jsonb not null,
     updated_at timestamptz not null default now()
   )`,
  `create table vendors (
     category text not null,
     vassalage text not null,
     display_name text not null,
     lager_icon text not null,
     game_type text not null,
     game_code text,
     is_game text not null default 'GAME',
     sort integer not null default 0,
     enabled boolean not null default true,
     primary key (category, vassalage)
   )`,
  `create table games (
     node_id integer primary key,
     vassalage text not null,
     category text not null,
     game_code text not null,
     game_type text not null,
     classify text,
     name text not null,
     names jsonb not null default '{}'::jsonb,
     icon_url text,
     show_icon boolean not null default true,
     sort integer not null default 0,
     enabled boolean not null default true,
     created_at timestamptz not null default now(),
     unique (category, vassalage, game_code)
   )`,
  `create index games_by_vendor on games (category, vassalage, sort, node_id) where enabled`,
  `create index games_by_classify on games (category, classify, sort, node_id) where enabled`,
  `create index games_by_category on games (category, sort, node_id) where enabled`,
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
  `create table banners (
     id serial primary key,
     group_name text not null check (group_name in ('w_login','w_register','w_forget','w_home','w_leftmenu')),
     title text not null,
     image_url text not null,
     link_url text,
     linkage_type text not null default 'NONE',
     language text,
     sort integer not null default 0,
     enabled boolean not null default true
   )`,
  `create table announcements (
     id serial primary key,
     type text not null check (type in ('B','PL','PU','PR','H')),
     execution text not null check (execution in ('A','B','F')),
     title text not null,
     content_html text not null,
     promotion_type text,
     language text,
     sort integer not null default 0,
     published_at timestamptz not null default now(),
     enabled boolean not null default true
   )`,
  `create index announcements_by_type on announcements (type, execution, sort)`,
  `create table help_articles (
     id serial primary key,
     category text not null,
     anchor text not null,
     title text not null,
     content_html text not null,
     language text not null,
     sort integer not null default 0,
     unique (language, anchor)
   )`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    "help_articles",
    "announcements",
    "banners",
    "winner_board",
    "hot_games",
    "games",
    "vendors",
    "settings",
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
