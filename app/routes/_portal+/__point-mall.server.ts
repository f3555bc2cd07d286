import { json } from "@remix-run/node";
import { POINTS_AREAS, type PointsArea } from "~/components/points/types";
import {
  PRODUCT_OF_CATEGORY,
  readPointsConfig,
  type PointsConfig,
} from "~/platform/rewards/points/config.server";
import { findGoods, listGoods, type Goods } from "~/platform/rewards/points/goods.server";
import { pointsHistory } from "~/platform/rewards/points/history.server";
import { listRedemptions } from "~/platform/rewards/points/redemption-queue.server";
import { pointsBalance } from "~/platform/rewards/points-ledger.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { getViewer, requireRealMember } from "~/utils/auth.server";
import { translatorFor } from "~/utils/i18next.server";
import { pageParam } from "~/utils/pagination";
import { readRecordFilters, RECORDS_PAGE_SIZE, recordsView } from "~/utils/records.server";
import { newFormKey } from "~/utils/wallet.server";

/**
 * /pointMall's loader: five areas as URL state
 * (`?area=`), each rendered on the server. Rules, rates and goods are open to
 * visitors; the points details and redeem records are the member's own, so a
 * visitor is sent to log in and comes back (trial accounts get the
 * real-account notice, as in the member centre). A member sees their points
 * balance in the page's header.
 */

const MEMBER_AREAS: readonly PointsArea[] = ["details", "records"];
const itemParam = /^\d{1,18}$/;

/** Money and points go to the page as decimal strings. */
const goodsView = (goods: Goods) => ({
  id: goods.id,
  name: goods.name,
  icon: goods.icon,
  kind: goods.kind,
  pointsPrice: String(goods.pointsPrice),
  amountRequirement: String(goods.amountRequirement),
  cashValue: String(goods.cashValue),
  stock: goods.stock,
});

const configView = (config: PointsConfig) => ({
  ratios: config.ratios.map((ratio) => ({
    product: ratio.product,
    points: ratio.points,
    perMinor: String(ratio.perMinor),
  })),
  conversion: config.conversion && {
    points: config.conversion.points,
    cash: String(config.conversion.cash),
    minPoints: String(config.conversion.minPoints),
    stepPoints: String(config.conversion.stepPoints),
  },
});

/** Which game categories count under each product, for the rules area. */
const categoriesOfProduct = () => {
  const map: Record<string, string[]> = {};
  for (const [category, product] of Object.entries(PRODUCT_OF_CATEGORY))
    (map[product] ??= []).push(category);
  return map;
};

export async function pointMallLoader(request: Request) {
  const url = new URL(request.url);
  let viewer = await getViewer(request);
  const asked = POINTS_AREAS.find((area) => area === url.searchParams.get("area"));
  const area: PointsArea = asked ?? (viewer && !viewer.member.isTrial ? "details" : "rules");
  if (MEMBER_AREAS.includes(area)) viewer = await requireRealMember(request);
  const member = viewer && !viewer.member.isTrial ? viewer.member : null;
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  const balance = member ? String(await pointsBalance(db, member.id)) : null;
  const base = {
    title: t("pointMall.title"),
    brandName: brand.name,
    currency: { symbol: brand.currency.symbol, minorUnits: brand.currency.minorUnits },
    timeZone: brand.timeZone,
    signedIn: Boolean(member),
    balance,
    done: url.searchParams.get("done"),
  };
  if (area === "details") {
    const filters = readRecordFilters(request, brand, {});
    const records = await pointsHistory(db, member!.id, {
      window: filters.window,
      page: filters.page,
      pageSize: RECORDS_PAGE_SIZE,
    });
    const { range } = recordsView(brand, base.title, filters.range);
    return json({ ...base, view: { area, range, records } as const });
  }
  if (area === "records") {
    const records = await listRedemptions(db, {
      memberId: member!.id,
      page: pageParam(url.searchParams.get("page")),
      pageSize: RECORDS_PAGE_SIZE,
    });
    return json({ ...base, view: { area, records } as const });
  }
  if (area === "goods") {
    const itemId = url.searchParams.get("item");
    if (itemId !== null) {
      const item = itemParam.test(itemId) ? await findGoods(db, itemId) : null;
      if (!item?.enabled) throw json({ error: "not_found" }, { status: 404 });
      return json({
        ...base,
        view: { area, item: goodsView(item), formKey: newFormKey() } as const,
      });
    }
    const goods = await listGoods(db, { enabledOnly: true });
    return json({ ...base, view: { area, goods: goods.map(goodsView) } as const });
  }
  const config = configView(await readPointsConfig(db));
  if (area === "rates")
    return json({ ...base, view: { area, config, formKey: newFormKey() } as const });
  return json({ ...base, view: { area, config, categories: categoriesOfProduct() } as const });
}
