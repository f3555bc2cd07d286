import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AnnouncementForm } from "~/components/ops/announcements/announcement-form";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsAnnouncementAction, opsAnnouncementLoader } from "./__announcements.server";

export const meta = titleMeta<typeof loader>();

/** /ops/announcements/<id>: edit one (see ./__announcements.server.ts). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return opsAnnouncementLoader(request, params.announcementId ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return opsAnnouncementAction(request, params.announcementId ?? "");
}

/** The announcement's page, new or existing alike. */
export function OpsAnnouncementPage() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="member-card" aria-labelledby="ops-announcement-title">
      <p>
        <Link to="/ops/announcements">{t("opsAnnouncements.back")}</Link>
      </p>
      <h1 id="ops-announcement-title">{data.title}</h1>
      <AnnouncementForm
        announcement={data.announcement}
        types={data.types}
        executions={data.executions}
        languages={data.languages}
        result={failed?.result}
      />
    </section>
  );
}

export default OpsAnnouncementPage;

export const ErrorBoundary = GeneralErrorBoundary;
