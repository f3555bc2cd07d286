import { Link } from "@remix-run/react";
import type { FormReply } from "~/components/forms/field";
import { useTranslation } from "~/utils/i18n";
import { loginHref } from "~/utils/lobby-links";
import { formatMoney } from "~/utils/money";
import { GoodsIcon } from "./goods-icon";
import { GoodsFacts } from "./goods-list";
import { RedeemForm } from "./redeem-form";
import type { Currency, GoodsView } from "./types";

/** One item's details with its redeem form, or the way to log in first. */
export function GoodsDetails({
  item,
  currency,
  signedIn,
  formKey,
  result,
}: {
  item: GoodsView;
  currency: Currency;
  signedIn: boolean;
  formKey: string;
  result?: FormReply;
}) {
  const { t, i18n } = useTranslation();
  const here = `/pointMall?area=goods&item=${item.id}`;
  return (
    <article
      className="member-card goods-details"
      aria-labelledby="goods-title"
      data-testid="goods-details"
    >
      <p>
        <Link to="/pointMall?area=goods">{t("pointMall.backToGoods")}</Link>
      </p>
      <GoodsIcon icon={item.icon} size={72} />
      <h2 id="goods-title">{item.name}</h2>
      <p className="muted">
        {item.kind === "virtual"
          ? t("pointMall.virtualText", {
              amount: formatMoney(item.cashValue, currency, i18n.language),
            })
          : t("pointMall.physicalText")}
      </p>
      <GoodsFacts item={item} currency={currency} />
      {item.stock <= 0 ? (
        <p className="muted">{t("pointMall.goodsStatus.soldOut")}</p>
      ) : signedIn ? (
        <RedeemForm itemId={item.id} stock={item.stock} formKey={formKey} result={result} />
      ) : (
        <p>
          <Link className="button primary" to={loginHref(here)}>
            {t("pointMall.loginToRedeem")}
          </Link>
        </p>
      )}
    </article>
  );
}
