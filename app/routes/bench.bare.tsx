import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getConfig } from "~/config.server";
import { notFound } from "~/utils/misc";

/**
 * The ceiling for `npm run bench`: the cheapest page this app can serve — the
 * root loader and document shell, no data of its own. 404 unless BENCH_ROUTES=true.
 */
export function loader() {
  if (!getConfig().BENCH_ROUTES) throw notFound();
  return null;
}

export default function BenchBare() {
  return <p>ok</p>;
}

export const ErrorBoundary = GeneralErrorBoundary;
