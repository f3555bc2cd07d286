import { sql, type Selectable } from "kysely";
import type { PromotionsTable } from "../db/schema";
import { PlatformError } from "../errors";
import type { Audience, MemberStanding } from "./eligibility";
import type { Schedule } from "./promotion-states";
import type {
  ClaimMode,
  PromotionCategory,
  PromotionKind,
  PromotionPeriod,
} from "./promotion-types";
import type { RewardTerms } from "./reward-amount";
import type { Executor } from "../db/transaction.server";
import { OPERATOR_TYPE } from "../identity/member-types";

/** A promotion as the engine reads it: money as bigint, times as Dates. */
export interface Promotion extends Schedule, Audience, RewardTerms {
  id: string;
  code: string;
  category: PromotionCategory;
  kind: PromotionKind;
  claimMode: ClaimMode;
  titles: Record<string, string>;
  rulesHtml: Record<string, string>;
  timeZone: string;
  period: PromotionPeriod;
  minDeposit: bigint;
  contributions: Record<string, number>;
  contributionDefault: number;
  maxBet: bigint | null;
  maxBetRule: "refuse" | "zero";
  expiryHours: number | null;
  withdrawalRule: "forfeit" | "refuse";
  envelope: { budget: bigint; min: bigint; max: bigint } | null;
  paidUntil: Date | null;
  sort: number;
  /** Referral rules; null on other kinds. */
  referral: { minValidBet: bigint; ipWindowHours: number | null } | null;
}

export type PromotionRow = Selectable<PromotionsTable>;

const big = (value: string | null) => (value === null ? null : BigInt(value));
const date = (value: Date | string | null) => (value === null ? null : new Date(value));

export function promotionOf(row: PromotionRow): Promotion {
  return {
    id: row.id,
    code: row.code,
    category: row.category as PromotionCategory,
    kind: row.kind as PromotionKind,
    claimMode: row.claim_mode as ClaimMode,
    titles: row.titles,
    rulesHtml: row.rules_html,
    registeredWithinDays: row.registered_within_days,
    vipMin: row.vip_min,
    vipMax: row.vip_max,
    minDeposits: row.min_deposits,
    maxDeposits: row.max_deposits,
    status: row.status,
    showsFrom: date(row.shows_from),
    startsAt: new Date(row.starts_at),
    endsAt: date(row.ends_at),
    timeZone: row.time_zone,
    period: row.period as PromotionPeriod,
    rewardFixed: big(row.reward_fixed),
    rewardBps: row.reward_bps,
    rewardCap: big(row.reward_cap),
    minDeposit: BigInt(row.min_deposit),
    turnoverMultiple: row.turnover_multiple,
    turnoverBase: row.turnover_base as RewardTerms["turnoverBase"],
    contributions: row.contributions,
    contributionDefault: row.contribution_default,
    maxBet: big(row.max_bet),
    maxBetRule: row.max_bet_rule as Promotion["maxBetRule"],
    expiryHours: row.expiry_hours,
    withdrawalRule: row.withdrawal_rule as Promotion["withdrawalRule"],
    envelope:
      row.envelope_budget !== null && row.envelope_min !== null && row.envelope_max !== null
        ? {
            budget: BigInt(row.envelope_budget),
            min: BigInt(row.envelope_min),
            max: BigInt(row.envelope_max),
          }
        : null,
    paidUntil: date(row.paid_until),
    sort: row.sort,
    referral:
      row.kind === "referral"
        ? {
            minValidBet: BigInt(row.referral_min_valid_bet ?? 0),
            ipWindowHours: row.referral_ip_window_hours,
          }
        : null,
  };
}

export const isPromotionId = (id: string) => /^\d{1,18}$/.test(id);

/** A promotion members may see (not a draft), or `promotion_not_found`. */
export async function loadPromotion(db: Executor, promotionId: string): Promise<Promotion> {
  if (!isPromotionId(promotionId)) throw new PlatformError("promotion_not_found");
  const row = await db
    .selectFrom("promotions")
    .selectAll()
    .where("id", "=", promotionId)
    .where("status", "<>", "draft")
    .executeTakeFirst();
  if (!row) throw new PlatformError("promotion_not_found");
  return promotionOf(row);
}

/** What eligibility needs of a member, in one query. Trial types come from the stored brand. */
export async function memberStanding(db: Executor, memberId: string): Promise<MemberStanding> {
  const row = await db
    .selectFrom("members as m")
    .select([
      "m.id",
      "m.vip_level",
      "m.created_at",
      sql<boolean>`m.status <> 'active' or m.type = ${OPERATOR_TYPE} or coalesce(
        (select s.value -> 'trialTypes' from settings s where s.key = 'brand'), '[4]'::jsonb
      ) @> to_jsonb(m.type)`.as("excluded"),
      sql<string>`(select count(*) from deposits d where d.member_id = m.id and d.status = 'confirmed')`.as(
        "deposits",
      ),
    ])
    .where("m.id", "=", memberId)
    .executeTakeFirst();
  if (!row) throw new PlatformError("promotion_not_eligible");
  return {
    id: row.id,
    excluded: row.excluded,
    vipLevel: row.vip_level,
    createdAt: new Date(row.created_at),
    deposits: Number(row.deposits),
  };
}

/** The title in `language`, else the fallback language's, else any. */
export function inLanguage(texts: Record<string, string>, language: string, fallback: string) {
  return texts[language] ?? texts[fallback] ?? Object.values(texts)[0] ?? "";
}
