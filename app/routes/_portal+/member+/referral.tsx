import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReferralClaimForm } from "~/components/referral/claim-form";
import { ReferralFriends } from "~/components/referral/friends-table";
import { InviteCard } from "~/components/referral/invite-card";
import { claimReferrer } from "~/platform/rewards/referral/links.server";
import { liveReferralPromotion } from "~/platform/rewards/referral/program.server";
import { requireRealMember } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { titleMeta } from "~/utils/meta";
import { readRecordFilters, recordsContext, recordsView } from "~/utils/records.server";
import { claimErrorMessage, claimSchema, referralPageData } from "./__referral.server";

export const meta = titleMeta<typeof loader>();

const PAGE = "/member/referral";

/**
 * Referral (invite friends): the member's invitation link, its QR code
 * and share links, the friends invited with their reward state, and, for a
 * member who joined without one, the form to name the friend who invited
 * them. Only while the brand's REFERRAL promotion is live.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const { db, brand, t } = await recordsContext(request);
  const filters = readRecordFilters(request, brand, {});
  const view = recordsView(brand, t("referral.title"), filters.range);
  const promotion = await liveReferralPromotion(db);
  if (!promotion) return json({ ...view, program: null, claimed: false });
  const program = await referralPageData(db, request, viewer.member.id, {
    promotion,
    brand,
    window: filters.window,
    page: filters.page,
    t,
  });
  const claimed = new URL(request.url).searchParams.get("claimed") === "1";
  return json({ ...view, program, claimed });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, { honeypot: true });
  const viewer = await requireRealMember(request);
  const { db, t } = await recordsContext(request);
  const submission = parseSubmission(formData, { schema: claimSchema(t) });
  if (submission.status !== "success") return formFailure(submission.reply());
  if (!(await liveReferralPromotion(db)))
    return formFailure(submission.reply({ formErrors: [t("referral.unavailable")] }));
  try {
    await claimReferrer(db, viewer.member.id, submission.value.code);
  } catch (error) {
    return formFailure(submission.reply({ fieldErrors: { code: [claimErrorMessage(error, t)] } }));
  }
  return redirect(`${PAGE}?claimed=1`);
}

export default function Referral() {
  const { title, program, claimed, currency, timeZone, range } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="records-page referral-page">
      <h1>{title}</h1>
      {program ? (
        <>
          <InviteCard program={program} currency={currency} />
          {claimed && !actionData ? (
            <p className="form-success" role="status" data-testid="referral-claimed">
              {t("referral.claim.done")}
            </p>
          ) : null}
          {program.referrer ? (
            <p className="muted" data-testid="referral-referrer">
              {t("referral.invitedBy", { account: program.referrer })}
            </p>
          ) : null}
          {program.canClaim ? <ReferralClaimForm result={actionData?.result} /> : null}
          <ReferralFriends
            friends={program.friends}
            range={range}
            currency={currency}
            timeZone={timeZone}
          />
        </>
      ) : (
        <p className="empty-state" data-testid="referral-unavailable">
          {t("referral.unavailable")}
        </p>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
