import { sql } from "kysely";
import { createGameSession } from "./game-sessions.server";
import type { LaunchTarget } from "./launch-routing";
import type { Database } from "../db/open.server";
import type { PlayMode } from "../db/schema";
import type { BrandConfig } from "../system/brand-config.server";
import type { SessionGame } from "./providers/ports";
import { providerFor } from "./providers/registry.server";

/** What a launch link names: a game, or a vendor card (a vendor tile). */
export type LaunchQuery = { nodeId: number } | { category: string; vassalage: string };

export interface ResolvedLaunch {
  target: LaunchTarget;
  category: string;
  /** The game to start; null for a vendor that opens its game list or a lottery page. */
  game: SessionGame | null;
}

function gameQuery(db: Database, language: string) {
  return db
    .selectFrom("games")
    .select([
      "games.node_id",
      "games.vassalage",
      "games.category",
      "games.game_code",
      sql<string>`coalesce(games.names ->> ${language}, games.name)`.as("game_name"),
    ])
    .where("games.enabled", "=", true);
}

type GameRow = {
  node_id: number;
  vassalage: string;
  category: string;
  game_code: string;
  game_name: string;
};

const toSessionGame = (row: GameRow): SessionGame => ({
  nodeId: row.node_id,
  vassalage: row.vassalage,
  category: row.category,
  gameCode: row.game_code,
  gameName: row.game_name,
});

/** Derived lanes (ESPORTS, COCKFIGHT) keep their vendors under SPORTS. */
const storedCategories = (category: string) =>
  category === "ESPORTS" || category === "COCKFIGHT" ? [category, "SPORTS"] : [category];

/** The launch target behind a link, or null when no enabled game or vendor answers to it. */
export async function resolveLaunch(
  db: Database,
  query: LaunchQuery,
  language: string,
): Promise<ResolvedLaunch | null> {
  if ("nodeId" in query) {
    const row = await gameQuery(db, language)
      .where("games.node_id", "=", query.nodeId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      target: { vassalage: row.vassalage, gameCode: row.game_code, isGame: "GAME" },
      category: row.category,
      game: toSessionGame(row),
    };
  }
  const vendor = await db
    .selectFrom("vendors")
    .select(["category", "vassalage", "game_code", "is_game"])
    .where("enabled", "=", true)
    .where("vassalage", "=", query.vassalage)
    .where("category", "in", storedCategories(query.category))
    .executeTakeFirst();
  if (!vendor) return null;
  const target: LaunchTarget = {
    vassalage: vendor.vassalage,
    gameCode: vendor.game_code,
    isGame: vendor.is_game,
  };
  // A vendor that launches directly starts the game it names, else its first game (like the sports entrance).
  const row = await gameQuery(db, language)
    .where("games.vassalage", "=", vendor.vassalage)
    .where("games.category", "=", vendor.category)
    .$if(Boolean(vendor.game_code), (qb) => qb.where("games.game_code", "=", vendor.game_code!))
    .orderBy("games.sort")
    .orderBy("games.node_id")
    .limit(1)
    .executeTakeFirst();
  return { target, category: vendor.category, game: row ? toSessionGame(row) : null };
}

/**
 * The game-launch CDN is chosen at random from the brand's list. A
 * provider's relative URL is served through it ("/" is the portal itself);
 * an absolute URL is the provider's own and stays as it is.
 */
export function throughLaunchCdn(
  url: string,
  cdns: readonly string[],
  random: () => number = Math.random,
): string {
  if (/^https?:\/\//.test(url) || cdns.length === 0) return url;
  const cdn = cdns[Math.min(cdns.length - 1, Math.floor(random() * cdns.length))]!;
  return cdn === "/" ? url : `${cdn.replace(/\/+$/, "")}${url}`;
}

export interface StartedGame {
  sessionId: string;
  /** What the game popup frames. */
  url: string;
  game: SessionGame;
  mode: PlayMode;
}

/** Opens a game session for the member and asks the vendor's provider for the game's URL. */
export async function startGame(
  db: Database,
  input: {
    member: { id: string; account: string };
    /** The sign-in launching it: the game ends with it. */
    portalSessionId?: string;
    game: SessionGame;
    mode: PlayMode;
    language: string;
    brand: Pick<BrandConfig, "play" | "launchGameCdns" | "currency">;
    random?: () => number;
    now?: Date;
  },
): Promise<StartedGame> {
  const provider = providerFor(input.brand, input.game.vassalage);
  const session = await createGameSession(db, {
    memberId: input.member.id,
    portalSessionId: input.portalSessionId,
    game: input.game,
    provider: provider.code,
    mode: input.mode,
    language: input.language,
    now: input.now,
  });
  const { url } = await provider.launch({
    session: { id: session.id, token: session.token, mode: input.mode },
    member: input.member,
    game: input.game,
    language: input.language,
    currency: input.brand.currency.code,
  });
  return {
    sessionId: session.id,
    url: throughLaunchCdn(url, input.brand.launchGameCdns, input.random),
    game: input.game,
    mode: input.mode,
  };
}
