import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { OpsApplicationView } from "~/components/ops/promotions/types";
import { fallbackLanguage, type TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { decideApplication, listApplications } from "~/platform/rewards/applications.server";
import { inLanguage } from "~/platform/rewards/promotion-rows.server";
import { readForm, parseSubmission } from "~/utils/form.server";
import { parseMoneyInput } from "~/utils/money";
import { pageParam } from "~/utils/pagination";
import { opsRequest } from "./__ops-request.server";
import { notFoundFor } from "./__promotions.server";

/**
 * /ops/promotions/applications (`applying`): the queue of applications,
 * oldest first, paged by ?page=. Approve (with the bonus amount) and reject
 * (with a reason the member reads in their messages) are separate forms; the
 * platform audits the decision, tells the member and answers a second click
 * on the same decision as a replay, so a double submit changes nothing.
 */

export const APPLICATIONS_PAGE_SIZE = 20;
/** A reason fits the member's message line; the platform would cut it at 500. */
export const REJECT_REASON_MAX = 200;
const DONE = ["approve", "reject"] as const;

const applicationsHref = (page: number, done?: (typeof DONE)[number]) => {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (done) params.set("done", done);
  const query = params.toString();
  return query ? `/ops/promotions/applications?${query}` : "/ops/promotions/applications";
};

export async function applicationsLoader(request: Request) {
  const { db, brand, t, locale, currency } = await opsRequest(request, "promotions.view");
  const url = new URL(request.url);
  const list = await listApplications(db, {
    page: pageParam(url.searchParams.get("page")),
    pageSize: APPLICATIONS_PAGE_SIZE,
  });
  const applications = list.applications.map((row): OpsApplicationView => ({
    entryId: row.entryId,
    promotionCode: row.promotionCode,
    title: inLanguage(row.titles, locale, fallbackLanguage),
    account: row.account,
    comment: row.comment,
    proofIds: row.proofIds,
    createdAt: row.createdAt,
  }));
  return json({
    title: t("opsPromotions.applications.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    currency,
    applications,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    done: DONE.find((name) => name === url.searchParams.get("done")) ?? null,
  });
}

const entryId = z.string().regex(/^\d{1,18}$/);

function decisionSchema(t: TFunction, minorUnits: number) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("approve"),
      entryId,
      page: z.coerce.number().int().min(1).catch(1),
      amount: z
        .string({ error: t("opsPromotions.applications.amountInvalid") })
        .transform((text, ctx) => {
          const minor = parseMoneyInput(text, minorUnits);
          if (minor === null || minor <= 0n) {
            ctx.addIssue({
              code: "custom",
              message: t("opsPromotions.applications.amountInvalid"),
            });
            return z.NEVER;
          }
          return minor;
        }),
    }),
    z.object({
      intent: z.literal("reject"),
      entryId,
      page: z.coerce.number().int().min(1).catch(1),
      reason: z
        .string({ error: t("opsPromotions.applications.reasonInvalid") })
        .trim()
        .min(1, t("opsPromotions.applications.reasonInvalid"))
        .max(REJECT_REASON_MAX, t("opsPromotions.applications.reasonInvalid")),
    }),
  ]);
}

/** A refused decision: the application (its row shows the errors), the intent and conform's result. */
export type ApplicationReply = {
  entryId: string;
  intent: string;
  result: SubmissionResult<string[]>;
};

export async function applicationsAction(
  request: Request,
): Promise<TypedResponse<ApplicationReply>> {
  const formData = await readForm(request, { honeypot: true });
  const { db, t, currency, act } = await opsRequest(request, "promotions.review");
  const submission = parseSubmission(formData, { schema: decisionSchema(t, currency.minorUnits) });
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    json(
      {
        entryId: String(formData.get("entryId") ?? ""),
        intent: String(formData.get("intent") ?? ""),
        result,
      },
      { status },
    );
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const value = submission.value;
  try {
    await decideApplication(db, {
      entryId: value.entryId,
      decision:
        value.intent === "approve"
          ? { approve: { amount: value.amount } }
          : { reject: { reason: value.reason } },
      ...act,
    });
  } catch (error) {
    notFoundFor(error, ["application_not_found"]);
    if (!(error instanceof PlatformError)) throw error;
    // Another decision already made (an approve after a reject …): said above the queue.
    const message = t(`rewards.error.${error.code}`, { defaultValue: t("rewards.error.unknown") });
    return reply(submission.reply({ formErrors: [message] }), 409);
  }
  return redirect(applicationsHref(value.page, value.intent));
}
