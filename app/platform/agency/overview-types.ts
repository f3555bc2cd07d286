/**
 * What the team overview (overview.server.ts, /agentHome) returns: plain data
 * (money in minor units as decimal strings), the same before and after JSON, so the
 * agent centre's components render it without importing the server module.
 */

export interface TeamTotals {
  teamSize: number;
  directDownlines: number;
  newMembers: number;
  activeMembers: number;
  deposits: string;
  depositCount: number;
  withdrawals: string;
  withdrawalCount: number;
  betCount: number;
  stake: string;
  validBet: string;
  profitLoss: string;
}

export interface TeamDay {
  /** The calendar day in the brand's time zone, "YYYY-MM-DD". */
  day: string;
  betCount: number;
  validBet: string;
  profitLoss: string;
}

export interface TeamOverview {
  agent: { balance: string; agentRate: number | null };
  totals: TeamTotals;
  /** Every day of the window, oldest first; days without bets hold zeros. */
  days: TeamDay[];
}
