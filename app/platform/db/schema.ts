import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint columns come back as strings from both drivers; money is parsed at the edge. */
type BigIntColumn = ColumnType<string, string | number | bigint, string | number | bigint>;
type Json<T> = ColumnType<T, string, string>;

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Generated<Timestamp>;
}

export interface VendorsTable {
  category: string;
  vassalage: string;
  display_name: string;
  lager_icon: string;
  game_type: string;
  game_code: string | null;
  is_game: string;
  sort: number;
  enabled: Generated<boolean>;
}

export interface GamesTable {
  node_id: number;
  vassalage: string;
  category: string;
  game_code: string;
  game_type: string;
  classify: string | null;
  name: string;
  names: Json<Record<string, string>>;
  icon_url: string | null;
  show_icon: Generated<boolean>;
  sort: number;
  enabled: Generated<boolean>;
  created_at: Generated<Timestamp>;
}

export interface HotGamesTable {
  language: string;
  node_id: number;
  rank: number;
}

export interface WinnerBoardTable {
  id: Generated<string>;
  customer_name: string;
  win_amount: BigIntColumn;
  node_id: number;
  category: string;
  won_at: Timestamp;
}

export interface BannersTable {
  id: Generated<number>;
  group_name: string;
  title: string;
  image_url: string;
  link_url: string | null;
  linkage_type: string;
  language: string | null;
  sort: number;
  enabled: Generated<boolean>;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  type: string;
  execution: string;
  title: string;
  content_html: string;
  promotion_type: string | null;
  language: string | null;
  sort: number;
  published_at: Timestamp;
  enabled: Generated<boolean>;
}

export interface HelpArticlesTable {
  id: Generated<number>;
  category: string;
  anchor: string;
  title: string;
  content_html: string;
  language: string;
  sort: number;
}

export interface DB {
  settings: SettingsTable;
  vendors: VendorsTable;
  games: GamesTable;
  hot_games: HotGamesTable;
  winner_board: WinnerBoardTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  help_articles: HelpArticlesTable;
}

export type Game = Selectable<GamesTable>;
export type NewGame = Insertable<GamesTable>;
export type Vendor = Selectable<VendorsTable>;
