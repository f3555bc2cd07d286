import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BreakConfirm } from "~/components/protection-break/break-confirm";
import { BreakHistory } from "~/components/protection-break/break-history";
import { BreakToolForm } from "~/components/protection-break/break-tool-form";
import type { BreakConfirmView, BreakKindView } from "~/components/protection-break/types";
import { audit } from "~/platform/audit/audit.server";
import { BREAK_BOUNDS, breakEnd, breaksOf, takeBreak } from "~/platform/protection/breaks.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { auditContext, requireRealMember } from "~/utils/auth.server";
import { breakFormSchema, breakTime } from "~/utils/break-form.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { clearSessionCookieHeader } from "~/utils/session.server";

export const meta = titleMeta<typeof loader>();

/**
 * Issue 17: take a break (time-out) or exclude oneself. A member on a break is
 * signed out and can not reach this page, so what it shows is the history;
 * there is deliberately no form that ends or shortens a break.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t, rows] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    breaksOf(db, viewer.member.id),
  ]);
  const time = (value: Date | string) => breakTime(value, brand.timeZone);
  return json({
    title: t("protectionBreak.title"),
    brandName: brand.name,
    bounds: BREAK_BOUNDS,
    history: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      startsAt: time(row.starts_at),
      endsAt: time(row.ends_at),
      source: row.source,
      reopenRequestedAt: row.reopen_requested_at ? time(row.reopen_requested_at) : null,
    })),
  });
}

type BreakReply = {
  kind?: BreakKindView;
  result: SubmissionResult<string[]>;
  confirm?: BreakConfirmView;
};

export async function action({ request }: ActionFunctionArgs): Promise<TypedResponse<BreakReply>> {
  const formData = await readForm(request, { honeypot: true });
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  const intent = formData.get("intent");
  if (intent !== "review" && intent !== "confirm") {
    // A forged lift, shorten or end: there is no such action. Recorded, refused, nothing changes.
    await audit(db, "protection_lift_refused", auditContext(request), {
      memberId: viewer.member.id,
      detail: { intent: String(intent ?? "").slice(0, 40) },
    });
    return formFailure({ status: "error", error: { "": [t("protectionBreak.errors.noLift")] } });
  }
  const submission = parseSubmission(formData, { schema: breakFormSchema(t) });
  const kind = formData.get("kind") === "exclusion" ? "exclusion" : "time_out";
  if (submission.status !== "success") return formFailure(submission.reply(), { kind });
  const { length } = submission.value;
  if (intent === "review" || formData.get("understood") !== "on") {
    return json({
      kind: submission.value.kind,
      result: submission.reply(),
      confirm: {
        kind: submission.value.kind,
        length,
        until: breakTime(breakEnd(submission.value.kind, length, new Date()), brand.timeZone),
      },
    });
  }
  await takeBreak(
    db,
    {
      memberId: viewer.member.id,
      kind: submission.value.kind,
      length,
      source: "member",
      actorId: viewer.member.id,
    },
    auditContext(request),
  );
  // The break ended every session already; the cookie goes too.
  return redirect("/", { headers: { "Set-Cookie": await clearSessionCookieHeader(request) } });
}

export default function TakeABreak() {
  const { bounds, history } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="protection-break-page">
      <h1>{t("protectionBreak.title")}</h1>
      <p className="muted">{t("protectionBreak.intro")}</p>
      {reply?.confirm ? <BreakConfirm confirm={reply.confirm} /> : null}
      <BreakHistory rows={history} />
      {(["time_out", "exclusion"] as const).map((kind) => (
        <BreakToolForm
          key={kind}
          kind={kind}
          bounds={bounds[kind]}
          result={reply?.kind === kind && !reply.confirm ? reply.result : undefined}
        />
      ))}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
