import type { PlayMode } from "../../db/schema";

/** The game a session was launched for. */
export interface SessionGame {
  nodeId: number;
  vassalage: string;
  category: string;
  gameCode: string;
  gameName: string;
}

export interface LaunchRequest {
  /** The game session: the provider knows the player only by its token. */
  session: { id: string; token: string; mode: PlayMode };
  member: { id: string; account: string };
  game: SessionGame;
  language: string;
  currency: string;
}

/**
 * A game provider port (ADR 11): it turns a launch into the URL the game
 * popup frames. A relative URL is served by the portal and reached through one
 * of the brand's launch CDNs; an absolute one is the provider's own.
 *
 * Money moves the other way: the provider calls the seamless wallet
 * (`seamless-wallet.server.ts`) to debit bets, credit wins and roll back,
 * each call keyed by its own transaction id.
 */
export interface GameProvider {
  readonly code: string;
  launch(request: LaunchRequest): Promise<{ url: string }>;
}
