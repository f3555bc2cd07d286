import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import { grantsHref } from "~/components/ops/promotions/grant-list";
import type { OpsGrantView } from "~/components/ops/promotions/types";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { forfeitGrantByOperator, listGrants } from "~/platform/rewards/grants-admin.server";
import { listPromotionsForOps } from "~/platform/rewards/promotion-admin.server";
import { GRANT_STATUSES } from "~/platform/rewards/promotion-types";
import { readForm, parseSubmission } from "~/utils/form.server";
import { pageParam } from "~/utils/pagination";
import { opsRequest } from "./__ops-request.server";

/**
 * /ops/promotions/grants: the bonuses issued, newest first, with their
 * turnover (wagered / required), filtered by ?status= and ?promotion= and
 * paged by ?page=. The operator may forfeit one being wagered: a checkbox
 * confirms it in the same form, so it needs no JavaScript; the platform
 * returns the bonus to the house and audits it.
 */

export const GRANTS_PAGE_SIZE = 20;

const grantStatus = (value: unknown) => GRANT_STATUSES.find((status) => status === value) ?? null;
const promotionParam = (value: unknown) =>
  typeof value === "string" && /^\d{1,18}$/.test(value) ? value : null;

export async function grantsLoader(request: Request) {
  const { db, brand, t, currency } = await opsRequest(request, "promotions.view");
  const url = new URL(request.url);
  const status = grantStatus(url.searchParams.get("status"));
  const promotion = promotionParam(url.searchParams.get("promotion"));
  const [list, promotions] = await Promise.all([
    listGrants(db, {
      page: pageParam(url.searchParams.get("page")),
      pageSize: GRANTS_PAGE_SIZE,
      ...(status ? { status } : {}),
      ...(promotion ? { promotionId: promotion } : {}),
    }),
    listPromotionsForOps(db),
  ]);
  const grants = list.grants.map((row): OpsGrantView => ({
    id: row.id,
    promotionId: row.promotionId,
    promotionCode: row.promotionCode,
    account: row.account,
    amount: row.amount,
    required: row.required,
    done: row.done,
    status: row.status,
    issuedAt: row.issuedAt,
    expiresAt: row.expiresAt,
  }));
  return json({
    title: t("opsPromotions.grants.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    currency,
    grants,
    promotions: promotions.map((row) => ({ id: row.id, code: row.code })),
    place: { status, promotion, page: list.page },
    pageCount: list.pageCount,
    total: list.total,
    done: url.searchParams.get("done") === "forfeit",
  });
}

function forfeitSchema(t: TFunction) {
  return z.object({
    intent: z.literal("forfeit"),
    grantId: z.string().regex(/^\d{1,18}$/),
    confirm: z.literal("on", { error: t("opsPromotions.grants.confirmRequired") }),
    status: z.string().optional(),
    promotion: z.string().optional(),
    page: z.coerce.number().int().min(1).catch(1),
  });
}

/** A refused forfeit: the bonus (its row shows the error) and conform's result. */
export type GrantReply = { grantId: string; result: SubmissionResult<string[]> };

export async function grantsAction(request: Request): Promise<TypedResponse<GrantReply>> {
  const formData = await readForm(request);
  const { db, t, act } = await opsRequest(request, "promotions.review");
  const submission = parseSubmission(formData, { schema: forfeitSchema(t) });
  const grantId = String(formData.get("grantId") ?? "");
  if (submission.status !== "success")
    return json({ grantId, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  try {
    await forfeitGrantByOperator(db, value.grantId, act);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // Not being wagered any more (released, expired, forfeited meanwhile) or unknown: said in its row.
    const message = t(`rewards.error.${error.code}`, { defaultValue: t("rewards.error.unknown") });
    return json({ grantId, result: submission.reply({ formErrors: [message] }) }, { status: 409 });
  }
  const place = {
    status: grantStatus(value.status),
    promotion: promotionParam(value.promotion),
    page: value.page,
  };
  return redirect(grantsHref(place, "forfeit"));
}
