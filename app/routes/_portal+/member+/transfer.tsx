import type { Submission, SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import * as z from "zod/v4";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AllToMainForm } from "~/components/member/transfer/all-to-main-form";
import { TransferForm } from "~/components/member/transfer/transfer-form";
import { WalletBalances } from "~/components/member/transfer/wallet-balances";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { getDb } from "~/platform/start.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { findMemberTransfer } from "~/platform/wallet/transfer-receipts.server";
import { transferAllToMain, transferBetweenWallets } from "~/platform/wallet/transfers.server";
import { requireRealMember } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { formatMoney } from "~/utils/money";
import {
  amountField,
  idempotencyKeyField,
  newFormKey,
  walletErrorMessage,
} from "~/utils/wallet.server";
import { memberWallets } from "./__wallets.server";

export const meta = titleMeta<typeof loader>();

/** /member/transfer: balances per wallet, a wallet-to-wallet transfer and "all back to main" (GCS_walletTransfer). */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t, locale] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  const url = new URL(request.url);
  const doneId = url.searchParams.get("done");
  // GCS_merchantWallet isSingle: one wallet, nothing to transfer between (canTransfer false).
  const [{ wallets, total, canTransfer, nameOf }, receipt] = await Promise.all([
    memberWallets(db, viewer.member.id, brand, t),
    doneId ? findMemberTransfer(db, viewer.member.id, doneId, "transfer") : null,
  ]);
  // A shortcut's pair, only when both are wallets of this page.
  const known = (code: string | null) =>
    code && wallets.some((wallet) => wallet.code === code) ? code : undefined;
  const amount = receipt ? formatMoney(receipt.amount, brand.currency, locale) : "";
  return json({
    title: t("transfer.title"),
    brandName: brand.name,
    currency: brand.currency,
    wallets,
    total,
    canTransfer,
    prefill: { from: known(url.searchParams.get("from")), to: known(url.searchParams.get("to")) },
    done: receipt
      ? receipt.from === "ALL"
        ? t("transfer.doneAll", { amount })
        : t("transfer.done", {
            amount,
            from: nameOf(receipt.from ?? MAIN),
            to: nameOf(receipt.to ?? MAIN),
          })
      : null,
    // One key per form on the page, new on every render of the page.
    transferKey: newFormKey(),
    allToMainKey: newFormKey(),
  });
}

const transferSchema = (brand: BrandConfig, t: TFunction) =>
  z.object({
    from: z.string({ error: t("validation.required") }),
    to: z.string({ error: t("validation.required") }),
    amount: amountField(brand, t),
    idempotencyKey: idempotencyKeyField,
  });

const allToMainSchema = z.object({ idempotencyKey: idempotencyKeyField });

/** Which field a wallet failure belongs to; the rest are about the whole form. */
const FIELD_OF_ERROR: Record<string, string> = {
  insufficient_balance: "amount",
  invalid_amount: "amount",
  same_account: "to",
};

type Intent = "transfer" | "all-to-main";

/** What a refused transfer answers: the form it came from and conform's result. A done one redirects. */
type TransferReply = { intent: Intent; result: SubmissionResult<string[]> };

export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<TransferReply>> {
  const formData = await readForm(request);
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t, locale] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  const memberId = viewer.member.id;
  const intent = formData.get("intent");
  if (intent === "transfer") {
    const submission = parseSubmission(formData, { schema: transferSchema(brand, t) });
    if (submission.status !== "success") return invalidForm(submission, intent, t);
    const { from, to, amount, idempotencyKey: key } = submission.value;
    return post(submission, intent, { t, brand, locale }, () =>
      transferBetweenWallets(db, { memberId, from, to, amount, key }, brand.wallet),
    );
  }
  if (intent === "all-to-main") {
    const submission = parseSubmission(formData, { schema: allToMainSchema });
    if (submission.status !== "success") return invalidForm(submission, intent, t);
    return post(submission, intent, { t, brand, locale }, () =>
      transferAllToMain(db, { memberId, key: submission.value.idempotencyKey }, brand.wallet),
    );
  }
  throw json({ error: "unknown_intent" }, { status: 400 });
}

/** A 400 for a form that did not parse; a missing or malformed key is a stale or altered page, not the member's typing. */
function invalidForm(submission: Submission<unknown>, intent: Intent, t: TFunction) {
  const staleKey = submission.status !== "success" && submission.error?.idempotencyKey;
  return formFailure(submission.reply(staleKey ? { formErrors: [t("transfer.expired")] } : {}), {
    intent,
  });
}

/** Posts the transfer: POST → redirect → GET on success (a repeated key lands on the first entry's note), a 400 with the reason otherwise. */
async function post(
  submission: Submission<unknown>,
  intent: Intent,
  { t, brand, locale }: { t: TFunction; brand: BrandConfig; locale: string },
  transfer: () => Promise<{ id: string }>,
) {
  try {
    const entry = await transfer();
    return redirect(`/member/transfer?done=${entry.id}`);
  } catch (error) {
    const message = walletErrorMessage(error, t, brand, locale);
    const field =
      error instanceof PlatformError && intent === "transfer"
        ? FIELD_OF_ERROR[error.code]
        : undefined;
    return formFailure(
      submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
      { intent },
    );
  }
}

export default function TransferFunds() {
  const { wallets, total, currency, canTransfer, prefill, done, transferKey, allToMainKey } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const location = useLocation();
  const resultFor = (intent: Intent) =>
    actionData?.intent === intent ? actionData.result : undefined;
  return (
    <div className="transfer-page">
      <h1>{t("transfer.title")}</h1>
      {done && !actionData ? (
        <p className="form-success" role="status" data-testid="transfer-done">
          {done}
        </p>
      ) : null}
      {canTransfer ? (
        <p className="muted">{t("transfer.intro")}</p>
      ) : (
        <p className="muted" data-testid="single-wallet">
          {t("transfer.singleWallet")}
        </p>
      )}
      <WalletBalances
        wallets={canTransfer ? wallets : wallets.slice(0, 1)}
        total={total}
        currency={currency}
        shortcuts={canTransfer}
      />
      {canTransfer ? (
        <>
          {/*
            A fresh form when the address changes (a done transfer, a shortcut's pair), so no amount is left behind.
            Not on a failed post: the forms post to the address they are on, and a remount while the page
            revalidates would throw away what the member is already correcting.
          */}
          <TransferForm
            key={`transfer${location.search}`}
            wallets={wallets}
            formKey={transferKey}
            result={resultFor("transfer")}
            prefill={prefill}
          />
          <AllToMainForm
            key={`all${location.search}`}
            formKey={allToMainKey}
            result={resultFor("all-to-main")}
          />
        </>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
