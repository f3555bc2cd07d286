import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { PromotionIntent } from "~/components/rewards/promotion-action";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { claimPromotion, joinPromotion } from "~/platform/rewards/promotion-actions.server";
import { PROMOTION_CODE_PATTERN } from "~/platform/rewards/promotion-types";
import { openRedEnvelope } from "~/platform/rewards/red-envelopes.server";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireRealMember } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { withSearchParam } from "~/utils/misc";
import { formatMoney } from "~/utils/money";

const PromotionActionForm = z.object({
  intent: z.enum(["join", "claim", "open-envelope"] satisfies PromotionIntent[]),
  promotionId: z.string().regex(/^\d{1,18}$/),
  /** The promotion's code, for the address the redirect opens it at. */
  promotion: z.string().regex(PROMOTION_CODE_PATTERN),
});

/** What a refused promotion action answers; a done one redirects. */
export type PromotionActionReply = { promotionId: string | null; error: string };

/** Details of a reward error that are money, shown in the brand's currency. */
const MONEY_DETAILS = ["amount", "max", "min", "left"] as const;

/** A platform refusal of a promotion action, in the member's language (one place for every rewards page). */
export function rewardErrorMessage(
  error: PlatformError,
  t: TFunction,
  brand: Pick<BrandConfig, "currency">,
  locale: string,
): string {
  const details: Record<string, unknown> = { ...error.details };
  for (const name of MONEY_DETAILS) {
    const value = details[name];
    if (typeof value === "string" || typeof value === "bigint" || typeof value === "number")
      details[name] = formatMoney(BigInt(value), brand.currency, locale);
  }
  return t(`rewards.error.${error.code}`, {
    defaultValue: t("rewards.error.unknown"),
    ...details,
  });
}

/**
 * The promotion actions of a card (join, claim, open a red envelope), the
 * same on /promotions and in the reward centre: a member only (a visitor is
 * sent to log in, a trial account gets the real-account dialog), parsed with
 * zod, one idempotent platform call (a double click changes nothing), then
 * POST → redirect → GET to `back` with the promotion and what was done.
 */
export async function promotionAction(
  request: Request,
  back: string,
): Promise<TypedResponse<PromotionActionReply>> {
  const formData = await readForm(request);
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [t, brand, locale] = await Promise.all([
    translatorFor(request),
    getBrandConfig(db),
    i18next.getLocale(request),
  ]);
  const parsed = PromotionActionForm.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return json({ promotionId: null, error: t("rewards.error.invalid_form") }, { status: 400 });
  }
  const { intent, promotionId, promotion } = parsed.data;
  const input = { memberId: viewer.member.id, promotionId };
  try {
    if (intent === "join") await joinPromotion(db, input);
    else if (intent === "claim") await claimPromotion(db, input);
    else await openRedEnvelope(db, input);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const status = error.code === "promotion_not_found" ? 404 : 409;
    return json({ promotionId, error: rewardErrorMessage(error, t, brand, locale) }, { status });
  }
  return redirect(withSearchParam(withSearchParam(back, "promotion", promotion), "done", intent));
}
