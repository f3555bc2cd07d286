import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AgeCheckQueue } from "~/components/age-check/age-check-queue";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { ageQueueAction, ageQueueLoader } from "./__age-checks.server";

export const meta = titleMeta<typeof loader>();

/** /ops/age-checks: the age-verification queue (see ./__age-checks.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return ageQueueLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return ageQueueAction(request);
}

export default function OpsAgeChecks() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  // A refusal for a request no longer in the queue has no row to show it in.
  const orphan =
    failed && !data.rows.some((row) => row.id === failed.checkId)
      ? failed.result.error?.[""]
      : undefined;
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-age-title">
      <h1 id="ops-age-title">{data.title}</h1>
      {data.done && !failed ? (
        <p className="form-success" role="status" data-testid="ops-age-done">
          {t(`ageCheck.ops.done.${data.done}`)}
        </p>
      ) : null}
      <FormErrors errors={orphan} />
      <AgeCheckQueue rows={data.rows} timeZone={data.timeZone} failed={failed} />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
