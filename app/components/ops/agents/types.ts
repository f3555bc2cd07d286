import type { SerializeFrom } from "@remix-run/node";
import type { OpsAgentsAction, OpsAgentsLoader } from "~/routes/ops+/__agents.server";

/** What /ops/agents' loader and action send (see app/utils/ops-agents.server.ts). */
export type OpsAgentsData = SerializeFrom<OpsAgentsLoader>;
export type TopAgentRow = OpsAgentsData["agents"][number];
export type TopAgentData = NonNullable<OpsAgentsData["agent"]>;
export type OpsAgentsActionData = SerializeFrom<OpsAgentsAction>;
