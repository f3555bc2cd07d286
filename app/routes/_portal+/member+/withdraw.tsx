import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PayeeAccounts } from "~/components/member/withdraw/payee-accounts";
import { ReceiptForm } from "~/components/member/withdraw/receipt-form";
import { resultFor, WITHDRAW_PATH } from "~/components/member/withdraw/types";
import { WithdrawRequestForm } from "~/components/member/withdraw/withdraw-request-form";
import { WithdrawalList } from "~/components/member/withdraw/withdrawal-list";
import type { Database } from "~/platform/db/open.server";
import { unfinishedBonuses } from "~/platform/rewards/bonus-grants.server";
import { getDb } from "~/platform/start.server";
import { mainBalance } from "~/platform/wallet/balance.server";
import { listPayeeAccounts, MAX_PAYEE_ACCOUNTS } from "~/platform/wallet/payees.server";
import { hasWithdrawPassword } from "~/platform/wallet/withdraw-password.server";
import { autoReceiveDue, findMemberWithdrawal } from "~/platform/wallet/withdrawals.server";
import { requireRealMember } from "~/utils/auth.server";
import { assertSameOrigin, readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { formatMoney } from "~/utils/money";
import { pageParam } from "~/utils/pagination";
import { newFormKey } from "~/utils/wallet.server";
import {
  handleWithdrawalRequest,
  withdrawBrandFor,
  withdrawalHistory,
  type WithdrawReply,
  type WithdrawRequestContext,
} from "~/utils/withdraw-request.server";
import { isMultipart, readProofUpload } from "./__proof-upload.server";
import { handleAddPayee, handleReceipt, handleRemovePayee } from "./__withdraw-actions.server";

export const meta = titleMeta<typeof loader>();

const PAGE_SIZE = 10;

/** /member/withdraw: payee accounts, the request form, and the member's withdrawals with receipt confirmation. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  // Paid withdrawals past their deadline count as received before anything is shown.
  await autoReceiveDue(db);
  const [brand, t] = await Promise.all([
    withdrawBrandFor(db, viewer.member),
    translatorFor(request),
  ]);
  const memberId = viewer.member.id;
  const url = new URL(request.url);
  const [passwordSet, balance, payees, history, notice, bonuses] = await Promise.all([
    hasWithdrawPassword(db, memberId),
    mainBalance(db, viewer.member),
    listPayeeAccounts(db, memberId),
    withdrawalHistory(db, memberId, pageParam(url.searchParams.get("page")), PAGE_SIZE),
    pageNotice(db, memberId, url.searchParams),
    unfinishedBonuses(db, memberId),
  ]);
  return json({
    title: t("withdraw.title"),
    brandName: brand.name,
    currency: brand.currency,
    timeZone: brand.timeZone,
    formKey: newFormKey(),
    hasWithdrawPassword: passwordSet,
    balance,
    limits: brand.wallet.withdraw,
    providers: brand.wallet.payeeProviders.map(({ code, name }) => ({ code, name })),
    payees: payees.map(({ id, provider, holderName, maskedNumber }) => ({
      id,
      provider,
      holderName,
      maskedNumber,
    })),
    maxPayees: MAX_PAYEE_ACCOUNTS,
    notice,
    bonuses,
    ...history,
  });
}

/** The note after a redirect: ?requested=<id> / ?confirmed=<id> (the member's own only) or ?payee=added|removed. */
async function pageNotice(db: Database, memberId: string, params: URLSearchParams) {
  for (const kind of ["requested", "confirmed"] as const) {
    const id = params.get(kind);
    if (id && (await findMemberWithdrawal(db, memberId, id))) return { kind, id };
  }
  const payee = params.get("payee");
  return payee === "added" || payee === "removed" ? { kind: payee, id: null } : null;
}

/**
 * The page's intents: `add-payee`, `remove-payee`, `request` (withdraw
 * password checked first) and `confirm-receipt`, the one multipart form
 * (proof images), read only after the origin and the member are checked.
 */
export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<WithdrawReply>> {
  assertSameOrigin(request);
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t, locale] = await Promise.all([
    withdrawBrandFor(db, viewer.member),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  const context: WithdrawRequestContext = { db, brand, t, locale, viewer };
  if (isMultipart(request)) {
    const upload = await readProofUpload(request);
    if (upload.fields.intent !== "confirm-receipt")
      throw json({ error: "unknown_intent" }, { status: 400 });
    return handleReceipt(context, upload);
  }
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "add-payee":
      return handleAddPayee(context, formData);
    case "remove-payee":
      return handleRemovePayee(context, formData);
    case "request":
      return handleWithdrawalRequest(context, formData, WITHDRAW_PATH);
    default:
      throw json({ error: "unknown_intent" }, { status: 400 });
  }
}

function PageNotice({ notice }: { notice: { kind: string; id: string | null } }) {
  const { t } = useTranslation();
  const text = {
    requested: () => t("withdraw.requested", { id: notice.id }),
    confirmed: () => t("withdraw.receipt.confirmed", { id: notice.id }),
    added: () => t("withdraw.payeeAdded"),
    removed: () => t("withdraw.payeeRemoved"),
  }[notice.kind];
  return text ? (
    <p className="form-success" role="status" data-testid="withdraw-notice">
      {text()}
    </p>
  ) : null;
}

export default function WithdrawPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const paid = data.withdrawals.filter((withdrawal) => withdrawal.status === "paid");
  return (
    <div className="withdraw-page">
      <h1>{t("withdraw.title")}</h1>
      {data.notice && !actionData ? <PageNotice notice={data.notice} /> : null}
      <p className="withdraw-balance">
        <span>{t("withdraw.balance")}</span>{" "}
        <strong data-testid="withdraw-balance">
          {formatMoney(data.balance, data.currency, i18n.language)}
        </strong>
      </p>
      <WithdrawRequestForm
        // A fresh form once a request has gone through (the newest withdrawal changes), so the withdraw password
        // never survives it. Not on a failed post: its errors show while the page still revalidates, and a
        // remount when that ends would drop what the member is already retyping.
        key={`request-${data.withdrawals[0]?.id ?? ""}`}
        hasWithdrawPassword={data.hasWithdrawPassword}
        payees={data.payees}
        providers={data.providers}
        limits={data.limits}
        currency={data.currency}
        formKey={data.formKey}
        bonuses={data.bonuses}
        result={resultFor(actionData, "request")}
      />
      {paid.map((withdrawal) => (
        <ReceiptForm
          key={withdrawal.id}
          withdrawal={withdrawal}
          currency={data.currency}
          result={resultFor(actionData, "receipt", withdrawal.id)}
        />
      ))}
      <section className="member-card" aria-labelledby="withdrawals-title">
        <h2 id="withdrawals-title">{t("withdraw.historyTitle")}</h2>
        <WithdrawalList
          withdrawals={data.withdrawals}
          providers={data.providers}
          currency={data.currency}
          timeZone={data.timeZone}
          page={data.page}
          totalPages={data.totalPages}
        />
      </section>
      <PayeeAccounts
        // Likewise a fresh add form once a payee is added or removed, not after a failed try.
        key={`payees-${data.payees.map((payee) => payee.id).join("-")}`}
        payees={data.payees}
        providers={data.providers}
        maxPayees={data.maxPayees}
        result={resultFor(actionData, "add-payee")}
      />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
