import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import type { PromotionCardData } from "./types";

/** The promotion actions a member posts; the route's action reads the same names. */
export type PromotionIntent = "join" | "claim" | "open-envelope";

/**
 * The member's state button of a promotion: a form for what can be done
 * now (join, claim, open a red envelope), a link for what needs a page
 * (apply; a visitor's join goes through the login dialog and comes back),
 * and a plain label for the states that wait on someone else.
 */
export function PromotionAction({
  promotion,
  loginHref,
  applyHref,
}: {
  promotion: PromotionCardData;
  /** Set for a visitor: where Join leads (the login dialog, back to this promotion). */
  loginHref: string | null;
  applyHref: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("promotionId") === promotion.id;
  const { state } = promotion;
  if (state === "join" || state === "claim") {
    if (loginHref)
      return (
        <Link to={loginHref} className="button primary" data-testid="promotion-action">
          {t("promotions.join")}
        </Link>
      );
    if (state === "join" && promotion.claimMode === "apply")
      return (
        <Link to={applyHref} className="button primary" data-testid="promotion-action">
          {t("promotions.apply")}
        </Link>
      );
    const intent: PromotionIntent =
      state === "join" ? "join" : promotion.kind === "red_envelope" ? "open-envelope" : "claim";
    const label =
      intent === "join"
        ? t("promotions.join")
        : intent === "open-envelope"
          ? t("promotions.openEnvelope")
          : t("promotions.claim");
    return (
      <Form method="post" className="promotion-action" preventScrollReset>
        <input type="hidden" name="promotionId" value={promotion.id} />
        <input type="hidden" name="promotion" value={promotion.code} />
        <button
          type="submit"
          name="intent"
          value={intent}
          className="button primary"
          aria-busy={busy}
          data-testid="promotion-action"
        >
          {label}
        </button>
      </Form>
    );
  }
  return (
    <span className={`promotion-state state-${state}`} data-testid="promotion-state">
      {t(`rewards.states.${state}`)}
    </span>
  );
}
