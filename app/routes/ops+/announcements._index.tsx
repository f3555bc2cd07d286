import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AnnouncementList } from "~/components/ops/announcements/announcement-list";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsAnnouncementsAction, opsAnnouncementsLoader } from "./__announcements.server";

export const meta = titleMeta<typeof loader>();

/** /ops/announcements: every announcement, publish, unpublish, delete (see ./__announcements.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsAnnouncementsLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsAnnouncementsAction(request);
}

export default function OpsAnnouncements() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="member-card ops-queue" aria-labelledby="ops-announcements-title">
      <h1 id="ops-announcements-title">{data.title}</h1>
      <div aria-live="polite">
        {data.done ? (
          <p className="form-success" role="status" data-testid="ops-announcements-done">
            {t(`opsAnnouncements.done.${data.done}`)}
          </p>
        ) : null}
      </div>
      <p>
        <Link
          to="/ops/announcements/new"
          className="button primary"
          data-testid="ops-announcement-new"
        >
          {t("opsAnnouncements.new")}
        </Link>
      </p>
      <AnnouncementList announcements={data.announcements} />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
