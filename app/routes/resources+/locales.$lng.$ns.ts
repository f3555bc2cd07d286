import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { isSupportedLanguage } from "~/i18n";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { resources } from "~/utils/i18next.server";
import { notFound } from "~/utils/misc";

/** A label set for the browser's i18next, once JavaScript runs. */
function loadResource({ params }: LoaderFunctionArgs) {
  const { lng, ns } = params;
  if (!isSupportedLanguage(lng) || ns !== "common") throw notFound();
  return json(resources[lng].common, {
    headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=86400" },
  });
}

export const loader = withResourceHeaders(loadResource);
