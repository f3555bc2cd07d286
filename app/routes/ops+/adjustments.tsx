import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/forms/field";
import { AdjustmentList } from "~/components/ops/adjustments/adjustment-list";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsAdjustmentDecision, opsAdjustmentsLoader } from "./__adjustments.server";

export const meta = titleMeta<typeof loader>();

/** /ops/adjustments: manual adjustments waiting for a second staff member (see ./__adjustments.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsAdjustmentsLoader(request);
}

/** Approve or reject, posted from this queue or from a player page's adjustments tab. */
export async function action({ request }: ActionFunctionArgs) {
  return opsAdjustmentDecision(request);
}

export default function OpsAdjustments() {
  const { title, rows, currency, timeZone, done } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-adjustments-title">
      <h1 id="ops-adjustments-title">{title}</h1>
      <p className="muted">{t("opsAdjustments.intro")}</p>
      <div aria-live="polite">
        {done && !failed ? (
          <p className="form-success" role="status" data-testid="adjustments-done">
            {t(`opsPlayers.suspension.done.${done}`)}
          </p>
        ) : null}
      </div>
      <FormErrors errors={failed?.result.error?.[""]} />
      <AdjustmentList
        rows={rows}
        currency={currency}
        timeZone={timeZone}
        returnTo="/ops/adjustments"
        showMember
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
