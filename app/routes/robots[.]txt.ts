import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { canonicalOrigin } from "~/utils/seo";

/**
 * Crawlers stay out of the signed-in areas and the resource routes, except
 * what a public page needs to render as a visitor sees it (its labels and
 * game and vendor icons).
 */
const RULES = [
  "User-agent: *",
  "Disallow: /member",
  "Disallow: /agent",
  "Disallow: /ops",
  "Disallow: /resources/",
  "Allow: /resources/locales/",
  "Allow: /resources/icons/",
];

async function loadResource({ request }: LoaderFunctionArgs) {
  const brand = await getBrandConfig(await getDb());
  const origin = canonicalOrigin(request.url, brand.mainDomain);
  return new Response([...RULES, "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n"), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

export const loader = withResourceHeaders(loadResource);
