import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/forms/field";
import { ApplicationQueue } from "~/components/ops/promotions/application-queue";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { applicationsAction, applicationsLoader } from "./__promotion-applications.server";

export const meta = titleMeta<typeof loader>();

/** /ops/promotions/applications: the queue of applications (see ./__promotion-applications.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return applicationsLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return applicationsAction(request);
}

export default function OpsApplications() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  // A refusal for an application no longer in the queue (decided meanwhile) has no row to show it in.
  const orphan =
    failed && !data.applications.some((row) => row.entryId === failed.entryId)
      ? failed.result.error?.[""]
      : undefined;
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-applications-title">
      <p>
        <Link to="/ops/promotions">{t("opsPromotions.back")}</Link>
      </p>
      <h1 id="ops-applications-title">{data.title}</h1>
      {data.done && !failed ? (
        <p className="form-success" role="status" data-testid="ops-application-done">
          {t(`opsPromotions.applications.done.${data.done}`)}
        </p>
      ) : null}
      <FormErrors errors={orphan} />
      <p className="muted">{t("opsPromotions.applications.total", { total: data.total })}</p>
      <ApplicationQueue
        applications={data.applications}
        page={data.page}
        pageCount={data.pageCount}
        timeZone={data.timeZone}
        currencySymbol={data.currency.symbol}
        failed={failed}
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
