import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireRealMember } from "~/utils/auth.server";

/** The member centre subtree (DESIGN §4), guarded here; each action re-checks on its own. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRealMember(request);
  return null;
}

export default function MemberLayout() {
  return <Outlet />;
}
