import { PromotionCard } from "~/components/rewards/promotion-card";
import type { PromotionCardData } from "~/components/rewards/types";
import { useTranslation } from "~/utils/i18n";
import type { Currency } from "./types";

/** How the member's card will look: the page's own card component, with a button that does nothing. */
export function PromotionPreview({
  promotion,
  currency,
  timeZone,
}: {
  promotion: PromotionCardData;
  currency: Currency;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section
      id="promotion-preview"
      className="member-card ops-promotion-preview"
      aria-labelledby="promotion-preview-title"
      data-testid="ops-promotion-preview-card"
    >
      <h2 id="promotion-preview-title">{t("opsPromotions.form.previewTitle")}</h2>
      <p className="muted">{t("opsPromotions.form.previewNote")}</p>
      <PromotionCard
        promotion={promotion}
        currency={currency}
        locale={i18n.language}
        timeZone={timeZone}
        action={
          <span className="button primary" aria-disabled="true">
            {t(`rewards.states.${promotion.state}`)}
          </span>
        }
        detailHref="#promotion-preview"
        open
        error={null}
      />
    </section>
  );
}
