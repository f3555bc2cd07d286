import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PromotionEditor } from "~/components/ops/promotions/promotion-editor";
import { titleMeta } from "~/utils/meta";
import { promotionFormAction, promotionFormLoader } from "./__promotion-form.server";

export const meta = titleMeta<typeof loader>();

/** /ops/promotions/$promotionId: edit, preview, publish or close a promotion (an unknown id is a 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return promotionFormLoader(request, params.promotionId ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return promotionFormAction(request, params.promotionId ?? "");
}

export default function OpsEditPromotion() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <PromotionEditor data={data} reply={reply} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
