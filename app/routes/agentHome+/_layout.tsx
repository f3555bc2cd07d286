import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireAgent } from "~/utils/auth.server";

/** The agent centre (no portal header or footer), guarded in its loader: a non-agent goes to /agent. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  return null;
}

export default function AgentHomeLayout() {
  return <Outlet />;
}
