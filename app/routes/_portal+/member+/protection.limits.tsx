import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LimitForm } from "~/components/protection/limit-form";
import { LimitsTable } from "~/components/protection/limits-table";
import { headroom } from "~/platform/protection/limits-usage.server";
import { confirmableFrom, listLimits } from "~/platform/protection/limits.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireRealMember } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { limitAction } from "./__protection-limits.server";

export const meta = titleMeta<typeof loader>();

const DONE = ["now", "pending", "unchanged", "confirmed"] as const;

/** The member's deposit, loss and wager limits: what is used of each, waiting changes and their dates. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t, limits, used] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    listLimits(db, viewer.member.id),
    headroom(db, viewer.member.id, ["deposit", "loss", "wager"], new Date()),
  ]);
  const now = Date.now();
  const done = new URL(request.url).searchParams.get("done");
  return json({
    title: t("protection.limits.title"),
    brandName: brand.name,
    currency: brand.currency,
    timeZone: brand.timeZone,
    done: DONE.find((name) => name === done) ?? null,
    limits: limits.map((limit) => {
      const from = confirmableFrom(limit);
      const usage = used.find((u) => u.kind === limit.kind && u.period === limit.period);
      return {
        kind: limit.kind,
        period: limit.period,
        amount: limit.amount,
        used: usage ? usage.used.toString() : null,
        pending: limit.pending_since
          ? {
              amount: limit.pending_amount,
              from: from!.toISOString(),
              confirmable: from!.getTime() <= now,
            }
          : null,
      };
    }),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, { honeypot: true });
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  return limitAction(formData, viewer, request, { brand, t });
}

export default function ProtectionLimits() {
  const { title, currency, timeZone, done, limits } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const resultFor = (intent: string) =>
    actionData && "intent" in actionData && actionData.intent === intent
      ? actionData.result
      : undefined;
  return (
    <div className="protection-page">
      <p>
        <Link to="/member/protection">{t("protection.back")}</Link>
      </p>
      <h1>{title}</h1>
      <p className="muted">{t("protection.limits.intro")}</p>
      {done && !actionData ? (
        <p className="form-success" role="status" data-testid="limit-done">
          {t(`protection.limits.done.${done}`)}
        </p>
      ) : null}
      <LimitsTable
        limits={limits}
        currency={currency}
        timeZone={timeZone}
        result={resultFor("remove") ?? resultFor("confirm")}
      />
      <LimitForm result={resultFor("set")} />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
