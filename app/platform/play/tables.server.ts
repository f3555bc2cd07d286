import { sql } from "kysely";
import { listGames, type GameCard, type GamePage } from "../catalog/games.server";
import type { Database } from "../db/open.server";

/**
 * GLS2_roomList (PVP rooms) and CBS_modelList (live tables), answered by
 * the built-in demo provider: every LIVE or PVP game is one table (a room),
 * with its bet limits and what is happening at it, read from the sessions
 * and rounds the demo provider writes.
 */

export const TABLE_CATEGORIES = ["LIVE", "PVP"] as const;
export type TableCategory = (typeof TABLE_CATEGORIES)[number];
export const isTableCategory = (category: string): category is TableCategory =>
  (TABLE_CATEGORIES as readonly string[]).includes(category);

/** Room tiers and their bet limits, in whole units of the brand's currency. */
export const ROOM_TIERS = [
  { tier: "beginner", min: 1n, max: 100n },
  { tier: "standard", min: 10n, max: 1_000n },
  { tier: "high", min: 100n, max: 10_000n },
  { tier: "vip", min: 1_000n, max: 50_000n },
] as const;
export type RoomTier = (typeof ROOM_TIERS)[number]["tier"];

/** A member counts as at a table while a real-money session on it is this recent. */
export const PLAYERS_NOW_WINDOW_MS = 15 * 60_000;
/** How many of a table's latest results its entry shows. */
export const LAST_RESULTS = 5;

export interface TableLimits {
  tier: RoomTier;
  /** Minor units, as decimal strings (money never passes through a float). */
  minBet: string;
  maxBet: string;
}

/**
 * A table's tier is fixed by its game (node id), so a table keeps its limits
 * across restarts and pages. The id is hashed (Fibonacci hashing, top bits),
 * not taken modulo: catalogs number each vendor's games in runs of 8 or 12,
 * so `id % 4` would put every vendor's first table in the same room.
 */
export function roomTierOf(nodeId: number): (typeof ROOM_TIERS)[number] {
  return ROOM_TIERS[Math.imul(nodeId, 0x9e3779b1) >>> 30]!;
}

export function tableLimits(nodeId: number, minorUnits: number): TableLimits {
  const { tier, min, max } = roomTierOf(nodeId);
  const scale = 10n ** BigInt(minorUnits);
  return { tier, minBet: String(min * scale), maxBet: String(max * scale) };
}

export interface TableActivity {
  /** Distinct members with a real-money session on the game in the last 15 minutes. */
  playersNow: number;
  /** Rounds played on the game since the brand's midnight. */
  roundsToday: number;
  /** The latest rounds' outcome summaries, newest first. */
  lastResults: string[];
}

export interface GameTable extends TableLimits, TableActivity {
  nodeId: number;
  gameName: string;
  vassalage: string;
  vendorName: string;
  iconUrl: string | null;
  showIcon: boolean;
}

const idle = (): TableActivity => ({ playersNow: 0, roundsToday: 0, lastResults: [] });

/** What is happening at each of these games' tables (three queries, whatever the page size). */
export async function tableActivity(
  db: Database,
  nodeIds: readonly number[],
  window: { now: Date; dayStart: Date },
): Promise<Map<number, TableActivity>> {
  const activity = new Map<number, TableActivity>(nodeIds.map((id) => [id, idle()]));
  if (nodeIds.length === 0) return activity;
  const ids = [...nodeIds];
  const since = new Date(window.now.getTime() - PLAYERS_NOW_WINDOW_MS);
  const [players, rounds, results] = await Promise.all([
    db
      .selectFrom("game_sessions")
      .select(["node_id", sql<string>`count(distinct member_id)`.as("players")])
      .where("node_id", "in", ids)
      .where("mode", "=", "real")
      .where("created_at", ">=", since)
      .where("created_at", "<=", window.now)
      .groupBy("node_id")
      .execute(),
    db
      .selectFrom("game_rounds")
      .select(["node_id", (eb) => eb.fn.countAll<string>().as("rounds")])
      .where("node_id", "in", ids)
      .where("created_at", ">=", window.dayStart)
      .where("created_at", "<=", window.now)
      .groupBy("node_id")
      .execute(),
    // The newest few rounds per game: one index walk each (game_rounds_game), not a scan of all rounds.
    sql<{ node_id: number; summary: string | null }>`
      select g.node_id, r.summary
      from games g
      cross join lateral (
        select outcome ->> 'summary' as summary, created_at, id
        from game_rounds
        where game_rounds.node_id = g.node_id and game_rounds.created_at <= ${window.now}
        order by created_at desc, id desc
        limit ${LAST_RESULTS}
      ) r
      where g.node_id in (${sql.join(ids)})
      order by g.node_id, r.created_at desc, r.id desc`.execute(db),
  ]);
  for (const row of players) activity.get(row.node_id)!.playersNow = Number(row.players);
  for (const row of rounds) activity.get(row.node_id)!.roundsToday = Number(row.rounds);
  for (const row of results.rows)
    if (row.summary !== null) activity.get(row.node_id)!.lastResults.push(row.summary);
  return activity;
}

export interface TableQuery {
  category: TableCategory;
  language: string;
  vassalage?: string | null;
  page: number;
  pageSize: number;
  /** The brand's currency precision: limits are in its minor units. */
  minorUnits: number;
  now?: Date;
  /** The start of the brand's day (its time zone), for "rounds today". */
  dayStart: Date;
}

export interface TablePage {
  /** The games behind the tables, as the catalog pages them (count, pages). */
  page: GamePage;
  tables: GameTable[];
}

/** One page of a category's tables, filtered by vendor and paged like the game grid. */
export async function listTables(db: Database, query: TableQuery): Promise<TablePage> {
  const page = await listGames(db, {
    category: query.category,
    language: query.language,
    vassalage: query.vassalage ?? null,
    page: query.page,
    pageSize: query.pageSize,
  });
  const now = query.now ?? new Date();
  const activity = await tableActivity(
    db,
    page.games.map((game) => game.nodeId),
    { now, dayStart: query.dayStart },
  );
  return {
    page,
    tables: page.games.map((game) =>
      toTable(game, query.minorUnits, activity.get(game.nodeId) ?? idle()),
    ),
  };
}

function toTable(game: GameCard, minorUnits: number, activity: TableActivity): GameTable {
  return {
    nodeId: game.nodeId,
    gameName: game.gameName,
    vassalage: game.vassalage,
    vendorName: game.nodeName,
    iconUrl: game.iconUrl,
    showIcon: game.showIcon,
    ...tableLimits(game.nodeId, minorUnits),
    ...activity,
  };
}
