import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RealitySettingsForm } from "~/components/reality-check/settings-form";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import {
  answerReality,
  realitySettings,
  saveRealitySettings,
} from "~/platform/protection/reality.server";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { auditContext, requireRealMember } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/misc";

export const meta = titleMeta<typeof loader>();

/**
 * Reality checks (issue 17): the member's reminder interval and session time
 * limit, and the answers of a due reminder (Continue / View history), which
 * gambling pages post here. Log out posts to /logout.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  const settings = await realitySettings(db, viewer.member.id, brand);
  return json({
    title: t("realityCheck.title"),
    brandName: brand.name,
    settings,
    intervals: brand.realityCheck.intervals,
    limits: brand.realityCheck.sessionLimitMinutes,
    saved: new URL(request.url).searchParams.get("saved") === "1",
  });
}

const settingsSchema = (brand: BrandConfig, t: TFunction) => {
  const { min, max } = brand.realityCheck.sessionLimitMinutes;
  return z.object({
    intent: z.literal("settings"),
    interval: z.coerce
      .number({ error: t("realityCheck.error.invalid_interval") })
      .int({ error: t("realityCheck.error.invalid_interval") })
      .refine((value) => brand.realityCheck.intervals.includes(value), {
        error: t("realityCheck.error.invalid_interval"),
      }),
    sessionLimit: z.coerce
      .number({ error: t("realityCheck.error.invalid_session_limit", { min, max }) })
      .int({ error: t("realityCheck.error.invalid_session_limit", { min, max }) })
      .min(min, { error: t("realityCheck.error.invalid_session_limit", { min, max }) })
      .max(max, { error: t("realityCheck.error.invalid_session_limit", { min, max }) })
      .optional(),
  });
};

const answerSchema = z.object({
  intent: z.enum(["continue", "history"]),
  returnTo: z.string().max(500).optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, { honeypot: true });
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  const context = auditContext(request);
  if (formData.get("intent") === "settings") {
    const submission = parseSubmission(formData, { schema: settingsSchema(brand, t) });
    if (submission.status !== "success") return formFailure(submission.reply());
    try {
      await saveRealitySettings(
        db,
        viewer.member.id,
        {
          intervalMinutes: submission.value.interval,
          sessionLimitMinutes: submission.value.sessionLimit ?? null,
        },
        brand,
        context,
      );
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const { min, max } = brand.realityCheck.sessionLimitMinutes;
      return formFailure(
        submission.reply({ formErrors: [t(`realityCheck.error.${error.code}`, { min, max })] }),
      );
    }
    return redirect("/member/protection/reality-check?saved=1");
  }
  const answer = answerSchema.safeParse(Object.fromEntries(formData));
  if (!answer.success) throw json({ error: "invalid_answer" }, { status: 400 });
  await answerReality(db, viewer.member.id, viewer.sessionId, answer.data.intent, context);
  return redirect(
    answer.data.intent === "history"
      ? "/member/betting-record"
      : safeRedirectPath(answer.data.returnTo, "/"),
  );
}

export default function RealityCheckSettings() {
  const { settings, intervals, limits, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RealitySettingsForm
      settings={settings}
      intervals={intervals}
      limits={limits}
      saved={saved && !actionData}
      result={actionData?.result}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
