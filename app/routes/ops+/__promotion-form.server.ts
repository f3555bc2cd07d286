import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { $ZodIssue } from "zod/v4/core";
import type { PromotionFieldValues } from "~/components/ops/promotions/types";
import type { PromotionCardData } from "~/components/rewards/types";
import { fallbackLanguage, type TFunction } from "~/i18n";
import { instantOfWallClock, wallClockInput } from "~/platform/calendar/date-range";
import { sanitizeContentHtml } from "~/platform/content/sanitize.server";
import { PlatformError } from "~/platform/errors";
import {
  createPromotion,
  promotionFormValues,
  setPromotionStatus,
  updatePromotion,
} from "~/platform/rewards/promotion-admin.server";
import {
  promotionInputSchema,
  type PromotionFormValues,
  type PromotionInput,
} from "~/platform/rewards/promotion-input";
import { inLanguage } from "~/platform/rewards/promotion-rows.server";
import { GAME_CATEGORIES } from "~/platform/rewards/promotion-types";
import { readForm, parseSubmission } from "~/utils/form.server";
import { minorToInput, parseMoneyInput } from "~/utils/money";
import { opsRequest } from "./__ops-request.server";
import { notFoundFor } from "./__promotions.server";

/**
 * The promotion form of /ops/promotions/new and /ops/promotions/$promotionId.
 * The operator types money as the brand's decimals, percentages and the
 * turnover multiple as numbers with up to 2 decimals and times as the
 * brand's wall clock; the platform's `promotionInputSchema` takes minor
 * units, hundredths and UTC instants, so this module converts both ways and
 * the schema alone decides what is valid (its refinement codes are
 * translated as `rewards.input.<code>`).
 */

/** The form's languages: the brand's two, each with a title and rules. */
export const FORM_LANGUAGES = ["en", "ur"] as const;

const MONEY_FIELDS = [
  "rewardFixed",
  "rewardCap",
  "minDeposit",
  "maxBet",
  "envelopeBudget",
  "envelopeMin",
  "envelopeMax",
  "referralMinValidBet",
] as const;
/** Typed with up to 2 decimals, stored ×100: a percentage as basis points, the turnover multiple. */
const HUNDREDTHS_FIELDS = ["rewardBps", "turnoverMultiple"] as const;
const DATE_FIELDS = ["showsFrom", "startsAt", "endsAt"] as const;
const PLAIN_FIELDS = [
  "code",
  "category",
  "kind",
  "claimMode",
  "period",
  "registeredWithinDays",
  "vipMin",
  "vipMax",
  "minDeposits",
  "maxDeposits",
  "turnoverBase",
  "contributionDefault",
  "maxBetRule",
  "expiryHours",
  "withdrawalRule",
  "sort",
  "referralIpWindowHours",
] as const;

/**
 * A decimal as an integer of `digits` more places, sign kept so that the
 * schema (not this parser) refuses a negative amount or percentage with its
 * own message. Anything unreadable goes on as typed, for the schema's format
 * error.
 */
