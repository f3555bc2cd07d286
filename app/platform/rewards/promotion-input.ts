import * as z from "zod/v4";
import {
  CLAIM_MODES,
  GAME_CATEGORIES,
  PROMOTION_CATEGORIES,
  PROMOTION_KINDS,
  PROMOTION_CODE_PATTERN,
  PROMOTION_PERIODS,
} from "./promotion-types";

/**
 * What an operator enters for a promotion (/ops/promotions), parsed the same
 * way by the form and by the platform. Form fields arrive as strings: empty
 * means "not set". Money is in minor units (the route converts the brand's
 * decimal amounts), percentages in basis points (10000 = 100 %), the
 * turnover multiple ×100 (1000 = 10×). Refinement messages are codes the
 * route translates (`rewards.input.<code>`).
 */
const blank = (value: unknown) => (value === "" || value === undefined ? null : value);

/** Minor units (at least `min`), or null when left empty. */
const minorUnits = (min: bigint) =>
  z.preprocess(
    blank,
    z
      .union([
        z.bigint(),
        z.number().int(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,18}$/, "money_format"),
      ])
      .transform((value) => BigInt(value))
      .refine((value) => value >= min, min > 0n ? "money_positive" : "money_negative")
      .nullable(),
  );
const money = minorUnits(1n);

const count = (min: number, max: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number("number_format")
      .int("number_format")
      .min(min, "number_min")
      .max(max, "number_max")
      .nullable(),
  );

const date = z.preprocess(blank, z.coerce.date("date_format").nullable());

const texts = (max: number) =>
  z.record(z.string().regex(/^[a-z]{2}$/), z.string().trim().max(max, "text_too_long"));

export const promotionInputSchema = z
  .object({
    code: z.string().trim().toLowerCase().regex(PROMOTION_CODE_PATTERN, "code_format"),
    category: z.enum(PROMOTION_CATEGORIES),
    kind: z.enum(PROMOTION_KINDS),
    claimMode: z.enum(CLAIM_MODES),
    titles: texts(120).refine(
      (titles) => Object.values(titles).some((title) => title.length > 0),
      "title_required",
    ),
    /** Sanitized by the platform before it is stored. */
    rulesHtml: texts(20_000).default({}),
    showsFrom: date,
    startsAt: z.coerce.date("date_format"),
    endsAt: date,
    period: z.enum(PROMOTION_PERIODS).default("once"),
    registeredWithinDays: count(1, 3650),
    vipMin: count(0, 100).transform((value) => value ?? 0),
    vipMax: count(0, 100),
    minDeposits: count(0, 1000).transform((value) => value ?? 0),
    maxDeposits: count(0, 1000),
    rewardFixed: money,
    /** Negative or zero percentages are refused (`number_min`). */
    rewardBps: count(1, 100_000),
    rewardCap: money,
    minDeposit: minorUnits(0n).transform((value) => value ?? 0n),
    turnoverMultiple: count(0, 100_000).transform((value) => value ?? 0),
    turnoverBase: z.enum(["bonus", "bonus_deposit"]).default("bonus"),
    /** Percent per game category; categories left out count `contributionDefault`. */
    contributions: z.partialRecord(z.enum(GAME_CATEGORIES), count(0, 100)).default({}),
    contributionDefault: count(0, 100).transform((value) => value ?? 100),
    maxBet: money,
    maxBetRule: z.enum(["refuse", "zero"]).default("refuse"),
    expiryHours: count(1, 24 * 365),
    withdrawalRule: z.enum(["forfeit", "refuse"]).default("forfeit"),
    envelopeBudget: money,
    envelopeMin: money,
    envelopeMax: money,
    sort: count(-1000, 1000).transform((value) => value ?? 0),
    /** Referral: the friend's valid bets needed besides the first deposit of `minDeposit`. */
    referralMinValidBet: minorUnits(0n).transform((value) => value ?? 0n),
    /** Referral: a friend from the referrer's IP within this many hours is held for the operator. */
    referralIpWindowHours: count(1, 24 * 365),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (input.endsAt && input.endsAt <= input.startsAt) issue("endsAt", "ends_before_start");
    if (input.showsFrom && input.showsFrom > input.startsAt)
      issue("showsFrom", "shows_after_start");
    if (input.vipMax !== null && input.vipMax < input.vipMin) issue("vipMax", "min_above_max");
    if (input.maxDeposits !== null && input.maxDeposits < input.minDeposits)
      issue("maxDeposits", "min_above_max");
    if (input.rewardFixed !== null && input.rewardBps !== null) issue("rewardBps", "one_reward");
    if (input.rewardBps !== null && input.rewardCap === null) issue("rewardCap", "cap_required");
    const needsReward = !["red_envelope", "apply"].includes(input.kind);
    if (needsReward && input.rewardFixed === null && input.rewardBps === null)
      issue("rewardFixed", "reward_required");
    if (["registration", "referral"].includes(input.kind) && input.rewardFixed === null)
      issue("rewardFixed", "fixed_required");
    if ((input.kind === "apply") !== (input.claimMode === "apply"))
      issue("claimMode", "mode_mismatch");
    if (
      ["registration", "cashback", "red_envelope", "referral"].includes(input.kind) &&
      input.claimMode !== "automatic"
    )
      issue("claimMode", "mode_mismatch");
    if (["cashback", "red_envelope"].includes(input.kind) && input.period === "once")
      issue("period", "period_required");
    if (
      ["first_deposit", "registration", "referral"].includes(input.kind) &&
      input.period !== "once"
    )
      issue("period", "period_once");
    if (input.kind === "red_envelope") {
      if (input.envelopeBudget === null) issue("envelopeBudget", "envelope_required");
      if (input.envelopeMin === null) issue("envelopeMin", "envelope_required");
      if (input.envelopeMax === null) issue("envelopeMax", "envelope_required");
      if (
        input.envelopeMin !== null &&
        input.envelopeMax !== null &&
        input.envelopeMin > input.envelopeMax
      )
        issue("envelopeMax", "min_above_max");
      if (
        input.envelopeMax !== null &&
        input.envelopeBudget !== null &&
        input.envelopeMax > input.envelopeBudget
      )
        issue("envelopeMax", "above_budget");
    } else if (
      input.envelopeBudget !== null ||
      input.envelopeMin !== null ||
      input.envelopeMax !== null
    ) {
      issue("envelopeBudget", "envelope_only");
    }
  });

export type PromotionInput = z.output<typeof promotionInputSchema>;
/** What a form (or a test, or the seed) passes in: any field may be missing, the schema decides. */
export type PromotionFormValues = Partial<z.input<typeof promotionInputSchema>>;
