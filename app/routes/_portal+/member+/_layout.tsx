import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MemberCentreNav } from "~/components/member/member-centre-nav";
import { claimableMissionCount } from "~/platform/rewards/missions/mission-progress.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import type { loader as portalLoader } from "~/routes/_portal+/_layout";
import { requireRealMember } from "~/utils/auth.server";

/** The member centre subtree (/member/…), guarded here; each child loader and action re-checks on its own. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const brand = await getBrandConfig(db);
  // Only the member centre shows the missions badge: its one query runs on these pages alone.
  const claimableMissions = await claimableMissionCount(db, viewer.member.id, brand.timeZone);
  return json({ hasUpline: viewer.member.parentId !== null, claimableMissions });
}

export default function MemberLayout() {
  const { hasUpline, claimableMissions } = useLoaderData<typeof loader>();
  // The portal layout already counted them for the header's unclaimed count.
  const portal = useRouteLoaderData<typeof portalLoader>("routes/_portal+/_layout");
  const viewer = portal?.viewer;
  const badges = {
    messages: viewer?.unreadMessages ?? 0,
    rewards: viewer?.availablePromos ?? 0,
    missions: claimableMissions,
    support: viewer?.supportUnread ?? 0,
  };
  return (
    <div className="member-centre">
      <MemberCentreNav
        hasUpline={hasUpline}
        referral={portal?.referralEnabled ?? false}
        badges={badges}
      />
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
