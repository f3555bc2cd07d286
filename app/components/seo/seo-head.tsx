import { useMatches, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { descriptionKey, headLinks, type PageAddress } from "~/utils/seo";

/**
 * The search-engine tags of every page, from the root loader's `address` and
 * the deepest route: the translated description, the canonical URL and the
 * hreflang alternates (ADR 27). Remix's <Meta /> renders only the deepest
 * route's meta, so these live here once rather than in each route's meta.
 */
export function SeoHead() {
  const { t } = useTranslation();
  const matches = useMatches();
  const root = useRouteLoaderData("root") as
    | { address?: PageAddress; brand?: { name: string } }
    | undefined;
  if (!root?.address) return null;
  const key = descriptionKey(matches.at(-1)?.id, (candidate) => t(candidate) !== candidate);
  return (
    <>
      <meta name="description" content={t(key, { brand: root.brand?.name ?? "" })} />
      {headLinks(root.address).map((link) => (
        <link key={`${link.rel}-${link.hrefLang ?? ""}`} {...link} />
      ))}
    </>
  );
}
