import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NothingToActOn, QueueCards } from "~/components/ops/home/queue-cards";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsHomeLoader } from "./__ops-home.server";

export const meta = titleMeta<typeof loader>();

/**
 * /ops, where sign-in lands: the queues this staff member works on, each with what waits
 * and how long the oldest has (see ./__ops-home.server.ts). The layout's live channel
 * re-reads it when a queue grows; a reload does the same without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsHomeLoader(request);
}

export default function OpsHome() {
  const { title, cards, pages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-home-title">
      <h1 id="ops-home-title">{title}</h1>
      {cards.length > 0 ? (
        <>
          <p className="muted">{t("opsHome.intro")}</p>
          <QueueCards cards={cards} />
        </>
      ) : (
        <NothingToActOn pages={pages} />
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
