import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { loginHref } from "~/utils/lobby-links";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** §3 points types. */
const POINT_TYPES = ["live", "lottery", "pvp", "slots", "sports", "redeem", "deposit"] as const;
const MEMBER_AREAS = ["details", "records", "exchange", "goods"] as const;

/**
 * §2 points mall. A visitor reads how points work; balances, goods and
 * redemption are member areas that ask for login.
 */
export default function PointMall() {
  const { t } = useTranslation();
  return (
    <div className="point-mall-page">
      <h1>{t("pointMall.title")}</h1>
      <section aria-labelledby="point-rules">
        <h2 id="point-rules">{t("pointMall.rules")}</h2>
        <p>{t("pointMall.rulesText")}</p>
        <ul className="chip-list">
          {POINT_TYPES.map((type) => (
            <li key={type}>{t(`pointMall.type.${type}`)}</li>
          ))}
        </ul>
      </section>
      <ul className="card-links">
        {MEMBER_AREAS.map((area) => (
          <li key={area}>
            <Link to={loginHref(`/pointMall?area=${area}`)}>{t(`pointMall.area.${area}`)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
