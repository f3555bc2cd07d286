import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/forms/field";
import { RedemptionQueue } from "~/components/ops/points/redemption-queue";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { redemptionQueueAction, redemptionQueueLoader } from "./__points-redemptions.server";

export const meta = titleMeta<typeof loader>();

/** /ops/points/redemptions: the redemption queue (see ./__points-redemptions.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return redemptionQueueLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return redemptionQueueAction(request);
}

export default function OpsRedemptions() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  // A refusal for a redemption no longer in the queue has no row to show it in.
  const orphan =
    failed && !data.rows.some((row) => row.id === failed.redemptionId)
      ? failed.result.error?.[""]
      : undefined;
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-redemptions-title">
      <p>
        <Link to="/ops/points">{t("opsPoints.back")}</Link>
      </p>
      <h1 id="ops-redemptions-title">{data.title}</h1>
      {data.done && !failed ? (
        <p className="form-success" role="status" data-testid="ops-redemption-done">
          {t(`opsPoints.queue.done.${data.done}`)}
        </p>
      ) : null}
      <FormErrors errors={orphan} />
      <RedemptionQueue
        rows={data.rows}
        page={data.page}
        pageCount={data.pageCount}
        timeZone={data.timeZone}
        failed={failed}
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
