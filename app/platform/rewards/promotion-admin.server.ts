import type { Insertable } from "kysely";
import { forgetOpenPromotions } from "./open-promotions.server";
import {
  promotionInputSchema,
  type PromotionFormValues,
  type PromotionInput,
} from "./promotion-input";
import { isPromotionId, promotionOf, type Promotion } from "./promotion-rows.server";
import type { PromotionStatus } from "./promotion-types";
import { audit, auditChange, type OperatorAct } from "../audit/audit.server";
import { sanitizeContentHtml } from "../content/sanitize.server";
import type { Database } from "../db/open.server";
import type { PromotionsTable } from "../db/schema";
import { inTransaction } from "../db/transaction.server";
import { uniqueViolation } from "../db/unique-violation";
import { PlatformError } from "../errors";
import { MISSION_REWARDS_PROMOTION } from "./missions/mission-rewards.server";
import { publishContentChange } from "../events/content-changes.server";

/**
 * The operator's promotions (/ops/promotions): create, edit, publish, close.
 * Input is parsed by `promotionInputSchema` again here (the route parsed it
 * for its field errors), rules HTML is sanitized before it is stored, and
 * every change is in the audit log with the operator.
 */

function parse(input: PromotionFormValues): PromotionInput {
  const parsed = promotionInputSchema.safeParse(input);
  if (!parsed.success)
    throw new PlatformError("promotion_invalid", {
      issues: parsed.error.issues.map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      })),
    });
  return parsed.data;
}

const text = (value: bigint | null) => (value === null ? null : value.toString());

function rowOf(input: PromotionInput, timeZone: string): Insertable<PromotionsTable> {
  const contributions = Object.fromEntries(
    Object.entries(input.contributions).filter(([, percent]) => percent !== null),
  );
  const rules = Object.fromEntries(
    Object.entries(input.rulesHtml).map(([language, html]) => [
      language,
      sanitizeContentHtml(html),
    ]),
  );
  const titles = Object.fromEntries(Object.entries(input.titles).filter(([, title]) => title));
  return {
    code: input.code,
    category: input.category,
    kind: input.kind,
    claim_mode: input.claimMode,
    titles: JSON.stringify(titles),
    rules_html: JSON.stringify(rules),
    registered_within_days: input.registeredWithinDays,
    vip_min: input.vipMin,
    vip_max: input.vipMax,
    min_deposits: input.minDeposits,
    max_deposits: input.maxDeposits,
    shows_from: input.showsFrom,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    time_zone: timeZone,
    period: input.period,
    reward_fixed: text(input.rewardFixed),
    reward_bps: input.rewardBps,
    reward_cap: text(input.rewardCap),
    min_deposit: input.minDeposit.toString(),
    turnover_multiple: input.turnoverMultiple,
    turnover_base: input.turnoverBase,
    contributions: JSON.stringify(contributions),
    contribution_default: input.contributionDefault,
    max_bet: text(input.maxBet),
    max_bet_rule: input.maxBetRule,
    expiry_hours: input.expiryHours,
    withdrawal_rule: input.withdrawalRule,
    envelope_budget: text(input.envelopeBudget),
    envelope_min: text(input.envelopeMin),
    envelope_max: text(input.envelopeMax),
    sort: input.sort,
    referral_min_valid_bet: input.kind === "referral" ? input.referralMinValidBet.toString() : null,
    referral_ip_window_hours: input.kind === "referral" ? input.referralIpWindowHours : null,
  };
}

/** The row as written, its JSON columns as values (as the database hands them back). */
const auditedPromotion = (values: Omit<ReturnType<typeof rowOf>, "time_zone">) => ({
  ...values,
  titles: JSON.parse(String(values.titles)) as unknown,
  rules_html: JSON.parse(String(values.rules_html)) as unknown,
  contributions: JSON.parse(String(values.contributions)) as unknown,
});

/** A taken code is `promotion_code_taken`; anything else is rethrown. */
function codeTaken(error: unknown): never {
  if (uniqueViolation(error)?.includes("code")) throw new PlatformError("promotion_code_taken");
  throw error;
}

/**
 * A new promotion, as a draft. Its days and weeks (reload per day, cashback
 * per week …) are those of `timeZone`, the brand's. Returns its id.
 */
export async function createPromotion(
  db: Database,
  input: PromotionFormValues,
  act: OperatorAct & { timeZone: string },
): Promise<string> {
  const values = rowOf(parse(input), act.timeZone);
  const id = await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto("promotions")
      .values({ ...values, status: "draft" })
      .returning("id")
      .executeTakeFirstOrThrow()
      .catch(codeTaken);
    await audit(trx, "promotion_created", act.context, {
      target: { type: "promotion", id: String(row.id) },
      ...auditChange(null, auditedPromotion(values)),
    });
    await publishContentChange(trx, "promotions");
    return row.id;
  });
  forgetOpenPromotions(db);
  return id;
}

/** Saves a promotion's new terms; bonuses already given keep the terms they were given with. */
export async function updatePromotion(
  db: Database,
  promotionId: string,
  input: PromotionFormValues,
  act: OperatorAct,
) {
  const parsed = parse(input);
  await inTransaction(db, async (trx) => {
    const current = await lockPromotion(trx, promotionId);
    const { time_zone: _zone, ...values } = rowOf(parsed, current.time_zone);
    await trx
      .updateTable("promotions")
      .set({ ...values, updated_at: new Date() })
      .where("id", "=", promotionId)
      .execute()
      .catch(codeTaken);
    const fields = Object.keys(values) as (keyof typeof current)[];
    await audit(trx, "promotion_updated", act.context, {
      target: { type: "promotion", id: String(current.id) },
      ...auditChange(
        Object.fromEntries(fields.map((field) => [field, current[field]])),
        auditedPromotion(values),
      ),
    });
    await publishContentChange(trx, "promotions");
  });
  forgetOpenPromotions(db);
}

