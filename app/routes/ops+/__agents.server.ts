import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import {
  endHouseContract,
  grantHouseContract,
  listTopAgents,
  setAgentRate,
  topAgentDetail,
} from "~/platform/agency/house-contracts.server";
import { CONTRACT_KINDS } from "~/platform/agency/terms";
import type { ContractKind, ContractPeriod } from "~/platform/db/schema";
import { PlatformError } from "~/platform/errors";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { orNotFound } from "~/utils/agency.server";
import { termsShape } from "~/utils/contract-terms.server";
import { readForm, parseSubmission } from "~/utils/form.server";
import { pageParam } from "~/utils/pagination";
import { formatRate, parseRateInput } from "~/utils/rates";
import { opsRequest } from "./__ops-request.server";

/**
 * /ops/agents: operators set top agents' own rates and grant or end
 * the contracts the house gives them. The list is searched by account and
 * paged (?q=, ?page=); ?agent=<id> opens one top agent's forms, ?kind= picks
 * the kind of contract to grant (links, so no JavaScript is needed).
 */

export const OPS_AGENTS_PAGE_SIZE = 20;
export const OPS_AGENTS_DONE = ["rate", "granted", "ended"] as const;
type Done = (typeof OPS_AGENTS_DONE)[number];

const kindOf = (value: unknown): ContractKind | undefined =>
  CONTRACT_KINDS.find((kind) => kind === value);

/** The page's own URL with its state (search, page, agent, kind) and optional notice. */
export function opsAgentsHref(state: {
  q?: string;
  page?: number;
  agent?: string;
  kind?: ContractKind;
  done?: Done;
}) {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  if (state.agent) params.set("agent", state.agent);
  if (state.kind) params.set("kind", state.kind);
  if (state.done) params.set("done", state.done);
  const query = params.toString();
  return query ? `/ops/agents?${query}` : "/ops/agents";
}

export async function opsAgentsLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "agents.view");
  const url = new URL(request.url);
  const q = z
    .string()
    .trim()
    .max(40)
    .catch("")
    .parse(url.searchParams.get("q") ?? "");
  let page = pageParam(url.searchParams.get("page"));
  const sets = brand;
  let list = await listTopAgents(db, sets, { search: q, page, pageSize: OPS_AGENTS_PAGE_SIZE });
  const totalPages = Math.max(1, Math.ceil(list.total / OPS_AGENTS_PAGE_SIZE));
  if (page > totalPages)
    list = await listTopAgents(db, sets, {
      search: q,
      page: (page = totalPages),
      pageSize: OPS_AGENTS_PAGE_SIZE,
    });
  const agentId = url.searchParams.get("agent");
  // A member id that is not a top agent's is a 404, whatever it is.
  const agent = agentId === null ? null : await orNotFound(topAgentDetail(db, sets, agentId));
  const done = OPS_AGENTS_DONE.find((notice) => notice === url.searchParams.get("done")) ?? null;
  return json({
    title: t("opsAgents.title"),
    q,
    page,
    totalPages,
    total: list.total,
    agents: list.agents,
    agent,
    kind: kindOf(url.searchParams.get("kind")) ?? "DAILY",
    done,
    currency: { symbol: brand.currency.symbol, minorUnits: brand.currency.minorUnits },
  });
}

function agentRateField(t: TFunction) {
  return z.string({ error: t("opsAgents.error.rate_required") }).transform((text, ctx) => {
    const rate = parseRateInput(text);
    if (rate === null) {
      ctx.addIssue({ code: "custom", message: t("opsAgents.error.rate_format") });
      return z.NEVER;
    }
    return rate;
  });
}

const id = z.string().max(40);

function actionSchema(kind: ContractKind, brand: BrandConfig, t: TFunction) {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("rate"), agentId: id, agentRate: agentRateField(t) }),
    z.object({
      intent: z.literal("grant"),
      agentId: id,
      kind: z.enum(CONTRACT_KINDS),
      ...termsShape(kind, brand, t),
    }),
    z.object({ intent: z.literal("end"), agentId: id, contractId: id }),
  ]);
}

/** A refusal as the operator reads it; anything that is not a PlatformError is a bug and is rethrown. */
function opsAgentsErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof PlatformError)) throw error;
  return t(`opsAgents.error.${error.code}`, {
    defaultValue: t("opsAgents.error.unknown"),
    rate: typeof error.details.rate === "number" ? formatRate(error.details.rate) : "",
  });
}

const DONE_OF = { rate: "rate", grant: "granted", end: "ended" } as const satisfies Record<
  string,
  Done
>;

/** What a refused form answers: its intent (`rate`, `grant` or `end`) and conform's result. A done one redirects. */
export type OpsAgentsReply = { intent: string; result: SubmissionResult<string[]> };

export async function opsAgentsAction(request: Request): Promise<TypedResponse<OpsAgentsReply>> {
  const formData = await readForm(request);
  const { db, brand, t, act } = await opsRequest(request, "agents.manage");
  const sets = brand;
  const kind = kindOf(formData.get("kind")) ?? "DAILY";
  const submission = parseSubmission(formData, { schema: actionSchema(kind, brand, t) });
  const intent = String(formData.get("intent") ?? "");
  if (submission.status !== "success")
    return json({ intent, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  // The agent named in the form must be a top agent: anyone else is the same 404 as a missing id.
  await orNotFound(topAgentDetail(db, sets, value.agentId));
  const { operatorId, context } = act;
  try {
    if (value.intent === "rate") {
      await setAgentRate(db, operatorId, value.agentId, value.agentRate, sets, context);
    } else if (value.intent === "grant") {
      const { intent: _intent, agentId, kind: _kind, ...fields } = value;
      const { period = null, ...terms } = fields as typeof fields & { period?: ContractPeriod };
      await grantHouseContract(
        db,
        operatorId,
        { memberId: agentId, kind, period, terms },
        sets,
        context,
      );
    } else {
      const held = await topAgentDetail(db, sets, value.agentId);
      // Only the agent's own house contracts can be ended from its page.
      if (!held.contracts.some((contract) => contract.id === value.contractId))
        throw json({ error: "not_found" }, { status: 404 });
      await orNotFound(endHouseContract(db, operatorId, value.contractId, context));
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof PlatformError && error.code === "not_found")
      throw json({ error: "not_found" }, { status: 404 });
    return json(
      { intent, result: submission.reply({ formErrors: [opsAgentsErrorMessage(error, t)] }) },
      { status: 400 },
    );
  }
  return redirect(
    opsAgentsHref({
      agent: value.agentId,
      kind: value.intent === "grant" ? kind : undefined,
      done: DONE_OF[value.intent],
    }),
  );
}
