// Shared by design: the root's loader and head, and the sitemap route, address pages the same way.
import { isSupportedLanguage, supportedLanguages } from "~/i18n";

/**
 * How search engines address a page (ADR 27): its path on the canonical origin,
 * one URL per language with `?lng=` (remix-i18next reads it before the cookie),
 * and the bare path as `x-default`, where the visitor's cookie or
 * Accept-Language decides.
 */
export interface PageAddress {
  origin: string;
  path: string;
  /** The language asked for in the URL; null when the visitor's preferences decide. */
  language: string | null;
}

export interface HeadLink {
  rel: "canonical" | "alternate";
  href: string;
  hrefLang?: string;
}

/**
 * The origin pages are canonical on: the request's, in https when the host is
 * the brand's configured main domain (or under it), because a proxy in front
 * terminates TLS and remix-serve sees plain http.
 */
export function canonicalOrigin(requestUrl: string, mainDomain = ""): string {
  const url = new URL(requestUrl);
  const domain = mainDomain.trim().toLowerCase();
  const ours = domain && (url.hostname === domain || url.hostname.endsWith(`.${domain}`));
  return ours ? `https://${url.host}` : url.origin;
}

/** The lobby's other addresses: one page for search engines. */
const LOBBY_ALIASES = new Set(["/home", "/index.html"]);

export function pageAddress(requestUrl: string, mainDomain = ""): PageAddress {
  const url = new URL(requestUrl);
  const asked = url.searchParams.get("lng");
  return {
    origin: canonicalOrigin(requestUrl, mainDomain),
    path: LOBBY_ALIASES.has(url.pathname) ? "/" : url.pathname,
    language: isSupportedLanguage(asked) ? asked : null,
  };
}

export function languageUrl(origin: string, path: string, language: string | null): string {
  return `${origin}${path}${language ? `?lng=${language}` : ""}`;
}

/** Every language's URL of the page, then x-default. */
export function alternateLinks(origin: string, path: string): HeadLink[] {
  return [
    ...supportedLanguages.map((language): HeadLink => ({
      rel: "alternate",
      hrefLang: language,
      href: languageUrl(origin, path, language),
    })),
    { rel: "alternate", hrefLang: "x-default", href: languageUrl(origin, path, null) },
  ];
}

/** The canonical link (the page in the language its URL names) and the alternates. */
export function headLinks(address: PageAddress): HeadLink[] {
  return [
    { rel: "canonical", href: languageUrl(address.origin, address.path, address.language) },
    ...alternateLinks(address.origin, address.path),
  ];
}

/** Route files that are another address, or a variant, of a page with a description. */
const SAME_PAGE: Record<string, string> = {
  home: "index",
  lott: "lottery",
  elott: "lottery",
  vnLottery: "lottery",
  seaLottery: "lottery",
};

/**
 * The key of a page's description: `seo.pages.<route file name>` ("live",
 * "promotions"), from the deepest route's id; every other page uses
 * `seo.pages.default`. One table in the label sets instead of a meta export per route.
 */
export function descriptionKey(routeId: string | undefined, known: (key: string) => boolean) {
  const file = (routeId ?? "").split("/").pop() ?? "";
  const stem = file.replace(/[^A-Za-z0-9].*$/, "");
  const name = SAME_PAGE[stem] ?? stem;
  const key = `seo.pages.${name}`;
  return name && known(key) ? key : "seo.pages.default";
}
