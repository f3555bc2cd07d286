import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PromotionEditor } from "~/components/ops/promotions/promotion-editor";
import { titleMeta } from "~/utils/meta";
import { promotionFormAction, promotionFormLoader } from "./__promotion-form.server";

export const meta = titleMeta<typeof loader>();

/** /ops/promotions/new: a new promotion's form; a save creates a draft and opens its edit page. */
export async function loader({ request }: LoaderFunctionArgs) {
  return promotionFormLoader(request, null);
}

export async function action({ request }: ActionFunctionArgs) {
  return promotionFormAction(request, null);
}

export default function OpsNewPromotion() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <PromotionEditor data={data} reply={reply} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
