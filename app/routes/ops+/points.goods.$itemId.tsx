import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { GoodsForm } from "~/components/ops/points/goods-form";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { opsGoodsAction, opsGoodsLoader } from "./__points-goods.server";

export const meta = titleMeta<typeof loader>();

/** /ops/points/goods/<id>: one item of the mall (see ./__points-goods.server.ts). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return opsGoodsLoader(request, params.itemId ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return opsGoodsAction(request, params.itemId ?? "");
}

/** The item's page, new or existing alike. */
export function OpsGoodsPage() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <section className="member-card" aria-labelledby="ops-goods-title">
      <p>
        <Link to="/ops/points">{t("opsPoints.back")}</Link>
      </p>
      <h1 id="ops-goods-title">{data.title}</h1>
      <GoodsForm
        item={data.item}
        icons={data.icons}
        currencySymbol={data.currency.symbol}
        result={failed?.result}
      />
    </section>
  );
}

export default OpsGoodsPage;

export const ErrorBoundary = GeneralErrorBoundary;
