import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GrantFilters, GrantList } from "~/components/ops/promotions/grant-list";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { grantsAction, grantsLoader } from "./__promotion-grants.server";

export const meta = titleMeta<typeof loader>();

/** /ops/promotions/grants: issued bonuses and their turnover (see ./__promotion-grants.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return grantsLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return grantsAction(request);
}

export default function OpsGrants() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-grants-title">
      <p>
        <Link to="/ops/promotions">{t("opsPromotions.back")}</Link>
      </p>
      <h1 id="ops-grants-title">{data.title}</h1>
      {data.done && !failed ? (
        <p className="form-success" role="status" data-testid="ops-grant-done">
          {t("opsPromotions.grants.done")}
        </p>
      ) : null}
      <GrantFilters place={data.place} promotions={data.promotions} />
      <p className="muted">{t("opsPromotions.grants.total", { total: data.total })}</p>
      <GrantList
        grants={data.grants}
        place={data.place}
        pageCount={data.pageCount}
        currency={data.currency}
        timeZone={data.timeZone}
        failed={failed}
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
