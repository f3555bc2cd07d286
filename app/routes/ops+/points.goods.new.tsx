import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/utils/meta";
import { opsGoodsAction, opsGoodsLoader } from "./__points-goods.server";
import { OpsGoodsPage } from "./points.goods.$itemId";

export const meta = titleMeta<typeof loader>();

/** /ops/points/goods/new: a new item of the mall (see ./__points-goods.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsGoodsLoader(request, null);
}

export async function action({ request }: ActionFunctionArgs) {
  return opsGoodsAction(request, null);
}

export default OpsGoodsPage;

export const ErrorBoundary = GeneralErrorBoundary;
