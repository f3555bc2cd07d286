import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FeedbackForm } from "~/components/feedback/feedback-form";
import { FeedbackThread } from "~/components/feedback/feedback-thread";
import { Pager } from "~/components/ui/pager";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { memberFeedbackAction, memberFeedbackLoader } from "./__feedback.server";

export const meta = titleMeta<typeof loader>();

/** /member/feedback: send feedback and read the answers (see ./__feedback.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return memberFeedbackLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return memberFeedbackAction(request);
}

export default function MemberFeedback() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="records-page feedback-page">
      <h1>{data.title}</h1>
      <div aria-live="polite">
        {data.sent && !failed ? (
          <p className="form-success" role="status" data-testid="feedback-sent">
            {t("feedback.sent")}
          </p>
        ) : null}
      </div>
      <FeedbackForm types={data.types} limits={data.limits} result={failed?.result} />
      <section aria-labelledby="feedback-mine">
        <h2 id="feedback-mine">{t("feedback.mine")}</h2>
        {data.threads.length === 0 ? <p className="muted">{t("feedback.none")}</p> : null}
        {data.threads.map((thread) => (
          <FeedbackThread key={thread.id} thread={thread} />
        ))}
        <Pager
          pageNum={data.page}
          totalPages={data.pageCount}
          pageHref={(page) => `/member/feedback?page=${page}`}
        />
      </section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
