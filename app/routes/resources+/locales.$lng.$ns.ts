import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { resources } from "~/utils/i18next.server";
import { isSupportedLanguage } from "~/i18n";

/** A label set for the browser's i18next, once JavaScript runs. */
export function loader({ params }: LoaderFunctionArgs) {
  const { lng, ns } = params;
  if (!isSupportedLanguage(lng) || ns !== "common")
    throw new Response("Not found", { status: 404 });
  return json(resources[lng].common, {
    headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=86400" },
  });
}
