import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { alternateLinks, canonicalOrigin } from "~/utils/seo";

/** The pages a visitor can open without signing in (robots.txt keeps crawlers off the rest). */
export const PUBLIC_PAGES = [
  "/",
  "/rng",
  "/live",
  "/sports",
  "/fish",
  "/esports",
  "/pvp",
  "/promotions",
  "/help",
  "/download",
  "/register",
  "/login",
];

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Every address of every public page (each language's and x-default), each
 * listing all of them as alternates, as search engines ask of hreflang in sitemaps.
 */
async function loadResource({ request }: LoaderFunctionArgs) {
  const brand = await getBrandConfig(await getDb());
  const origin = canonicalOrigin(request.url, brand.mainDomain);
  const entries = PUBLIC_PAGES.flatMap((path) => {
    const links = alternateLinks(origin, path);
    const alternates = links
      .map(
        (link) =>
          `    <xhtml:link rel="alternate" hreflang="${link.hrefLang}" href="${escapeXml(link.href)}"/>`,
      )
      .join("\n");
    return links.map(
      (link) => `  <url>\n    <loc>${escapeXml(link.href)}</loc>\n${alternates}\n  </url>`,
    );
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

export const loader = withResourceHeaders(loadResource);
