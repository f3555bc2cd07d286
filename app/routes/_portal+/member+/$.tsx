import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireRealMember } from "~/utils/auth.server";
import { notFound } from "~/utils/misc";

/**
 * A member centre URL with no page (missions arrive with their feature).
 * This is a page route (it has a component), so the layout's guard runs for
 * its URLs: a visitor is sent to log in; a member gets a 404 inside the layout.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRealMember(request);
  throw notFound();
}

export default function MemberPageNotFound() {
  return <GeneralErrorBoundary />;
}

export const ErrorBoundary = GeneralErrorBoundary;
