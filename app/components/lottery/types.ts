import type { SubmissionResult } from "@conform-to/react";
import type { Pick as PickRule } from "~/platform/play/lottery/rules";
import type { RealityView } from "../reality-check/types";

/**
 * What a lottery page renders (/lottery, /seaLottery, /vnLottery): the route passes its
 * loader's data, which TypeScript checks against this.
 */
export interface Currency {
  symbol: string;
  minorUnits: number;
}

/** The game menu (game_menus): the page's games by lottery type. */
export interface MenuGroupData {
  accountTypeName: string;
  games: { gameCode: string; gameName: string; href: string; current: boolean }[];
}

/** A bet kind as its form needs it: what to pick, odds and RTP as text, the round key and a valid default pick. */
export interface BetKindData {
  code: string;
  pick: PickRule;
  odds: string;
  rtp: string;
  roundKey: string;
  defaults: string[];
}

/** A closed draw: its numbers and seed once drawn, and the seed's hash shown before. */
export interface DrawData {
  drawNo: number;
  closedAt: string;
  numbers: number[] | null;
  seed: string | null;
  seedHash: string;
}

/** One of the member's bets (money in minor units, decimal strings). */
export interface BetData {
  roundId: string;
  drawNo: number;
  betKind: string;
  selection: string;
  odds: string;
  stake: string;
  payout: string;
  status: string;
  placedAt: string;
}

interface LotteryPageBase {
  title: string;
  prizeMode: string;
  currency: Currency;
  menu: MenuGroupData[];
  /** Trial accounts see the real-account notice instead. */
  canBet: boolean;
  /** The session clock and a due reality check (issue 17); null for a trial. */
  reality: RealityView | null;
  /** Where the reminder's Continue comes back to. */
  path: string;
}

/** A page showing a game: its open draw, bet forms, recent draws and the member's bets. */
export interface LotteryGameData extends LotteryPageBase {
  game: { gameCode: string; gameName: string; type: string; href: string; special: boolean };
  draw: { drawNo: number; closesAt: string; secondsLeft: number; seedHash: string };
  kinds: BetKindData[];
  balance: string;
  recent: DrawData[];
  bets: BetData[];
  /** The draw a bet was just placed on (after the redirect). */
  placed: number | null;
}

/** A page without a game (none on the page's vendors) shows the menu and an empty state. */
export type LotteryPageData = (LotteryPageBase & { game: null }) | LotteryGameData;

/** A refused bet's answer: which bet kind's form, and conform's result. */
export interface LotteryAnswer {
  betKind: string;
  result: SubmissionResult<string[]>;
}
