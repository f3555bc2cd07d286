import { json } from "@remix-run/node";
import type { OpsPromotionView } from "~/components/ops/promotions/types";
import { fallbackLanguage } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { listPromotionsForOps } from "~/platform/rewards/promotion-admin.server";
import { inLanguage } from "~/platform/rewards/promotion-rows.server";
import { PROMOTION_STATUSES, type PromotionStatus } from "~/platform/rewards/promotion-types";
import { opsRequest } from "./__ops-request.server";

/**
 * /ops/promotions (issue 14): the operator's promotions, their form, the
 * applications queue and the issued bonuses; each page opens with
 * opsRequest (the operator, database, brand, translator and audit act).
 */

/** A refusal the operator cannot fix on the page (an unknown promotion, application or bonus) is a 404. */
export function notFoundFor(error: unknown, codes: readonly string[]): never | void {
  if (error instanceof PlatformError && codes.includes(error.code))
    throw json({ error: "not_found" }, { status: 404 });
}

/** ?status= of the list: one of the promotion statuses, or every promotion. */
export function statusFilter(value: string | null): PromotionStatus | "all" {
  return PROMOTION_STATUSES.find((status) => status === value) ?? "all";
}

export async function opsPromotionsLoader(request: Request) {
  const { db, brand, t, locale } = await opsRequest(request, "promotions.view");
  const url = new URL(request.url);
  const status = statusFilter(url.searchParams.get("status"));
  const rows = await listPromotionsForOps(db);
  // Few promotions exist at a time (tens): filtering the whole list here needs no query of its own.
  const promotions = rows
    .filter((row) => status === "all" || row.status === status)
    .map((row): OpsPromotionView => ({
      id: row.id,
      code: row.code,
      title: inLanguage(row.titles, locale, fallbackLanguage),
      category: row.category,
      kind: row.kind,
      claimMode: row.claimMode,
      status: row.status,
      showsFrom: row.showsFrom?.toISOString() ?? null,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
      entries: row.entries,
      applying: row.applying,
      wagering: row.wagering,
    }));
  return json({
    title: t("opsPromotions.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    status,
    promotions,
  });
}
