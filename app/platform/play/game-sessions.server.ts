import type { Database } from "../db/open.server";
import type { PlayMode } from "../db/schema";
import { hashToken, randomToken } from "../identity/secrets.server";
import { MAIN, vendorWallet, type MemberAccountKind } from "../wallet/ledger.server";
import { transferWallets, type WalletPolicy } from "../wallet/policy";
import type { SessionGame } from "./providers/ports";

/** A launched game stays playable this long (the provider refreshes nothing). */
export const GAME_SESSION_HOURS = 12;
/** Play money of a free-trial (demo) session, in minor units. */
export const DEMO_PLAY_MONEY = 200_000n;

export interface GameSession {
  id: string;
  memberId: string;
  provider: string;
  mode: PlayMode;
  language: string;
  game: SessionGame;
  demoBalance: bigint | null;
  createdAt: Date;
  expiresAt: Date;
}

export async function createGameSession(
  db: Database,
  input: {
    memberId: string;
    game: SessionGame;
    provider: string;
    mode: PlayMode;
    language: string;
    /** The member's sign-in: the game's token dies with it (migration 0031's trigger). */
    portalSessionId?: string;
    now?: Date;
  },
): Promise<{ id: string; token: string }> {
  const now = input.now ?? new Date();
  const token = randomToken();
  const row = await db
    .insertInto("game_sessions")
    .values({
      token_hash: hashToken(token),
      member_id: input.memberId,
      node_id: input.game.nodeId,
      vassalage: input.game.vassalage,
      category: input.game.category,
      provider: input.provider,
      mode: input.mode,
      language: input.language,
      demo_balance: input.mode === "demo" ? DEMO_PLAY_MONEY.toString() : null,
      created_at: now,
      expires_at: new Date(now.getTime() + GAME_SESSION_HOURS * 3_600_000),
      portal_session_id: input.portalSessionId ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/**
 * The live session behind a token (null when unknown or expired). A provider
 * may still settle a round after the session ended: `evenExpired` finds it.
 */
export async function findGameSession(
  db: Database,
  token: string,
  now = new Date(),
  options: { evenExpired?: boolean } = {},
): Promise<GameSession | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom("game_sessions")
    .innerJoin("games", "games.node_id", "game_sessions.node_id")
    .select([
      "game_sessions.id",
      "game_sessions.member_id",
      "game_sessions.provider",
      "game_sessions.mode",
      "game_sessions.language",
      "game_sessions.demo_balance",
      "game_sessions.created_at",
      "game_sessions.expires_at",
      "games.node_id",
      "games.vassalage",
      "games.category",
      "games.game_code",
      "games.name",
    ])
    .where("game_sessions.token_hash", "=", hashToken(token))
    .$if(!options.evenExpired, (qb) => qb.where("game_sessions.expires_at", ">", now))
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    memberId: row.member_id,
    provider: row.provider,
    mode: row.mode,
    language: row.language,
    game: {
      nodeId: row.node_id,
      vassalage: row.vassalage,
      category: row.category,
      gameCode: row.game_code,
      gameName: row.name,
    },
    demoBalance: row.demo_balance === null ? null : BigInt(row.demo_balance),
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

/**
 * The member account a vendor's bets are paid from: its own vendor wallet for
 * a transfer-wallet vendor (wallet issue), MAIN for every seamless vendor.
 */
export function playAccount(policy: WalletPolicy, vassalage: string): MemberAccountKind {
  return transferWallets(policy).includes(vassalage) ? vendorWallet(vassalage) : MAIN;
}