async function lockPromotion(db: Database, promotionId: string) {
  if (!isPromotionId(promotionId)) throw new PlatformError("promotion_not_found");
  const row = await db
    .selectFrom("promotions")
    .selectAll()
    .where("id", "=", promotionId)
    // Missions' cash rewards hang on this promotion; it is not the operator's to edit or publish.
    .where("code", "<>", MISSION_REWARDS_PROMOTION)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new PlatformError("promotion_not_found");
  return row;
}

/** Which status an operator may move a promotion to from which. */
const STATUS_MOVES: Record<PromotionStatus, readonly PromotionStatus[]> = {
  draft: ["published", "closed"],
  published: ["closed"],
  closed: ["published"],
};

/**
 * Publishes or closes a promotion (`promotion_status_refused` for another
 * move; the same status again changes nothing). Closing stops new entries
 * and claims; bonuses being wagered go on.
 */
export async function setPromotionStatus(
  db: Database,
  promotionId: string,
  status: PromotionStatus,
  act: OperatorAct,
) {
  await inTransaction(db, async (trx) => {
    const current = await lockPromotion(trx, promotionId);
    if (current.status === status) return;
    if (!STATUS_MOVES[current.status as PromotionStatus].includes(status))
      throw new PlatformError("promotion_status_refused", { status: current.status });
    await trx
      .updateTable("promotions")
      .set({ status, updated_at: new Date() })
      .where("id", "=", promotionId)
      .execute();
    await audit(trx, "promotion_status_changed", act.context, {
      target: { type: "promotion", id: String(current.id) },
      before: { status: current.status },
      after: { status },
    });
    await publishContentChange(trx, "promotions");
  });
  forgetOpenPromotions(db);
}

export interface OpsPromotionRow extends Promotion {
  entries: number;
  applying: number;
  wagering: number;
}

/** Every promotion for the back office, drafts included, newest first, with its counts. */
export async function listPromotionsForOps(db: Database): Promise<OpsPromotionRow[]> {
  const rows = await db
    .selectFrom("promotions as p")
    .selectAll("p")
    .select((eb) => [
      eb
        .selectFrom("promotion_entries as e")
        .select(eb.fn.countAll<string>().as("n"))
        .whereRef("e.promotion_id", "=", "p.id")
        .as("entries"),
      eb
        .selectFrom("promotion_entries as e")
        .select(eb.fn.countAll<string>().as("n"))
        .whereRef("e.promotion_id", "=", "p.id")
        .where("e.state", "=", "applying")
        .as("applying"),
      eb
        .selectFrom("bonus_grants as g")
        .select(eb.fn.countAll<string>().as("n"))
        .whereRef("g.promotion_id", "=", "p.id")
        .where("g.status", "=", "wagering")
        .as("wagering"),
    ])
    .where("p.code", "<>", MISSION_REWARDS_PROMOTION)
    .orderBy("p.id", "desc")
    .execute();
  return rows.map(({ entries, applying, wagering, ...row }) => ({
    ...promotionOf(row),
    entries: Number(entries ?? 0),
    applying: Number(applying ?? 0),
    wagering: Number(wagering ?? 0),
  }));
}

/** A promotion as its edit form's values (strings, as a form holds them); undefined for an unknown id. */
export async function promotionFormValues(
  db: Database,
  promotionId: string,
): Promise<(PromotionFormValues & { status: string }) | undefined> {
  if (!isPromotionId(promotionId)) return undefined;
  const row = await db
    .selectFrom("promotions")
    .selectAll()
    .where("id", "=", promotionId)
    .where("code", "<>", MISSION_REWARDS_PROMOTION)
    .executeTakeFirst();
  if (!row) return undefined;
  const p = promotionOf(row);
  const str = (value: bigint | number | null) => (value === null ? "" : String(value));
  const iso = (value: Date | null) => (value === null ? "" : value.toISOString());
  return {
    status: p.status,
    code: p.code,
    category: p.category,
    kind: p.kind,
    claimMode: p.claimMode,
    titles: p.titles,
    rulesHtml: p.rulesHtml,
    showsFrom: iso(p.showsFrom),
    startsAt: iso(p.startsAt),
    endsAt: iso(p.endsAt),
    period: p.period,
    registeredWithinDays: str(p.registeredWithinDays),
    vipMin: str(p.vipMin),
    vipMax: str(p.vipMax),
    minDeposits: str(p.minDeposits),
    maxDeposits: str(p.maxDeposits),
    rewardFixed: str(p.rewardFixed),
    rewardBps: str(p.rewardBps),
    rewardCap: str(p.rewardCap),
    minDeposit: str(p.minDeposit),
    turnoverMultiple: str(p.turnoverMultiple),
    turnoverBase: p.turnoverBase,
    contributions: Object.fromEntries(
      Object.entries(p.contributions).map(([category, percent]) => [category, String(percent)]),
    ),
    contributionDefault: str(p.contributionDefault),
    referralMinValidBet: str(p.referral?.minValidBet ?? null),
    referralIpWindowHours: str(p.referral?.ipWindowHours ?? null),
    maxBet: str(p.maxBet),
    maxBetRule: p.maxBetRule,
    expiryHours: str(p.expiryHours),
    withdrawalRule: p.withdrawalRule,
    envelopeBudget: str(p.envelope?.budget ?? null),
    envelopeMin: str(p.envelope?.min ?? null),
    envelopeMax: str(p.envelope?.max ?? null),
    sort: str(p.sort),
  };
}
