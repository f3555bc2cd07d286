import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { MemberCentreNav } from "~/components/member/member-centre-nav";
import { unreadMessageCount } from "~/platform/content/messages.server";
import { getDb } from "~/platform/db/database.server";
import { requireRealMember } from "~/utils/auth.server";

/** The member centre subtree (DESIGN §4), guarded here; each child loader and action re-checks on its own. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const unreadMessages = await unreadMessageCount(await getDb(), viewer.member.id);
  return json({ hasUpline: viewer.member.parentId !== null, unreadMessages });
}

export default function MemberLayout() {
  const { hasUpline, unreadMessages } = useLoaderData<typeof loader>();
  return (
    <div className="member-centre">
      <MemberCentreNav hasUpline={hasUpline} unreadMessages={unreadMessages} />
      <div className="member-page">
        <Outlet />
      </div>
    </div>
  );
}
