import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PointsConfigForm } from "~/components/ops/points/points-config-form";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsPointsAction, opsPointsLoader } from "./__points.server";

export const meta = titleMeta<typeof loader>();

/** /ops/points: the points config and the goods (see ./__points.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsPointsLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsPointsAction(request);
}

export default function OpsPoints() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="ops-points">
      <section className="member-card" aria-labelledby="ops-points-title">
        <h1 id="ops-points-title">{data.title}</h1>
        <p>
          <Link to="/ops/points/redemptions" data-testid="ops-points-queue-link">
            {t("opsPoints.queue.title")}
          </Link>
        </p>
        {data.saved && !failed ? (
          <p className="form-success" role="status" data-testid="ops-points-saved">
            {t("opsPoints.saved")}
          </p>
        ) : null}
        <PointsConfigForm
          config={data}
          currencySymbol={data.currency.symbol}
          result={failed?.result}
        />
      </section>
      <section className="member-card" aria-labelledby="ops-goods-title">
        <h2 id="ops-goods-title">{t("opsPoints.goods.title")}</h2>
        <p>
          <Link to="/ops/points/goods/new" className="button">
            {t("opsPoints.goods.new")}
          </Link>
        </p>
        <div className="table-scroll">
          <table className="data-table" data-testid="ops-goods">
            <thead>
              <tr>
                <th scope="col">{t("pointMall.columns.name")}</th>
                <th scope="col">{t("opsPoints.goods.kind")}</th>
                <th scope="col">{t("pointMall.columns.pointsRequirement")}</th>
                <th scope="col">{t("opsPoints.goods.stock")}</th>
                <th scope="col">{t("pointMall.columns.status")}</th>
              </tr>
            </thead>
            <tbody>
              {data.goods.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link to={`/ops/points/goods/${item.id}`}>{item.name}</Link>
                  </td>
                  <td>{t(`pointMall.kind.${item.kind}`)}</td>
                  <td>{item.pointsPrice}</td>
                  <td>{item.stock}</td>
                  <td>{t(item.enabled ? "opsPoints.goods.onSale" : "opsPoints.goods.off")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
