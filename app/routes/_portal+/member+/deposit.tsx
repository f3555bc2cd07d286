import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { AgeDepositNotice } from "~/components/age-check/age-deposit-notice";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DepositForm } from "~/components/member/deposit/deposit-form";
import { DepositNote } from "~/components/member/deposit/deposit-note";
import { DepositRecords } from "~/components/member/deposit/deposit-records";
import { depositNoteHref, NOTE_PARAMS, payStepHref } from "~/components/member/deposit/links";
import { getConfig } from "~/config.server";
import type { TFunction } from "~/i18n";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { ageBlocksDeposit } from "~/platform/protection/age.server";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import {
  attachGatewayOrder,
  cancelDeposit,
  createDeposit,
  depositChannel,
  findMemberDeposit,
  listDeposits,
  type Deposit,
} from "~/platform/wallet/deposits.server";
import {
  offeredChannels,
  paymentGateway,
  type DepositChannel,
} from "~/platform/wallet/payments/channels.server";
import { requireRealMember } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { pageParam } from "~/utils/pagination";
import {
  amountField,
  idempotencyKeyField,
  IDEMPOTENCY_FIELD,
  newFormKey,
  walletErrorMessage,
} from "~/utils/wallet.server";

export const meta = titleMeta<typeof loader>();

const PAGE_SIZE = 10;

/** /member/deposit: the deposit form and the member's deposit records. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  const url = new URL(request.url);
  const [records, note, ageBlocked] = await Promise.all([
    depositRecords(db, viewer.member.id, pageParam(url.searchParams.get("page"))),
    depositNote(db, viewer.member.id, url.searchParams),
    ageBlocksDeposit(db, viewer.member.id, brand.ageVerification),
  ]);
  return json({
    title: t("deposit.title"),
    brandName: brand.name,
    channels: offeredChannels(brand.wallet).map(({ code, min, max }) => ({ code, min, max })),
    currency: brand.currency,
    timeZone: brand.timeZone,
    formKey: newFormKey(),
    note,
    ageBlocked,
    ...records,
  });
}

/** One page of records; a page past the end shows the last one. */
async function depositRecords(db: Database, memberId: string, page: number) {
  let result = await listDeposits(db, memberId, { page, pageSize: PAGE_SIZE });
  const totalPages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  if (page > totalPages)
    result = await listDeposits(db, memberId, { page: (page = totalPages), pageSize: PAGE_SIZE });
  return { deposits: result.deposits, page, totalPages };
}

/** ?arrived=<id> (or failed, cancelled, returned): the note tells the deposit's real status, and only for the member's own deposit. */
async function depositNote(db: Database, memberId: string, params: URLSearchParams) {
  const id = Object.values(NOTE_PARAMS)
    .map((name) => params.get(name))
    .find(Boolean);
  const deposit = id ? await findMemberDeposit(db, memberId, id) : undefined;
  return deposit ? { status: deposit.status, amount: deposit.amount } : null;
}

const depositSchema = (brand: BrandConfig, t: TFunction, channels: DepositChannel[]) =>
  z.object({
    channel: z
      .string({ error: t("deposit.chooseChannel") })
      .refine(
        (code) => channels.some((channel) => channel.code === code),
        t("deposit.chooseChannel"),
      ),
    amount: amountField(brand, t),
    [IDEMPOTENCY_FIELD]: z.custom<string>(
      (value) => idempotencyKeyField.safeParse(value).success,
      t("deposit.formExpired"),
    ),
  });

/** What a refused deposit answers; a made one redirects to where it is paid. */
type DepositReply = { result: SubmissionResult<string[]> };

export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<DepositReply>> {
  const formData = await readForm(request);
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t, locale] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  const submission = parseSubmission(formData, {
    schema: depositSchema(brand, t, offeredChannels(brand.wallet)),
  });
  if (submission.status !== "success") return formFailure(submission.reply());
  const { channel, amount, idempotencyKey } = submission.value;
  try {
    const deposit = await createDeposit(
      db,
      {
        memberId: viewer.member.id,
        channel,
        amount,
        key: idempotencyKey,
        ageVerification: brand.ageVerification,
      },
      brand.wallet,
    );
    return redirect(await whereToPay(request, db, brand, deposit));
  } catch (error) {
    const message = walletErrorMessage(error, t, brand, locale);
    const onAmount =
      error instanceof PlatformError &&
      ["amount_out_of_range", "deposit_limit", "deposit_limit_over"].includes(error.code);
    return formFailure(
      submission.reply(
        onAmount ? { fieldErrors: { amount: [message] } } : { formErrors: [message] },
      ),
    );
  }
}

/**
 * Where the member pays a deposit: the embedded pay step, or the gateway's
 * page. A replayed form (same key) lands where the first one did: the same
 * order's page, or the note of a deposit that is already settled.
 */
async function whereToPay(
  request: Request,
  db: Database,
  brand: BrandConfig,
  deposit: Deposit,
): Promise<string> {
  if (deposit.status !== "pending") return depositNoteHref(deposit.id, deposit.status);
  if (depositChannel(brand.wallet, deposit.channel).kind === "embedded")
    return payStepHref(deposit.id);
  if (deposit.pay_url) return deposit.pay_url;
  const gateway = paymentGateway();
  if (!gateway) throw new PlatformError("unknown_channel");
  // The gateway calls back and returns the member to the public origin, never the request's Host.
  const origin = getConfig().PUBLIC_URL;
  try {
    const order = await gateway.createOrder({
      depositId: deposit.id,
      amount: deposit.amount,
      currency: brand.currency.code,
      notifyUrl: `${origin}/resources/payments/callback`,
      returnUrl: `${origin}${depositNoteHref(deposit.id, "pending")}`,
    });
    await attachGatewayOrder(db, deposit.id, order);
    return order.payUrl;
  } catch (error) {
    // No order, nothing to pay: close the deposit rather than leave it pending forever.
    await cancelDeposit(db, deposit.member_id, deposit.id);
    throw error;
  }
}

export default function DepositPage() {
  const { channels, currency, timeZone, formKey, note, ageBlocked, deposits, page, totalPages } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="deposit-page">
      <h1>{t("deposit.title")}</h1>
      {note && !actionData ? <DepositNote note={note} currency={currency} /> : null}
      <section className="member-card" aria-labelledby="new-deposit-title">
        <h2 id="new-deposit-title">{t("deposit.newDeposit")}</h2>
        {/* Issue 17: the deposit page offers a limit before the money goes in. */}
        <p className="muted">
          <Link to="/member/protection/limits" data-testid="deposit-limit-offer">
            {t("protection.depositOffer")}
          </Link>
        </p>
        {ageBlocked ? (
          <AgeDepositNotice />
        ) : (
          <DepositForm
            channels={channels}
            currency={currency}
            formKey={formKey}
            result={actionData?.result}
          />
        )}
      </section>
      <section className="member-card" aria-labelledby="deposit-records-title">
        <h2 id="deposit-records-title">{t("deposit.records")}</h2>
        <DepositRecords
          deposits={deposits}
          page={page}
          totalPages={totalPages}
          currency={currency}
          timeZone={timeZone}
        />
      </section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
