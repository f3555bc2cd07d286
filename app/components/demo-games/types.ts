/** What the demo game pages send to the browser (money as minor-unit strings, times as ISO). */

export type RouletteBetView = { kind: string; number?: number; dozen?: number };

export type OutcomeView =
  | {
      engine: "slot";
      rows: string[][];
      wins: { line: number; symbol: string; count: number; pay: string }[];
      payout: string;
      summary: string;
    }
  | {
      engine: "roulette";
      pocket: number;
      colour: "green" | "red" | "black";
      bet: RouletteBetView;
      won: boolean;
      payout: string;
      summary: string;
    };

export interface RoundView {
  id: string;
  mode: "real" | "demo";
  stake: string;
  payout: string;
  summary: string;
  createdAt: string;
  nonce: number;
  /** Its seed pair is revealed, so the verify view can recompute it. */
  verifiable: boolean;
}

export interface MoneyFormat {
  currency: { symbol: string; minorUnits: number };
  locale: string;
}
