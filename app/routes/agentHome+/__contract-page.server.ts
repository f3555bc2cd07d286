import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import {
  contractCandidates,
  settlementRecords,
  settlementRows,
  SETTLEMENT_SCOPES,
  type ContractCandidate,
} from "~/platform/agency/contract-pages.server";
import {
  consolidatedContractInfo,
  contractsOverview,
  decideContract,
  offerContract,
  withdrawOffer,
} from "~/platform/agency/contracts.server";
import {
  agentMenuFeatures,
  contractPageVisible,
  requireContractPage,
} from "~/platform/agency/menu";
import { formatTimestamp } from "~/platform/calendar/datetime";
import type { ContractKind, ContractPeriod } from "~/platform/db/schema";
import { PlatformError } from "~/platform/errors";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { agentContext, orNotFound } from "~/utils/agency.server";
import { termsShape } from "~/utils/contract-terms.server";
import { csvMoney, csvResponse, CSV_ROW_LIMIT } from "~/utils/csv.server";
import { readForm, parseSubmission } from "~/utils/form.server";
import { formatRate } from "~/utils/rates";
import {
  optionalChoice,
  readRecordFilters,
  RECORDS_PAGE_SIZE,
  recordsView,
} from "~/utils/records.server";

/**
 * The four contract pages of the agent centre (dividends, daily-wages,
 * hourly-salary, realtime-salary) are one page
 * parameterised by the contract kind: the agent's own contract and the offer
 * waiting for it, the form to offer one to a direct downline agent, the
 * contracts it granted, and the settlement records of the kind. The route
 * files only name their kind.
 */

export const CONTRACT_PAGE_PATHS = {
  DIVIDEND: "/agentHome/dividends",
  DAILY: "/agentHome/daily-wages",
  HOURLY: "/agentHome/hourly-salary",
  REALTIME: "/agentHome/realtime-salary",
} as const satisfies Record<ContractKind, string>;

export const DONE_NOTICES = ["offered", "accepted", "rejected", "terminated", "withdrawn"] as const;
type Done = (typeof DONE_NOTICES)[number];

type Context = Awaited<ReturnType<typeof agentContext>>;

/**
 * A contract page exists for the agent only while its menu item is shown
 * (by the consolidated contract info); otherwise it is a 404.
 */
async function requirePage({ db, agentId, brand }: Context, kind: ContractKind) {
  requireContractPage(await consolidatedContractInfo(db, agentId), brand, kind);
}

/** The agent's context, once the page is known to be one it may open. */
async function pageContext(request: Request, kind: ContractKind) {
  const context = await agentContext(request);
  await requirePage(context, kind);
  return context;
}

function recordFilters(request: Request, brand: BrandConfig) {
  const filters = readRecordFilters(request, brand, {
    scope: optionalChoice(SETTLEMENT_SCOPES),
    account: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,40}$/)
      .optional()
      .catch(undefined),
  });
  return { ...filters, scope: filters.scope ?? "mine" };
}

export async function contractPageLoader(request: Request, kind: ContractKind) {
  const context = await pageContext(request, kind);
  const { db, agentId, brand, t } = context;
  const url = new URL(request.url);
  const filters = recordFilters(request, brand);
  const overview = await contractsOverview(db, agentId, kind);
  const [candidates, records] = await Promise.all([
    // Only an agent holding a contract of the kind may grant one.
    overview.grantable ? contractCandidates(db, agentId, brand) : ([] as ContractCandidate[]),
    settlementRecords(db, agentId, {
      kind,
      scope: filters.scope,
      window: filters.window,
      account: filters.account,
      page: filters.page,
      pageSize: RECORDS_PAGE_SIZE,
    }),
  ]);
  const done =
    optionalChoice(DONE_NOTICES).parse(url.searchParams.get("done") ?? undefined) ?? null;
  return json({
    ...recordsView(brand, t(`agentContracts.title.${kind}`), filters.range),
    kind,
    path: CONTRACT_PAGE_PATHS[kind],
    held: overview.held,
    offer: overview.offer,
    granted: overview.granted,
    grantable: overview.grantable,
    candidates,
    confirmTerminate: url.searchParams.get("confirm") === "terminate" && overview.held !== null,
    done,
    filter: { scope: filters.scope, account: filters.account ?? "" },
    records,
  });
}

export const OFFER_FIELDS: Record<ContractKind, readonly string[]> = {
  DIVIDEND: ["downlineId", "period", "minValidBet", "minProfitLoss", "minActiveMembers", "rate"],
  DAILY: ["downlineId", "minValidBet", "rate"],
  HOURLY: ["downlineId", "minValidBet", "rate"],
  REALTIME: ["downlineId", "profitRate", "lossRate", "minSingleBet"],
};

const contractId = z.string().max(40);

function actionSchema(kind: ContractKind, brand: BrandConfig, t: TFunction) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("offer"),
      downlineId: z.string({ error: t("agentContracts.error.downline_required") }).max(40),
      confirmReplace: z.literal("1").optional(),
      ...termsShape(kind, brand, t),
    }),
    z.object({ intent: z.literal("accept"), contractId }),
    z.object({ intent: z.literal("reject"), contractId }),
    z.object({ intent: z.literal("terminate"), contractId }),
    z.object({ intent: z.literal("withdraw"), contractId }),
  ]);
}

