import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PromotionAction } from "~/components/rewards/promotion-action";
import { PromotionCard } from "~/components/rewards/promotion-card";
import {
  PROMOTION_CATEGORIES,
  PROMOTION_CODE_PATTERN,
  type PromotionCategory,
} from "~/platform/rewards/promotion-types";
import { listPromotions } from "~/platform/rewards/promotion-views.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { visitorPageLoader } from "~/server/page-cache.server";
import { getViewer } from "~/utils/auth.server";
import { useTranslation } from "~/utils/i18n";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { loginHref } from "~/utils/lobby-links";
import { titleMeta } from "~/utils/meta";
import { withSearchParam } from "~/utils/misc";
import { promotionAction } from "./__promotions.server";

export const meta = titleMeta<typeof loader>();

const isCategory = (value: string | null): value is PromotionCategory =>
  value !== null && (PROMOTION_CATEGORIES as readonly string[]).includes(value);

/**
 * Promotions: the category tabs (URL state), every published promotion
 * with this reader's state, and one promotion's rules opened by
 * `?promotion=<code>`. Visitors see what they could join; their Join goes
 * through the login dialog and comes back here, to the same promotion.
 */
export function loader(args: LoaderFunctionArgs) {
  return visitorPageLoader(args, () => load(args.request));
}

async function load(request: Request) {
  const db = await getDb();
  const [language, brand, viewer, t] = await Promise.all([
    i18next.getLocale(request),
    getBrandConfig(db),
    getViewer(request),
    translatorFor(request),
  ]);
  const params = new URL(request.url).searchParams;
  const requested = params.get("category");
  const category = isCategory(requested) ? requested : null;
  const code = params.get("promotion");
  const promotions = await listPromotions(db, {
    memberId: viewer && !viewer.member.isTrial ? viewer.member.id : null,
    language,
    fallbackLanguage: brand.defaultLanguage,
    category: category ?? undefined,
  });
  const opened = code && PROMOTION_CODE_PATTERN.test(code) ? code : null;
  if (opened && !promotions.some((promotion) => promotion.code === opened)) {
    throw new Response(t("promotions.notFound"), { status: 404 });
  }
  const done = params.get("done");
  return json({
    title: t("promotions.title"),
    brandName: brand.name,
    category: category ?? "all",
    promotions,
    opened,
    done: done === "join" || done === "claim" || done === "open-envelope" ? done : null,
    signedIn: Boolean(viewer),
    currency: brand.currency,
    locale: language,
    timeZone: brand.timeZone,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const back = withSearchParam(
    withSearchParam(url.pathname + url.search, "done", null),
    "promotion",
    null,
  );
  return promotionAction(request, back);
}

export default function Promotions() {
  const { category, promotions, opened, done, signedIn, currency, locale, timeZone } =
    useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const { t } = useTranslation();
  const here = (params: Record<string, string | null>) =>
    Object.entries(params).reduce(
      (url, [key, value]) => withSearchParam(url, key, value),
      category === "all" ? "/promotions" : `/promotions?category=${category}`,
    );
  return (
    <div className="promotions-page">
      <h1>{t("promotions.title")}</h1>
      <nav className="sub-menu" aria-label={t("promotions.categories")}>
        <ul>
          {["all", ...PROMOTION_CATEGORIES].map((name) => (
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
      {done ? (
        <p role="status" className="form-success" data-testid="promotion-done">
          {t(`promotions.done.${done}`)}
        </p>
      ) : null}
      {promotions.length ? (
        <div className="promotion-list">
          {promotions.map((promotion) => (
            <PromotionCard
              key={promotion.id}
              promotion={promotion}
              currency={currency}
              locale={locale}
              timeZone={timeZone}
              open={promotion.code === opened}
              detailHref={here({ promotion: promotion.code })}
              error={failure?.promotionId === promotion.id ? failure.error : null}
              action={
                <PromotionAction
                  promotion={promotion}
                  loginHref={signedIn ? null : loginHref(here({ promotion: promotion.code }))}
                  applyHref={`/member/rewards?promotion=${promotion.code}&apply=1`}
                />
              }
            />
          ))}
        </div>
      ) : (
        <p className="empty-state">{t("promotions.none")}</p>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
