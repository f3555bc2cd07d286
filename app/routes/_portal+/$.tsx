import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Any path no route claims: a translated 404 inside the portal layout. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
