import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import * as z from "zod/v4";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RebateClaimForm } from "~/components/member/rebate/rebate-claim-form";
import { RebateRecords } from "~/components/member/rebate/rebate-records";
import { RebateTable } from "~/components/member/rebate/rebate-table";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import {
  claimRebate,
  findMemberRebateClaim,
  listRebateClaims,
  rebatePolicy,
  rebateQuote,
} from "~/platform/rewards/rebate.server";
import { levelName } from "~/platform/rewards/vip-levels";
import { findVipLevel } from "~/platform/rewards/vip.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { requireRealMember } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { i18next } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { formatMoney } from "~/utils/money";
import {
  readRecordFilters,
  RECORDS_PAGE_SIZE,
  recordsContext,
  recordsView,
} from "~/utils/records.server";
import { idempotencyKeyField, newFormKey } from "~/utils/wallet.server";

export const meta = titleMeta<typeof loader>();

const PAGE = "/member/rebate";

/**
 * The manual rebate (ADR 16): the rates of the member's level, the valid
 * bet per category since the last claim and what it pays, the claim form (its
 * cut-off is the moment this page counted, so a claim pays what it showed),
 * and the claims made, with the date presets and paging.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const [{ db, brand, t }, locale] = await Promise.all([
    recordsContext(request),
    i18next.getLocale(request),
  ]);
  const memberId = viewer.member.id;
  const filters = readRecordFilters(request, brand, {});
  const claimedId = new URL(request.url).searchParams.get("claimed");
  const [quote, records, claimed] = await Promise.all([
    rebateQuote(db, memberId, rebatePolicy(brand)),
    listRebateClaims(db, memberId, {
      window: filters.window,
      page: filters.page,
      pageSize: RECORDS_PAGE_SIZE,
    }),
    claimedId ? findMemberRebateClaim(db, memberId, claimedId) : undefined,
  ]);
  const level = await findVipLevel(db, quote.level);
  return json({
    ...recordsView(brand, t("rebate.title"), filters.range),
    level: { level: quote.level, name: levelName(level, locale) },
    quote,
    formKey: newFormKey(),
    claimed: claimed
      ? t("rebate.claimed", { amount: formatMoney(claimed.amount, brand.currency, locale) })
      : null,
    records,
  });
}

const claimSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  cutOff: z.iso.datetime().transform((text) => new Date(text)),
});

/** A refusal as the member reads it; the minimum in the brand's currency. */
function claimErrorMessage(error: unknown, t: TFunction, brand: BrandConfig, locale: string) {
  if (!(error instanceof PlatformError)) throw error;
  const { seconds, min } = error.details;
  return t(`rebate.error.${error.code}`, {
    defaultValue: t("rebate.error.unknown"),
    seconds: typeof seconds === "number" ? seconds : "",
    min: typeof min === "number" ? formatMoney(BigInt(min), brand.currency, locale) : "",
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const viewer = await requireRealMember(request);
  const [{ db, brand, t }, locale] = await Promise.all([
    recordsContext(request),
    i18next.getLocale(request),
  ]);
  const submission = parseSubmission(formData, { schema: claimSchema });
  // Both fields come from the page: a missing or malformed one is a stale or altered page.
  if (submission.status !== "success")
    return formFailure(submission.reply({ formErrors: [t("rebate.error.expired")] }));
  const { idempotencyKey, cutOff } = submission.value;
  try {
    const { claim } = await claimRebate(
      db,
      { memberId: viewer.member.id, formKey: idempotencyKey, cutOff },
      rebatePolicy(brand),
    );
    return redirect(`${PAGE}?claimed=${claim.id}`);
  } catch (error) {
    return formFailure(
      submission.reply({ formErrors: [claimErrorMessage(error, t, brand, locale)] }),
    );
  }
}

export default function ManualRebate() {
  const { title, level, quote, currency, timeZone, formKey, claimed, range, records } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className="records-page rebate-page">
      <h1>{title}</h1>
      {claimed && !actionData ? (
        <p className="form-success" role="status" data-testid="rebate-claimed">
          {claimed}
        </p>
      ) : null}
      <p className="muted">{t("rebate.intro")}</p>
      <RebateTable level={level} quote={quote} currency={currency} timeZone={timeZone} />
      {/* A fresh form after a claim (a new key and cut-off), not after a refusal. */}
      <RebateClaimForm
        key={`claim${location.search}`}
        formKey={formKey}
        quote={quote}
        currency={currency}
        timeZone={timeZone}
        result={actionData?.result}
      />
      <RebateRecords range={range} records={records} currency={currency} timeZone={timeZone} />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
