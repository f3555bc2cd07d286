import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DateRangeFilter } from "~/components/member/records/date-range-filter";
import { NetDeposits } from "~/components/protection/net-deposits";
import { netDeposits } from "~/platform/protection/limits-net-deposits.server";
import { listLimits } from "~/platform/protection/limits.server";
import { requireRealMember } from "~/utils/auth.server";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { readRecordFilters, recordsContext, recordsView } from "~/utils/records.server";

export const meta = titleMeta<typeof loader>();

/** The tools of issue 17 in one place, the brand's help organisation, and net deposits over a chosen window. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const { db, brand, t } = await recordsContext(request);
  const filters = readRecordFilters(request, brand, {});
  const [figures, limits] = await Promise.all([
    netDeposits(db, viewer.member.id, filters.window),
    listLimits(db, viewer.member.id),
  ]);
  return json({
    ...recordsView(brand, t("protection.title"), filters.range),
    help: brand.helpOrganisation ?? null,
    activeLimits: limits.filter((limit) => limit.amount !== null).length,
    figures: {
      deposits: figures.deposits.toString(),
      withdrawals: figures.withdrawals.toString(),
      net: figures.net.toString(),
    },
  });
}

const TOOLS = [
  { to: "/member/protection/limits", key: "limits" },
  { to: "/member/protection/break", key: "break" },
  { to: "/member/protection/reality-check", key: "realityCheck" },
] as const;

export default function Protection() {
  const { title, range, currency, figures, help, activeLimits } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="records-page protection-page">
      <h1>{title}</h1>
      <p className="muted">{t("protection.intro")}</p>
      <section className="member-card" aria-labelledby="protection-tools">
        <h2 id="protection-tools">{t("protection.tools")}</h2>
        <ul className="protection-tools" data-testid="protection-tools">
          {TOOLS.map((tool) => (
            <li key={tool.key}>
              <Link to={tool.to}>{t(`protection.tool.${tool.key}`)}</Link>
              <p className="muted">
                {t(`protection.toolNote.${tool.key}`, { active: activeLimits })}
              </p>
            </li>
          ))}
        </ul>
      </section>
      {help ? (
        <section className="member-card" aria-labelledby="protection-help">
          <h2 id="protection-help">{t("protection.help")}</h2>
          <p data-testid="help-organisation">
            <a href={help.url} rel="noopener noreferrer" target="_blank">
              {help.name}
            </a>
            {help.phone ? <> · {t("protection.helpPhone", { phone: help.phone })}</> : null}
          </p>
        </section>
      ) : null}
      <h2>{t("protection.netDeposits")}</h2>
      <DateRangeFilter range={range} />
      <NetDeposits figures={figures} currency={currency} />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
