import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAgent } from "~/utils/auth.server";
import { notFound } from "~/utils/misc";

/**
 * Agent centre pages arrive with the agency work. A page route (it has a
 * component), so the layout's guard runs: a non-agent goes to /agent.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  throw notFound();
}

export default function AgentPageNotFound() {
  return <GeneralErrorBoundary />;
}

export const ErrorBoundary = GeneralErrorBoundary;
