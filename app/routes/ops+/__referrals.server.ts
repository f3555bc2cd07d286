import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import { PlatformError } from "~/platform/errors";
import { decideHeldReferral } from "~/platform/rewards/referral/decisions.server";
import { listReferralRewards } from "~/platform/rewards/referral/ops-list.server";
import { readForm, parseSubmission } from "~/utils/form.server";
import { pageParam } from "~/utils/pagination";
import { opsRequest } from "./__ops-request.server";

/**
 * /ops/referrals: referral rewards held because the friend came from the
 * referrer's IP (approve pays, reject closes; audited by the platform), then
 * the recent decided ones. The operator is checked in the loader and the
 * action alike (opsRequest).
 */
export const REFERRALS_PAGE_SIZE = 20;
const DONE = ["approve", "reject"] as const;

const referralsHref = (page: number, done?: string) => {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (done) params.set("done", done);
  const search = params.toString();
  return search ? `/ops/referrals?${search}` : "/ops/referrals";
};

export async function opsReferralsLoader(request: Request) {
  const { db, brand, t, currency } = await opsRequest(request, "referrals.view");
  const url = new URL(request.url);
  const page = pageParam(url.searchParams.get("page"));
  const list = await listReferralRewards(db, {
    offset: (page - 1) * REFERRALS_PAGE_SIZE,
    limit: REFERRALS_PAGE_SIZE,
  });
  return json({
    title: t("opsReferrals.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    currency,
    rows: list.rows,
    held: list.held,
    page,
    pageCount: Math.max(1, Math.ceil(list.total / REFERRALS_PAGE_SIZE)),
    done: DONE.find((name) => name === url.searchParams.get("done")) ?? null,
  });
}

const decisionSchema = z.object({
  intent: z.enum(DONE),
  friendId: z.string().regex(/^\d{1,18}$/),
  page: z.coerce.number().int().min(1).catch(1),
});

export async function opsReferralsAction(request: Request) {
  const formData = await readForm(request, { honeypot: true });
  const { db, t, act } = await opsRequest(request, "referrals.review");
  const submission = parseSubmission(formData, { schema: decisionSchema });
  if (submission.status !== "success")
    return json(
      { result: submission.reply({ formErrors: [t("opsReferrals.error.invalid")] }) },
      { status: 400 },
    );
  const { intent, friendId, page } = submission.value;
  try {
    await decideHeldReferral(db, friendId, intent, act);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // Decided meanwhile (a double click, another operator): said above the list.
    const message = t(`opsReferrals.error.${error.code}`, {
      defaultValue: t("opsReferrals.error.invalid"),
    });
    return json({ result: submission.reply({ formErrors: [message] }) }, { status: 409 });
  }
  return redirect(referralsHref(page, intent));
}
