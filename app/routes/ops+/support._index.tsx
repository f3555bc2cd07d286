import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CountBadge } from "~/components/ui/count-badge";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsSupportQueueLoader } from "./__support.server";

export const meta = titleMeta<typeof loader>();

/** /ops/support: open support conversations, latest message first; `?status=waiting` those waiting for staff. */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsSupportQueueLoader(request);
}

export default function OpsSupportQueue() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="ops-queue" aria-labelledby="ops-support-title">
      <h1 id="ops-support-title">{data.title}</h1>
      <nav aria-label={t("support.ops.filterLabel")}>
        <ul className="tabs-list ops-kinds">
          {(["waiting", "open"] as const).map((filter) => (
            <li key={filter}>
              <Link
                to={filter === "waiting" ? "/ops/support?status=waiting" : "/ops/support"}
                aria-current={filter === data.filter ? "page" : undefined}
              >
                {t(`support.ops.${filter}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.conversations.length === 0 ? (
        <p className="muted">
          {data.filter === "waiting" ? t("support.ops.noneWaiting") : t("support.ops.none")}
        </p>
      ) : null}
      <ul className="support-queue" data-testid="ops-support-queue" aria-live="polite">
        {data.conversations.map((row) => (
          <li key={row.id}>
            <Link to={`/ops/support/${row.id}`}>{row.account}</Link> · <time>{row.at}</time>
            {row.unread > 0 ? (
              <CountBadge count={row.unread} spoken={t("support.unread", { count: row.unread })} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