function scaled(text: unknown, digits: number): unknown {
  if (typeof text !== "string") return text;
  const negative = /^\s*-/.test(text);
  const value = parseMoneyInput(text.replace(/^\s*-/, ""), digits);
  if (value === null) return text;
  return (negative ? -value : value).toString();
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? { ...value } : {};

/** The posted form (conform's nested payload) as the schema's input. */
function schemaInput(payload: unknown, timeZone: string, minorUnits: number) {
  const input = record(payload);
  for (const name of MONEY_FIELDS) input[name] = scaled(input[name], minorUnits);
  for (const name of HUNDREDTHS_FIELDS) input[name] = scaled(input[name], 2);
  for (const name of DATE_FIELDS) {
    const text = input[name];
    if (typeof text === "string")
      input[name] = instantOfWallClock(text, timeZone)?.toISOString() ?? text;
  }
  return input;
}

const promotionFormSchema = (timeZone: string, minorUnits: number) =>
  z.preprocess((payload) => schemaInput(payload, timeZone, minorUnits), promotionInputSchema);

/**
 * The schema's messages as the operator reads them: its own refinement codes,
 * and zod's messages for a value outside a list (an unknown category …) or of
 * the wrong kind, which carry no code of ours.
 */
function translateIssues(t: TFunction) {
  return (issues: $ZodIssue[]) =>
    issues.map((issue) => {
      if (/^[a-z_]+$/.test(issue.message))
        return t(`rewards.input.${issue.message}`, {
          defaultValue: t("opsPromotions.error.invalid"),
        });
      return t(
        issue.code === "invalid_value"
          ? "opsPromotions.error.choice"
          : "opsPromotions.error.invalid",
      );
    });
}

/** The form's fields, as inputs hold them, from the platform's values (saved or defaults). */
function fieldValues(
  values: PromotionFormValues,
  timeZone: string,
  minorUnits: number,
): PromotionFieldValues {
  const text = (value: unknown) =>
    typeof value === "string" || typeof value === "number" || typeof value === "bigint"
      ? String(value)
      : "";
  const fields: PromotionFieldValues = {};
  for (const name of PLAIN_FIELDS) fields[name] = text(values[name]);
  for (const name of MONEY_FIELDS) {
    const minor = text(values[name]);
    fields[name] = minor && minorToInput(minor, minorUnits);
  }
  for (const name of HUNDREDTHS_FIELDS) {
    const hundredths = text(values[name]);
    fields[name] = hundredths && minorToInput(hundredths, 2);
  }
  for (const name of DATE_FIELDS) {
    const iso = text(values[name]);
    fields[name] = iso && wallClockInput(new Date(iso), timeZone);
  }
  const titles = record(values.titles);
  const rules = record(values.rulesHtml);
  for (const language of FORM_LANGUAGES) {
    fields[`titles.${language}`] = text(titles[language]);
    fields[`rulesHtml.${language}`] = text(rules[language]);
  }
  const contributions = record(values.contributions);
  for (const category of GAME_CATEGORIES)
    fields[`contributions.${category}`] = text(contributions[category]);
  return fields;
}

/** A new promotion's form: a join-then-claim first-deposit match starting now, everything else empty. */
const NEW_PROMOTION: PromotionFormValues = {
  category: "deposit",
  kind: "first_deposit",
  claimMode: "join_claim",
  period: "once",
  vipMin: "0",
  minDeposits: "0",
  minDeposit: "0",
  turnoverMultiple: "0",
  turnoverBase: "bonus",
  contributionDefault: "100",
  maxBetRule: "refuse",
  withdrawalRule: "forfeit",
  sort: "0",
};

const NOTES = ["created", "saved", "published", "closed"] as const;

export async function promotionFormLoader(request: Request, promotionId: string | null) {
  const { db, brand, t, currency } = await opsRequest(request, "promotions.view");
  const timeZone = brand.timeZone;
  let status: string | null = null;
  let values: PromotionFormValues;
  if (promotionId === null) {
    values = { ...NEW_PROMOTION, startsAt: new Date().toISOString() };
  } else {
    const saved = await promotionFormValues(db, promotionId);
    if (!saved) throw json({ error: "not_found" }, { status: 404 });
    ({ status, ...values } = saved);
  }
  const note = new URL(request.url).searchParams.get("note");
  return json({
    title:
      promotionId === null
        ? t("opsPromotions.form.newTitle")
        : t("opsPromotions.form.editTitle", { code: String(values.code ?? "") }),
    brandName: brand.name,
    promotionId,
    status,
    values: fieldValues(values, timeZone, currency.minorUnits),
    currency,
    timeZone,
    note: NOTES.find((name) => name === note) ?? null,
  });
}

/** What a refused post answers (and a preview, which saves nothing); a done one redirects. */
export type PromotionFormReply = {
  intent: "save" | "preview" | "status";
  result: SubmissionResult<string[]>;
  preview: PromotionCardData | null;
};

const IntentSchema = z.enum(["save", "preview", "status"]).catch("save");

const StatusSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(["published", "closed"]),
});