/** Rates (basis points) as the page shows them: "1.50 %", or "0.30 % / 0.60 %" for a real-time salary. */
const ratesText = (rates: unknown) =>
  Array.isArray(rates) ? rates.map((rate) => formatRate(Number(rate))).join(" / ") : "";

/** A contract failure as the agent reads it; anything that is not a PlatformError is a bug and is rethrown. */
function contractErrorMessage(error: unknown, t: TFunction, intent: string): string {
  if (!(error instanceof PlatformError)) throw error;
  const details = error.details;
  // At acceptance the rates in question are the upline's: they dropped since it offered.
  const code =
    intent === "accept" && error.code === "contract_rate_above_own"
      ? "contract_upline_rate_dropped"
      : error.code;
  return t(`agentContracts.error.${code}`, {
    defaultValue: t("agentContracts.error.unknown"),
    rates: ratesText(details.rates),
    rate: typeof details.rate === "number" ? formatRate(details.rate) : "",
  });
}

const DONE_OF = {
  offer: "offered",
  accept: "accepted",
  reject: "rejected",
  terminate: "terminated",
  withdraw: "withdrawn",
} as const satisfies Record<string, Done>;

/**
 * What a contract form answers when it does not redirect: its intent, conform's result,
 * and for an offer that lowers a rate (409) the confirmation with the fields to post again.
 */
export type ContractPageReply = {
  intent: string;
  result: SubmissionResult<string[]>;
  confirm: { message: string; fields: Record<string, string> } | null;
};

export async function contractPageAction(
  request: Request,
  kind: ContractKind,
): Promise<TypedResponse<ContractPageReply>> {
  const formData = await readForm(request);
  const context = await pageContext(request, kind);
  const { db, agentId, brand, t } = context;
  const path = CONTRACT_PAGE_PATHS[kind];
  const submission = parseSubmission(formData, { schema: actionSchema(kind, brand, t) });
  const intent = String(formData.get("intent") ?? "");
  if (submission.status !== "success")
    return json({ intent, result: submission.reply(), confirm: null }, { status: 400 });
  const value = submission.value;
  try {
    if (value.intent === "offer") {
      const { intent: _intent, downlineId, confirmReplace, ...fields } = value;
      const { period = null, ...terms } = fields as typeof fields & { period?: ContractPeriod };
      // The downline is looked up in the agent's direct downline only: anyone else is a 404.
      await orNotFound(
        offerContract(
          db,
          {
            uplineId: agentId,
            downlineId,
            kind,
            period,
            terms,
            confirmReplace: confirmReplace === "1",
          },
          brand,
        ),
      );
    } else if (value.intent === "withdraw") {
      await orNotFound(withdrawOffer(db, agentId, value.contractId));
    } else {
      await orNotFound(decideContract(db, agentId, value.contractId, value.intent));
    }
  } catch (error) {
    if (
      error instanceof PlatformError &&
      error.code === "contract_lower_rate" &&
      value.intent === "offer"
    ) {
      // Not a failure: the upline must see that this offer ends the current contract, and confirm.
      const candidates = await contractCandidates(db, agentId, brand);
      const downline = candidates.find((candidate) => candidate.id === value.downlineId);
      const fields = Object.fromEntries(
        OFFER_FIELDS[kind].map((name) => [name, String(formData.get(name) ?? "")]),
      );
      const confirm = {
        message: t("agentContracts.offer.lowerRate", {
          account: downline?.account ?? "",
          rates: ratesText(error.details.rates),
        }),
        fields,
      };
      return json({ intent, result: submission.reply(), confirm }, { status: 409 });
    }
    return json(
      {
        intent,
        result: submission.reply({ formErrors: [contractErrorMessage(error, t, value.intent)] }),
        confirm: null,
      },
      { status: 400 },
    );
  }
  // Rejecting the only offer or terminating the only contract of the kind hides the page (and its menu item): back to the centre.
  const visible = contractPageVisible(
    await consolidatedContractInfo(db, agentId),
    agentMenuFeatures(brand),
    kind,
  );
  return redirect(visible ? `${path}?done=${DONE_OF[value.intent]}` : "/agentHome");
}

/** /agentHome/<page>.csv: the settlement records with the page's filters and scoping, every page. */
export async function contractCsvLoader(request: Request, kind: ContractKind) {
  const { db, agentId, brand, t } = await pageContext(request, kind);
  const filters = recordFilters(request, brand);
  const rows = await settlementRows(
    db,
    agentId,
    { kind, scope: filters.scope, window: filters.window, account: filters.account },
    CSV_ROW_LIMIT,
  );
  const units = brand.currency.minorUnits;
  const column = (name: string) => t(`agentContracts.records.${name}`);
  return csvResponse(
    `${CONTRACT_PAGE_PATHS[kind].split("/").pop()}-${filters.range.from}-${filters.range.to}.csv`,
    [
      "periodStart",
      "periodEnd",
      "account",
      "validBet",
      "profitLoss",
      "activeMembers",
      "base",
      "amount",
      "paid",
    ].map(column),
    rows.map((row) => [
      formatTimestamp(row.windowStart, brand.timeZone),
      formatTimestamp(row.windowEnd, brand.timeZone),
      row.account,
      csvMoney(row.validBet, units),
      csvMoney(row.profitLoss, units),
      row.activeMembers,
      csvMoney(row.base, units),
      csvMoney(row.amount, units),
      row.entryId,
    ]),
  );
}
