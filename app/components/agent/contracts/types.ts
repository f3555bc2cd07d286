import type { SubmissionResult } from "@conform-to/react";
import type { DayRange } from "~/platform/calendar/date-range";
import type { ContractKind, ContractPeriod } from "~/platform/db/schema";
import type { TermsView } from "./contract-terms";

/** What a contract page renders (the route passes its loader's data, which TypeScript checks against this). */
export interface Currency {
  symbol: string;
  minorUnits: number;
}

/** A contract as the pages show it: the agent's own, an offer waiting for it, or one it granted. */
export interface ContractViewData {
  id: string;
  kind: ContractKind;
  period: ContractPeriod | null;
  terms: TermsView;
  status: string;
  /** Null for a contract the house granted. */
  uplineAccount: string | null;
  downlineAccount: string;
  offeredAt: string;
  decidedAt: string | null;
}

/** A direct downline agent the agent may offer a contract; its own rate (basis points) caps the offer. */
export interface CandidateData {
  id: string;
  account: string;
  agentRate: number | null;
}

/** One settlement of the kind (money in minor units, decimal strings). */
export interface SettlementRowData {
  id: string;
  account: string;
  windowStart: string;
  windowEnd: string;
  validBet: string;
  profitLoss: string;
  activeMembers: number;
  base: string;
  amount: string;
  entryId: string | null;
}

export interface ContractPageData {
  title: string;
  kind: ContractKind;
  /** The page's own path, for the CSV export. */
  path: string;
  currency: Currency;
  timeZone: string;
  held: ContractViewData | null;
  offer: ContractViewData | null;
  granted: ContractViewData[];
  /** The rates (basis points) the agent may grant; null when it holds no contract of the kind. */
  grantable: number[] | null;
  candidates: CandidateData[];
  confirmTerminate: boolean;
  /** The notice a done decision left (after the redirect). */
  done: string | null;
  filter: { scope: string; account: string };
  range: DayRange & { today: string };
  records: {
    rows: SettlementRowData[];
    totals: { validBet: string; profitLoss: string; base: string; amount: string };
    total: number;
    page: number;
    pageCount: number;
  };
}

/**
 * A form's answer when it did not redirect: which intent, conform's result, and for an
 * offer that lowers a rate the confirmation to show with the fields it posts again.
 */
export interface ContractPageAnswer {
  intent: string;
  result: SubmissionResult<string[]>;
  confirm: { message: string; fields: Record<string, string> } | null;
}
