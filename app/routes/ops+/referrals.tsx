import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/forms/field";
import { ReferralQueue } from "~/components/ops/referrals/referral-queue";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsReferralsAction, opsReferralsLoader } from "./__referrals.server";

export const meta = titleMeta<typeof loader>();

/** /ops/referrals: held referral rewards to decide, then recent ones (see ./__referrals.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsReferralsLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsReferralsAction(request);
}

export default function OpsReferrals() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-referrals-title">
      <h1 id="ops-referrals-title">{data.title}</h1>
      {data.done && !failed ? (
        <p className="form-success" role="status" data-testid="ops-referral-done">
          {t(`opsReferrals.done.${data.done}`)}
        </p>
      ) : null}
      <FormErrors errors={failed?.result.error?.[""]} />
      <p className="muted">{t("opsReferrals.held", { count: data.held })}</p>
      <ReferralQueue
        rows={data.rows}
        page={data.page}
        pageCount={data.pageCount}
        timeZone={data.timeZone}
        currency={data.currency}
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
