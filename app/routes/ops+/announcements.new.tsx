import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/utils/meta";
import { opsAnnouncementAction, opsAnnouncementLoader } from "./__announcements.server";
import { OpsAnnouncementPage } from "./announcements.$announcementId";

export const meta = titleMeta<typeof loader>();

/** /ops/announcements/new (see ./__announcements.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsAnnouncementLoader(request, null);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsAnnouncementAction(request, null);
}

export default OpsAnnouncementPage;

export const ErrorBoundary = GeneralErrorBoundary;
