import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { UplineTransferForm } from "~/components/member/transfer/upline-transfer-form";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { mainBalance } from "~/platform/wallet/balance.server";
import { findMemberTransfer } from "~/platform/wallet/transfer-receipts.server";
import { transferToUpline } from "~/platform/wallet/transfers.server";
import { findUpline } from "~/platform/wallet/upline.server";
import { requireRealMember, type Viewer } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { notFound } from "~/utils/misc";
import { formatMoney } from "~/utils/money";
import {
  newFormKey,
  uplineTransferSchema,
  walletErrorMessage,
  WITHDRAW_PASSWORD_ERRORS,
} from "~/utils/wallet.server";

export const meta = titleMeta<typeof loader>();

/** The member's agent; a member without one (or whose agent cannot receive) has no such page: 404. */
async function requireUpline(db: Database, viewer: Viewer, brand: BrandConfig) {
  const upline = viewer.member.parentId ? await findUpline(db, viewer.member.id, brand) : null;
  if (!upline) throw notFound();
  return upline;
}

/** /member/transfer-upline: money from the main wallet to the member's agent. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t, locale] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  const upline = await requireUpline(db, viewer, brand);
  const doneId = new URL(request.url).searchParams.get("done");
  const [balance, receipt] = await Promise.all([
    mainBalance(db, viewer.member),
    doneId ? findMemberTransfer(db, viewer.member.id, doneId, "transfer_upline") : null,
  ]);
  const agent = upline.nickname ? `${upline.nickname} (${upline.account})` : upline.account;
  return json({
    title: t("transfer.upline.title"),
    brandName: brand.name,
    currency: brand.currency,
    agent,
    balance,
    done: receipt
      ? t("transfer.upline.done", {
          amount: formatMoney(receipt.amount, brand.currency, locale),
          agent,
        })
      : null,
    formKey: newFormKey(),
  });
}

/** Which field a wallet failure belongs to; the rest (no upline, a reused key) are about the whole form. */
const FIELD_OF_ERROR: Record<string, string> = {
  insufficient_balance: "amount",
  invalid_amount: "amount",
  ...WITHDRAW_PASSWORD_ERRORS,
};
/** Never sent back into the re-rendered form. */
const HIDDEN = ["withdrawPassword"];

/** What a refused transfer to the agent answers; a done one redirects. */
type UplineTransferReply = { result: SubmissionResult<string[]> };

export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<UplineTransferReply>> {
  const formData = await readForm(request);
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t, locale] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  await requireUpline(db, viewer, brand);
  if (formData.get("intent") !== "transfer-upline")
    throw json({ error: "unknown_intent" }, { status: 400 });
  const submission = parseSubmission(formData, { schema: uplineTransferSchema(brand, t) });
  if (submission.status !== "success") {
    // A missing or malformed key is a stale or altered page, not the member's typing.
    const staleKey = Boolean(submission.error?.idempotencyKey);
    return formFailure(
      submission.reply({
        ...(staleKey ? { formErrors: [t("transfer.expired")] } : {}),
        hideFields: HIDDEN,
      }),
    );
  }
  const { amount, withdrawPassword, idempotencyKey: key } = submission.value;
  try {
    // The agent is read from the member's row by the platform, never taken from the form.
    const entry = await transferToUpline(
      db,
      { memberId: viewer.member.id, amount, key, withdrawPassword },
      brand,
    );
    return redirect(`/member/transfer-upline?done=${entry.id}`);
  } catch (error) {
    const message = walletErrorMessage(error, t, brand, locale);
    const field = error instanceof PlatformError ? FIELD_OF_ERROR[error.code] : undefined;
    return formFailure(
      submission.reply({
        ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        hideFields: HIDDEN,
      }),
    );
  }
}

export default function TransferToUpline() {
  const { agent, balance, currency, done, formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <div className="transfer-page">
      <h1>{t("transfer.upline.title")}</h1>
      {done && !actionData ? (
        <p className="form-success" role="status" data-testid="transfer-done">
          {done}
        </p>
      ) : null}
      <p className="muted">{t("transfer.upline.intro")}</p>
      <section className="member-card" aria-label={t("transfer.upline.title")}>
        <dl className="transfer-facts">
          <dt>{t("transfer.upline.agent")}</dt>
          <dd data-testid="upline-agent">{agent}</dd>
          <dt>{t("transfer.upline.balance")}</dt>
          <dd data-testid="upline-main-balance">{formatMoney(balance, currency, i18n.language)}</dd>
        </dl>
        {/* A fresh form after a done transfer (a new address), never after a failed post (see transfer.tsx). */}
        <UplineTransferForm
          key={location.search}
          formKey={formKey}
          result={actionData?.result}
          amountLabel={t("transfer.upline.amount")}
          submitLabel={t("transfer.upline.submit")}
          passwordLabel={t("withdraw.withdrawPassword")}
          testId="upline-transfer-form"
        />
      </section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
