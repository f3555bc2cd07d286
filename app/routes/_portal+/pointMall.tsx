import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AreaTabs } from "~/components/points/area-tabs";
import { ConvertForm } from "~/components/points/convert-form";
import { formatPoints } from "~/components/points/format";
import { GoodsDetails } from "~/components/points/goods-details";
import { GoodsList } from "~/components/points/goods-list";
import { PointsDetails } from "~/components/points/points-details";
import { PointsRules } from "~/components/points/points-rules";
import { RatesTable } from "~/components/points/rates-table";
import { RedeemRecords } from "~/components/points/redeem-records";
import { useTranslation } from "~/utils/i18n";
import { loginHref } from "~/utils/lobby-links";
import { titleMeta } from "~/utils/meta";
import { pointMallAction } from "./__point-mall-actions.server";
import { pointMallLoader } from "./__point-mall.server";

export const meta = titleMeta<typeof loader>();

/** Points mall (see ./__point-mall.server.ts for who may see which area). */
export async function loader({ request }: LoaderFunctionArgs) {
  return pointMallLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return pointMallAction(request);
}

const DONE = ["process", "complete", "converted"] as const;

export default function PointMall() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const { view, currency } = data;
  const resultFor = (intent: string) =>
    failed && "intent" in failed && failed.intent === intent ? failed.result : undefined;
  const done = DONE.find((name) => name === data.done);
  return (
    <div className="point-mall-page">
      <header className="point-mall-header">
        <h1>{t("pointMall.title")}</h1>
        {data.balance !== null ? (
          <p className="point-mall-balance">
            {t("pointMall.balance")}{" "}
            <strong data-testid="points-balance">
              {formatPoints(data.balance, i18n.language)}
            </strong>
          </p>
        ) : (
          <p>
            <Link to={loginHref(`/pointMall?area=${view.area}`)}>
              {t("pointMall.loginForBalance")}
            </Link>
          </p>
        )}
      </header>
      <AreaTabs current={view.area} />
      {done && !failed ? (
        <p className="form-success" role="status" data-testid="points-done">
          {t(`pointMall.done.${done}`)}
        </p>
      ) : null}
      {view.area === "details" ? (
        <PointsDetails
          range={view.range}
          records={view.records}
          currency={currency}
          timeZone={data.timeZone}
        />
      ) : null}
      {view.area === "rules" ? (
        <PointsRules config={view.config} categories={view.categories} currency={currency} />
      ) : null}
      {view.area === "records" ? (
        <RedeemRecords records={view.records} timeZone={data.timeZone} />
      ) : null}
      {view.area === "rates" ? (
        <>
          <RatesTable config={view.config} currency={currency} />
          {view.config.conversion && data.signedIn ? (
            <ConvertForm
              formKey={view.formKey}
              minPoints={view.config.conversion.minPoints}
              stepPoints={view.config.conversion.stepPoints}
              result={resultFor("convert")}
            />
          ) : null}
        </>
      ) : null}
      {view.area === "goods" && "item" in view ? (
        <GoodsDetails
          item={view.item}
          currency={currency}
          signedIn={data.signedIn}
          formKey={view.formKey}
          result={resultFor("redeem")}
        />
      ) : null}
      {view.area === "goods" && "goods" in view ? (
        <GoodsList goods={view.goods} currency={currency} />
      ) : null}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
