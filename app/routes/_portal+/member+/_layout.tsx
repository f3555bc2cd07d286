import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { MemberCentreNav } from "~/components/member/member-centre-nav";
import type { loader as portalLoader } from "~/routes/_portal+/_layout";
import { requireRealMember } from "~/utils/auth.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** The member centre subtree (DESIGN §4), guarded here; each child loader and action re-checks on its own. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  return json({ hasUpline: viewer.member.parentId !== null });
}

export default function MemberLayout() {
  const { hasUpline } = useLoaderData<typeof loader>();
  // The portal layout already counted the unread messages for the header.
  const unreadMessages =
    useRouteLoaderData<typeof portalLoader>("routes/_portal+/_layout")?.viewer?.unreadMessages ?? 0;
  return (
    <div className="member-centre">
      <MemberCentreNav hasUpline={hasUpline} unreadMessages={unreadMessages} />
      <div className="member-page">
        <Outlet />
      </div>
    </div>
  );
}

/**
 * Every member page renders its own errors beside the member centre's menu; only
 * this layout's own failure lands here, inside the portal's header and menus.
 */
export const ErrorBoundary = GeneralErrorBoundary;
