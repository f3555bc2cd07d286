import { GeneralErrorBoundary } from "~/components/error-boundary";
import { notFound } from "~/utils/misc";

/** Any path no route claims: a translated 404 inside the portal layout. */
export function loader() {
  throw notFound();
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
