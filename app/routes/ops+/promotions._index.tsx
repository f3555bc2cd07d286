import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PromotionList } from "~/components/ops/promotions/promotion-list";
import { titleMeta } from "~/utils/meta";
import { opsPromotionsLoader } from "./__promotions.server";

export const meta = titleMeta<typeof loader>();

/** /ops/promotions: every promotion (drafts included), filtered by ?status= (see ./__promotions.server.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  return opsPromotionsLoader(request);
}

export default function OpsPromotions() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className="member-card ops-promotions" aria-labelledby="ops-promotions-title">
      <h1 id="ops-promotions-title">{data.title}</h1>
      <PromotionList promotions={data.promotions} status={data.status} timeZone={data.timeZone} />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
