import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { confirmLimitChange, setLimit } from "~/platform/protection/limits.server";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { auditContext, type Viewer } from "~/utils/auth.server";
import { parseSubmission, formFailure } from "~/utils/form.server";
import { limitAmount, limitKey } from "~/utils/limit-form.server";

/** The limits page's three forms: set (or change) a limit, remove one, confirm a waiting change. */

/** The intent picks the form; only "set" carries an amount. */
const limitSchema = (brand: BrandConfig, t: TFunction) =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("set"), ...limitKey(t), amount: limitAmount(brand, t) }),
    z.object({ intent: z.enum(["remove", "confirm"]), ...limitKey(t) }),
  ]);

export const LIMIT_INTENTS = ["set", "remove", "confirm"] as const;
export type LimitIntent = (typeof LIMIT_INTENTS)[number];

/** Which field a refusal belongs to; the rest are about the whole form. */
const FIELD_OF_ERROR: Record<string, string> = {
  limit_change_pending: "amount",
  limit_out_of_range: "amount",
};

export async function limitAction(
  formData: FormData,
  viewer: Viewer,
  request: Request,
  { brand, t }: { brand: BrandConfig; t: TFunction },
) {
  const intent = LIMIT_INTENTS.find((name) => name === formData.get("intent"));
  if (!intent) throw json({ error: "unknown_intent" }, { status: 400 });
  const submission = parseSubmission(formData, { schema: limitSchema(brand, t) });
  if (submission.status !== "success") return formFailure(submission.reply(), { intent });
  const value = submission.value;
  const db = await getDb();
  const key = { memberId: viewer.member.id, kind: value.kind, period: value.period };
  try {
    if (value.intent === "confirm") {
      await confirmLimitChange(db, key, auditContext(request));
      return redirect("/member/protection/limits?done=confirmed");
    }
    const effect = await setLimit(
      db,
      { ...key, amount: value.intent === "set" ? value.amount : null },
      auditContext(request),
    );
    return redirect(`/member/protection/limits?done=${effect}`);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const details = { ...error.details };
    if (typeof details.from === "string")
      details.from = new Date(details.from).toLocaleString("en-GB", { timeZone: brand.timeZone });
    const message = t(`protection.error.${error.code}`, {
      defaultValue: t("walletError.unknown"),
      ...details,
    });
    const field = intent === "set" ? FIELD_OF_ERROR[error.code] : undefined;
    return formFailure(
      submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
      { intent },
    );
  }
}
