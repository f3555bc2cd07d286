import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FeedbackThread } from "~/components/feedback/feedback-thread";
import { FeedbackActions } from "~/components/ops/feedback/feedback-actions";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsFeedbackThreadAction, opsFeedbackThreadLoader } from "./__feedback.server";

export const meta = titleMeta<typeof loader>();

/** /ops/feedback/:threadId: one feedback with its images; answer or close it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return opsFeedbackThreadLoader(request, params.threadId ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return opsFeedbackThreadAction(request, params.threadId ?? "");
}

export default function OpsFeedbackThread() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="ops-queue" aria-labelledby="ops-feedback-thread-title">
      <p>
        <Link to="/ops/feedback">{t("feedback.ops.back")}</Link>
      </p>
      <div aria-live="polite">
        {data.done && !failed ? (
          <p className="form-success" role="status" data-testid="ops-feedback-done">
            {t(`feedback.ops.done.${data.done}`)}
          </p>
        ) : null}
      </div>
      <FeedbackThread
        thread={data.thread}
        heading={<h1 id="ops-feedback-thread-title">{data.title}</h1>}
      />
      {data.thread.status === "closed" ? null : (
        <FeedbackActions answerMax={data.answerMax} result={failed?.result} />
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
