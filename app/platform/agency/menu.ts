import type { ConsolidatedContractInfo } from "./contracts.server";
import type { ContractKind } from "../db/schema";
import { isWhitelabelEnabled, type BrandConfig } from "../system/brand-config.server";

/**
 * Agent centre menu: which items an agent sees. Most items are always
 * there; the contract pages follow the brand's features and the
 * consolidated contract info: bonus/dividend needs the DIVIDEND3 feature,
 * the three salary pages the SALARY3 feature, and each needs the agent to
 * hold a contract of its kind or to have an offer of that kind waiting (the
 * page is where the offer is answered). Pure: the layout renders from it and
 * the contract pages refuse with it, so the two never disagree.
 */

export const AGENT_MENU_KEYS = [
  "deposit",
  "withdraw",
  "announcements",
  "overview",
  "register",
  "team",
  "teamBetting",
  "lossStatements",
  "income",
  "transactions",
  "dividends",
  "dailyWages",
  "hourlySalary",
  "realtimeSalary",
  "messages",
  "security",
  "customerService",
] as const;

export type AgentMenuKey = (typeof AGENT_MENU_KEYS)[number];

const HREFS: Record<Exclude<AgentMenuKey, "customerService">, string> = {
  deposit: "/member/deposit",
  withdraw: "/member/withdraw",
  announcements: "/agentHome/announcements",
  overview: "/agentHome",
  register: "/agentHome/register",
  team: "/agentHome/team",
  teamBetting: "/agentHome/team-betting",
  lossStatements: "/agentHome/loss-statements",
  income: "/agentHome/income",
  transactions: "/agentHome/transactions",
  dividends: "/agentHome/dividends",
  dailyWages: "/agentHome/daily-wages",
  hourlySalary: "/agentHome/hourly-salary",
  realtimeSalary: "/agentHome/realtime-salary",
  messages: "/agentHome/messages",
  // The security centre is the members' own page: an agent's password, authenticator and
  // sessions are managed exactly as a member's.
  security: "/member/security",
};

/** The menu item of each contract kind, and the consolidated-info flags that say "holds one" and "one is offered". */
const CONTRACT_ITEMS: Record<
  ContractKind,
  { key: AgentMenuKey; info: keyof ConsolidatedContractInfo; req: keyof ConsolidatedContractInfo }
> = {
  DIVIDEND: { key: "dividends", info: "divtypeinfo", req: "divtypereq" },
  DAILY: { key: "dailyWages", info: "dailysalinfotype", req: "dailysalreqtype" },
  HOURLY: { key: "hourlySalary", info: "contracthoursalinfo", req: "contracthoursalreq" },
  REALTIME: {
    key: "realtimeSalary",
    info: "contractmrdailysalinfotype",
    req: "realtimesalreqtype",
  },
};

/** The brand's features the menu depends on (whitelabel DIVIDEND3 and SALARY3). */
export interface AgentMenuFeatures {
  dividend: boolean;
  salary: boolean;
}

export function agentMenuFeatures(brand: Pick<BrandConfig, "whitelabel">): AgentMenuFeatures {
  return {
    dividend: isWhitelabelEnabled(brand, "DIVIDEND3"),
    salary: isWhitelabelEnabled(brand, "SALARY3"),
  };
}

export interface AgentMenuItem {
  key: AgentMenuKey;
  /** Null for customer service: its address is the brand's customer-service entry. */
  href: string | null;
  /** An offer of this item's contract kind waits for the agent's answer. */
  offerWaiting: boolean;
}

/** Whether the page of a contract kind is open to the agent. */
export function contractPageVisible(
  info: ConsolidatedContractInfo,
  features: AgentMenuFeatures,
  kind: ContractKind,
): boolean {
  const feature = kind === "DIVIDEND" ? features.dividend : features.salary;
  const item = CONTRACT_ITEMS[kind];
  return feature && (info[item.info] || info[item.req]);
}

const kindOfItem = new Map(
  Object.entries(CONTRACT_ITEMS).map(([kind, item]) => [item.key, kind as ContractKind]),
);

/** The items the agent sees, in menu order. */
export function agentMenu(
  info: ConsolidatedContractInfo,
  features: AgentMenuFeatures,
): AgentMenuItem[] {
  return AGENT_MENU_KEYS.flatMap((key): AgentMenuItem[] => {
    const kind = kindOfItem.get(key);
    if (kind && !contractPageVisible(info, features, kind)) return [];
    const href = key === "customerService" ? null : HREFS[key];
    return [{ key, href, offerWaiting: kind ? info[CONTRACT_ITEMS[kind].req] : false }];
  });
}

/**
 * For the loader (and action) of a contract page: the same 404 as an unknown
 * page when its menu item is hidden, so a typed URL shows nothing the menu
 * would not.
 */
export function requireContractPage(
  info: ConsolidatedContractInfo,
  brand: Pick<BrandConfig, "whitelabel">,
  kind: ContractKind,
): void {
  if (!contractPageVisible(info, agentMenuFeatures(brand), kind))
    throw new Response("Not found", { status: 404 });
}
