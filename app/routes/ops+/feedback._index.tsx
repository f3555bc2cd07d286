import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FeedbackFilters } from "~/components/ops/feedback/feedback-filters";
import { FeedbackQueue } from "~/components/ops/feedback/feedback-queue";
import { Pager } from "~/components/ui/pager";
import { titleMeta } from "~/utils/meta";
import { withSearchParam } from "~/utils/misc";
import { opsFeedbackListLoader } from "./__feedback.server";

export const meta = titleMeta<typeof loader>();

/** /ops/feedback: the feedback queue, filtered by status and question type (see ./__feedback.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsFeedbackListLoader(request);
}

export default function OpsFeedback() {
  const data = useLoaderData<typeof loader>();
  const base = withSearchParam(
    withSearchParam("/ops/feedback", "status", data.filter.status || null),
    "type",
    data.filter.type || null,
  );
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-feedback-title">
      <h1 id="ops-feedback-title">{data.title}</h1>
      <FeedbackFilters filter={data.filter} statuses={data.statuses} types={data.types} />
      <FeedbackQueue threads={data.threads} total={data.total} />
      <Pager
        pageNum={data.page}
        totalPages={data.pageCount}
        pageHref={(page) => withSearchParam(base, "page", page)}
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
