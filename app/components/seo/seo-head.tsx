import { useMatches } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { descriptionKey, headLinks, type PageAddress } from "~/utils/seo";

export interface SeoHeadProps {
  address: PageAddress;
  brandName: string;
}

/**
 * The search-engine tags of every page, from the root loader's address and
 * the deepest route: the translated description, the canonical URL and the
 * hreflang alternates (ADR 27). Remix's <Meta /> renders only the deepest
 * route's meta, so these live here once rather than in each route's meta.
 */
export function SeoHead({ address, brandName }: SeoHeadProps) {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = descriptionKey(matches.at(-1)?.id, (candidate) => t(candidate) !== candidate);
  return (
    <>
      <meta name="description" content={t(key, { brand: brandName })} />
      {headLinks(address).map((link) => (
        <link key={`${link.rel}-${link.hrefLang ?? ""}`} {...link} />
      ))}
    </>
  );
}
