import type { PlayMode } from "../db/schema";

/**
 * Game launch, as a decision the portal renders: who may launch (login,
 * then a real account unless it is a free trial), then where the vassalage
 * leads. Pure, so the whole table is testable without a database.
 */

export interface LaunchTarget {
  vassalage: string;
  /** A game card, or a vendor card that names its game. */
  gameCode: string | null;
  /** isGame: VASSALAGE opens the vendor's game list instead of a game. */
  isGame: string;
}

export type Launcher = "visitor" | "trial" | "member";

export type LaunchDecision =
  | { kind: "login" }
  | { kind: "real-account" }
  | { kind: "lottery"; path: string }
  | { kind: "vendor-games" }
  | { kind: "game"; mode: PlayMode };

/** Lottery vendors have pages of their own (/lottery, /seaLottery, /vnLottery). */
const LOTTERY_PAGES: Record<string, string> = {
  TCG_LOTTO_VN: "/vnLottery",
  TCG_SEA: "/seaLottery",
  LOTT: "/lottery",
  ELOTT: "/lottery",
};

export const isLotteryVendor = (vassalage: string) => vassalage in LOTTERY_PAGES;

export function lotteryPath(vassalage: string, gameCode: string | null): string | null {
  const page = LOTTERY_PAGES[vassalage];
  if (!page) return null;
  return gameCode ? `${page}?gameCode=${encodeURIComponent(gameCode)}` : page;
}

export function launchDecision(
  target: LaunchTarget,
  launcher: Launcher,
  mode: PlayMode,
): LaunchDecision {
  if (launcher === "visitor") return { kind: "login" };
  // A free trial opens the game's demo mode, which a trial account may play.
  const lottery = lotteryPath(target.vassalage, target.gameCode);
  if (launcher === "trial" && (mode === "real" || lottery)) return { kind: "real-account" };
  if (lottery) return { kind: "lottery", path: lottery };
  if (target.isGame === "VASSALAGE") return { kind: "vendor-games" };
  return { kind: "game", mode };
}
