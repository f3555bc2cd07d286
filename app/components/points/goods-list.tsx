import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { formatPoints } from "./format";
import { GoodsIcon } from "./goods-icon";
import type { Currency, GoodsView } from "./types";

/** What an item asks for and how many are left, shared by the list and the details. */
export function GoodsFacts({ item, currency }: { item: GoodsView; currency: Currency }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="goods-facts">
      <dt>{t("pointMall.columns.pointsRequirement")}</dt>
      <dd data-testid="goods-points">{formatPoints(item.pointsPrice, i18n.language)}</dd>
      <dt>{t("pointMall.columns.amountRequirement")}</dt>
      <dd>
        {BigInt(item.amountRequirement) > 0n
          ? t("pointMall.amountRequirement", {
              amount: formatMoney(item.amountRequirement, currency, i18n.language),
            })
          : t("pointMall.noRequirement")}
      </dd>
      <dt>{t("pointMall.columns.quantity")}</dt>
      <dd data-testid="goods-stock">{formatPoints(item.stock, i18n.language)}</dd>
      <dt>{t("pointMall.columns.status")}</dt>
      <dd>
        {t(item.stock > 0 ? "pointMall.goodsStatus.available" : "pointMall.goodsStatus.soldOut")}
      </dd>
    </dl>
  );
}

/** The goods on sale, each a link to its details (`?area=goods&item=<id>`). */
export function GoodsList({ goods, currency }: { goods: GoodsView[]; currency: Currency }) {
  const { t } = useTranslation();
  if (goods.length === 0) return <p className="empty-state">{t("pointMall.noGoods")}</p>;
  return (
    <ul className="goods-grid" data-testid="goods-list">
      {goods.map((item) => (
        <li key={item.id} className="member-card goods-card">
          <GoodsIcon icon={item.icon} />
          <h2>
            <Link to={`/pointMall?area=goods&item=${item.id}`}>{item.name}</Link>
          </h2>
          <p className="muted">{t(`pointMall.kind.${item.kind}`)}</p>
          <GoodsFacts item={item} currency={currency} />
        </li>
      ))}
    </ul>
  );
}
