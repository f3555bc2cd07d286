import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { i18next } from "~/i18next.server";
import { listAnnouncements } from "~/platform/content/announcements.server";
import { getDb } from "~/platform/db/database.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { loginHref } from "~/utils/lobby-links";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** §2 promotion categories, and the promotion types each one lists. */
const PROMOTION_CATEGORIES: Record<string, string[] | null> = {
  all: null,
  other: ["OTHER"],
  sport: ["SPORT"],
  live: ["LIVE"],
  slots: ["SLOTS"],
  cards: ["CARDS"],
  fishing: ["FISHING"],
  lotto: ["LOTTO"],
  rebate: ["REBATE"],
  pointsMall: ["POINTS_MALL"],
  rank: ["RANK", "VIP"],
  deposit: ["DEPOSIT"],
  appDownload: ["APP_DOWNLOAD"],
  newPlayer: ["NEW_PLAYER"],
};

export async function loader({ request }: LoaderFunctionArgs) {
  const db = await getDb();
  const [language, brand] = await Promise.all([i18next.getLocale(request), getBrandConfig(db)]);
  const requested = new URL(request.url).searchParams.get("category") ?? "all";
  const category = requested in PROMOTION_CATEGORIES ? requested : "all";
  const types = PROMOTION_CATEGORIES[category];
  // Visitors see the promotions announced to visitors (execution B).
  const { promotion } = await listAnnouncements(db, {
    audience: ["B"],
    language,
    fallbackLanguage: brand.defaultLanguage,
  });
  const promotions = promotion.filter(
    (item) => !types || (item.promotionType && types.includes(item.promotionType)),
  );
  return json({
    category,
    categories: Object.keys(PROMOTION_CATEGORIES),
    promotions,
    timeZone: brand.timeZone,
  });
}

export default function Promotions() {
  const { category, categories, promotions, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="promotions-page">
      <h1>{t("promotions.title")}</h1>
      <nav className="sub-menu" aria-label={t("promotions.categories")}>
        <ul>
          {categories.map((name) => (
            <li key={name}>
              <Link
                to={name === "all" ? "/promotions" : `/promotions?category=${name}`}
                aria-current={name === category ? "true" : undefined}
              >
                {t(`promotions.category.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {promotions.length ? (
        <ul className="promotion-list">
          {promotions.map((item) => (
            <li key={item.id} className="promotion-card">
              <h2>{item.title}</h2>
              <time dateTime={item.publishedAt} className="muted">
                {formatTimestamp(item.publishedAt, timeZone)}
              </time>
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.contentHtml }} />
              <Link to={loginHref("/member/rewards")} className="button primary">
                {t("promotions.join")}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t("promotions.none")}</p>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
