import type { SubmissionResult } from "@conform-to/react";
import type { TermsView } from "~/components/agent/contracts/contract-terms";
import type { ContractKind, ContractPeriod } from "~/platform/db/schema";

/** What /ops/agents renders (the route passes its loader's data, which TypeScript checks against this). */
export interface Currency {
  symbol: string;
  minorUnits: number;
}

/** A contract the house granted a top agent. */
export interface HouseContractData {
  id: string;
  kind: ContractKind;
  period: ContractPeriod | null;
  terms: TermsView;
}

/** A top agent of the list: its own rate (basis points) and its house contracts. */
export interface TopAgentRow {
  id: string;
  account: string;
  agentRate: number | null;
  contracts: HouseContractData[];
}

/** One top agent's forms: the list row, and the floor its rate may not go below (its downline's highest). */
export interface TopAgentData extends TopAgentRow {
  downlineRate: number;
}

/** The search and the page of top agents. */
export interface OpsAgentsData {
  agents: TopAgentRow[];
  q: string;
  page: number;
  totalPages: number;
  total: number;
  currency: Currency;
}

/** A refused form's answer: which form (`rate`, `grant` or `end`) and conform's result. */
export interface OpsAgentsAnswer {
  intent: string;
  result: SubmissionResult<string[]>;
}
