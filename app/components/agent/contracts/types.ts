import type { SerializeFrom } from "@remix-run/node";
import type {
  ContractPageAction,
  ContractPageLoader,
} from "~/routes/agentHome+/__contract-page.server";

/** What a contract page's loader sends (see app/utils/contract-page.server.ts). */
export type ContractPageData = SerializeFrom<ContractPageLoader>;
export type ContractViewData = NonNullable<ContractPageData["held"]>;
export type ContractActionData = SerializeFrom<ContractPageAction>;
export type Currency = ContractPageData["currency"];
