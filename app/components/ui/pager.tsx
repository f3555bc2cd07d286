import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { pagerItems } from "~/utils/pagination";

/** Links for a Pager that keep the page's other search parameters (its filters), with `page` set. */
export function useSamePageHref() {
  const location = useLocation();
  return (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(page));
    return `${location.pathname}?${params.toString()}`;
  };
}

/** Numbered pages (range 5, 1 margin page) as links, so paging works without JavaScript. */
export function Pager({
  pageNum,
  totalPages,
  pageHref,
}: {
  pageNum: number;
  totalPages: number;
  pageHref: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t("pager.pages")}>
      <ul>
        <li>
          {pageNum > 1 ? (
            <Link to={pageHref(pageNum - 1)} rel="prev">
              {t("pager.previous")}
            </Link>
          ) : (
            <span aria-disabled="true">{t("pager.previous")}</span>
          )}
        </li>
        {pagerItems(pageNum, totalPages).map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={pageHref(item.page)}
                aria-current={item.page === pageNum ? "page" : undefined}
                aria-label={t("pager.page", { page: item.page })}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {pageNum < totalPages ? (
            <Link to={pageHref(pageNum + 1)} rel="next">
              {t("pager.next")}
            </Link>
          ) : (
            <span aria-disabled="true">{t("pager.next")}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