const editHref = (promotionId: string, note: (typeof NOTES)[number]) =>
  `/ops/promotions/${promotionId}?note=${note}`;

/** How a member's card will look (the operator's language, else English), rules sanitized as the platform stores them. */
function previewCard(input: PromotionInput, locale: string, now = new Date()): PromotionCardData {
  const written = (texts: Record<string, string>) =>
    Object.fromEntries(Object.entries(texts).filter(([, value]) => value.length > 0));
  return {
    id: "preview",
    code: input.code,
    category: input.category,
    kind: input.kind,
    claimMode: input.claimMode,
    title: inLanguage(written(input.titles), locale, fallbackLanguage),
    rulesHtml: sanitizeContentHtml(inLanguage(written(input.rulesHtml), locale, fallbackLanguage)),
    startsAt: input.startsAt.toISOString(),
    endsAt: input.endsAt?.toISOString() ?? null,
    state: input.startsAt > now ? "coming_soon" : "join",
    amount: input.rewardFixed?.toString() ?? null,
    grant: null,
    rejectReason: null,
  };
}

/**
 * A platform refusal of a save, beside its field: a code already taken.
 * The platform parses with the same schema this form just passed, so any
 * other refusal is about the whole form.
 */
function refusalErrors(error: PlatformError, t: TFunction) {
  const message = t(`rewards.error.${error.code}`, { defaultValue: t("rewards.error.unknown") });
  return error.code === "promotion_code_taken"
    ? { fieldErrors: { code: [message] } }
    : { formErrors: [message] };
}

export async function promotionFormAction(
  request: Request,
  promotionId: string | null,
): Promise<TypedResponse<PromotionFormReply>> {
  const formData = await readForm(request, {
    multiline: FORM_LANGUAGES.map((code) => `rulesHtml.${code}`),
  });
  const { db, brand, t, locale, currency, act } = await opsRequest(request, "promotions.manage");
  const intent = IntentSchema.parse(formData.get("intent"));
  if (intent === "status") {
    const submission = parseSubmission(formData, { schema: StatusSchema });
    // Only a saved promotion has a status to change; the new form has no such buttons.
    if (promotionId === null) throw json({ error: "not_found" }, { status: 404 });
    if (submission.status !== "success")
      return json({ intent, result: submission.reply(), preview: null }, { status: 400 });
    try {
      await setPromotionStatus(db, promotionId, submission.value.status, act);
    } catch (error) {
      notFoundFor(error, ["promotion_not_found"]);
      if (!(error instanceof PlatformError)) throw error;
      const message = t(`rewards.error.${error.code}`, {
        defaultValue: t("rewards.error.unknown"),
      });
      return json(
        { intent, result: submission.reply({ formErrors: [message] }), preview: null },
        { status: 409 },
      );
    }
    return redirect(editHref(promotionId, submission.value.status));
  }
  const submission = parseSubmission(formData, {
    schema: promotionFormSchema(brand.timeZone, currency.minorUnits),
    disableAutoCoercion: true,
    formatError: translateIssues(t),
  });
  if (submission.status !== "success")
    return json({ intent, result: submission.reply(), preview: null }, { status: 400 });
  if (intent === "preview")
    return json({
      intent,
      result: submission.reply(),
      preview: previewCard(submission.value, locale),
    });
  let id = promotionId;
  try {
    if (id === null)
      id = await createPromotion(db, submission.value, { ...act, timeZone: brand.timeZone });
    else await updatePromotion(db, id, submission.value, act);
  } catch (error) {
    notFoundFor(error, ["promotion_not_found"]);
    if (!(error instanceof PlatformError)) throw error;
    return json(
      { intent, result: submission.reply(refusalErrors(error, t)), preview: null },
      { status: 400 },
    );
  }
  return redirect(editHref(id, promotionId === null ? "created" : "saved"));
}
