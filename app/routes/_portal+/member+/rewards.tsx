import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { FormReply } from "~/components/forms/field";
import { ApplyForm } from "~/components/rewards/apply-form";
import { PromotionAction } from "~/components/rewards/promotion-action";
import { PromotionCard } from "~/components/rewards/promotion-card";
import { PROMOTION_CODE_PATTERN } from "~/platform/rewards/promotion-types";
import { rewardCentre } from "~/platform/rewards/promotion-views.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireRealMember } from "~/utils/auth.server";
import { assertSameOrigin } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { withSearchParam } from "~/utils/misc";
import { promotionAction, type PromotionActionReply } from "../__promotions.server";
import { handleApply } from "./__promotion-apply.server";
import { isMultipart, readProofUpload } from "./__proof-upload.server";

export const meta = titleMeta<typeof loader>();

const TABS = ["available", "progress", "history"] as const;
type Tab = (typeof TABS)[number];
const PAGE = "/member/rewards";

/**
 * The reward centre: what the member can join or claim now (red
 * envelopes to open among them), the bonuses being wagered with their
 * turnover, and the history. `?promotion=<code>` opens one promotion — the
 * announcement popup's "Go to promotion" — on the tab that holds it;
 * `&apply=1` opens its application form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [language, brand, t] = await Promise.all([
    i18next.getLocale(request),
    getBrandConfig(db),
    translatorFor(request),
  ]);
  const params = new URL(request.url).searchParams;
  const centre = await rewardCentre(db, {
    memberId: viewer.member.id,
    language,
    fallbackLanguage: brand.defaultLanguage,
  });
  const lists: Record<Tab, typeof centre.available> = {
    available: centre.available,
    progress: centre.inProgress,
    history: centre.history,
  };
  const code = params.get("promotion");
  const opened = code && PROMOTION_CODE_PATTERN.test(code) ? code : null;
  const holding = opened
    ? TABS.find((tab) => lists[tab].some((promotion) => promotion.code === opened))
    : undefined;
  // Opened from a link (an announcement) but none of this member's to act on: shown on its own.
  const linked =
    opened && !holding ? centre.showing.find((item) => item.code === opened) : undefined;
  const requested = params.get("tab");
  const tab: Tab = holding ?? TABS.find((name) => name === requested) ?? "available";
  const applying = params.get("apply") === "1" && holding === "available" ? opened : null;
  const done = params.get("done");
  return json({
    title: t("rewardCentre.title"),
    brandName: brand.name,
    tab,
    counts: { available: lists.available.length, progress: lists.progress.length },
    promotions: lists[tab],
    opened: holding ? opened : null,
    linked: linked ?? null,
    // A promotion that is not showing any more (or never was).
    missing: opened !== null && !holding && !linked,
    applying,
    done:
      done === "join" || done === "claim" || done === "open-envelope" || done === "apply"
        ? done
        : null,
    currency: brand.currency,
    locale: language,
    timeZone: brand.timeZone,
  });
}

type RewardsReply =
  PromotionActionReply | { form: "apply"; promotionId: string | null; result: FormReply };

export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<RewardsReply>> {
  if (!isMultipart(request)) return promotionAction(request, withoutDialogParams(request));
  assertSameOrigin(request);
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [t, brand, locale] = await Promise.all([
    translatorFor(request),
    getBrandConfig(db),
    i18next.getLocale(request),
  ]);
  const upload = await readProofUpload(request, ["comment"]);
  if (upload.fields.intent !== "apply") throw json({ error: "unknown_intent" }, { status: 400 });
  return handleApply({ db, memberId: viewer.member.id, t, brand, locale }, upload);
}

/** The page a promotion action returns to: the same tab, without what opened a promotion. */
function withoutDialogParams(request: Request) {
  const url = new URL(request.url);
  return ["done", "promotion", "apply"].reduce(
    (path, key) => withSearchParam(path, key, null),
    url.pathname + url.search,
  );
}

export default function RewardCentre() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation();
  const tabHref = (tab: Tab) => (tab === "available" ? PAGE : `${PAGE}?tab=${tab}`);
  const cardHref = (code: string) => withSearchParam(tabHref(data.tab), "promotion", code);
  const applyResult = reply && "form" in reply ? reply.result : undefined;
  const cardError = reply && "error" in reply ? reply : null;
  const memberCard = (promotion: (typeof data.promotions)[number], open: boolean) => (
    <PromotionCard
      promotion={promotion}
      currency={data.currency}
      locale={data.locale}
      timeZone={data.timeZone}
      open={open}
      detailHref={cardHref(promotion.code)}
      error={cardError?.promotionId === promotion.id ? cardError.error : null}
      action={
        <PromotionAction
          promotion={promotion}
          loginHref={null}
          applyHref={withSearchParam(cardHref(promotion.code), "apply", "1")}
        />
      }
    />
  );
  return (
    <div className="reward-centre">
      <h1>{data.title}</h1>
      <nav className="sub-menu" aria-label={t("rewardCentre.tabs")}>
        <ul>
          {TABS.map((tab) => (
            <li key={tab}>
              <Link to={tabHref(tab)} aria-current={tab === data.tab ? "page" : undefined}>
                {t(`rewardCentre.tab.${tab}`)}
                {tab !== "history" && data.counts[tab] > 0 ? (
                  <span className="badge">{data.counts[tab]}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.done && !reply ? (
        <p role="status" className="form-success" data-testid="promotion-done">
          {t(`promotions.done.${data.done}`)}
        </p>
      ) : null}
      {data.missing ? (
        <p role="status" className="empty-state" data-testid="promotion-missing">
          {t("rewardCentre.notOffered")}
        </p>
      ) : null}
      {data.linked ? (
        <section className="promotion-linked" aria-label={t("rewardCentre.linked")}>
          {memberCard(data.linked, true)}
        </section>
      ) : null}
      {data.promotions.length ? (
        <div className="promotion-list">
          {data.promotions.map((promotion) => (
            <div key={promotion.id}>
              {memberCard(promotion, promotion.code === data.opened)}
              {promotion.code === data.applying ? (
                <ApplyForm promotion={promotion} result={applyResult} />
              ) : null}
            </div>
          ))}
        </div>
      ) : (
        <p className="empty-state">{t(`rewardCentre.empty.${data.tab}`)}</p>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
