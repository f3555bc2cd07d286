import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type TypedResponse,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { resultFor } from "~/components/member/withdraw/types";
import { WithdrawRequestForm } from "~/components/member/withdraw/withdraw-request-form";
import { WithdrawalList } from "~/components/member/withdraw/withdrawal-list";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { PlatformError } from "~/platform/errors";
import { CASH_OUT_PATH } from "~/platform/identity/constants";
import { deleteSession } from "~/platform/identity/sessions.server";
import { closureOf } from "~/platform/players/account-status.server";
import { runningBreaks } from "~/platform/protection/breaks.server";
import { unfinishedBonuses } from "~/platform/rewards/bonus-grants.server";
import { getDb } from "~/platform/start.server";
import { walletBalances } from "~/platform/wallet/balance.server";
import { listPayeeAccounts } from "~/platform/wallet/payees.server";
import { transferWallets } from "~/platform/wallet/policy";
import { transferAllToMain } from "~/platform/wallet/transfers.server";
import { hasWithdrawPassword } from "~/platform/wallet/withdraw-password.server";
import { findMemberWithdrawal } from "~/platform/wallet/withdrawals.server";
import { requireCashOutViewer } from "~/utils/auth.server";
import { assertSameOrigin, readForm } from "~/utils/form.server";
import { useTranslation } from "~/utils/i18n";
import { i18next, translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { formatMoney } from "~/utils/money";
import { clearCashOutSessionCookieHeader } from "~/utils/session.server";
import { idempotencyKeyField, newFormKey, walletErrorMessage } from "~/utils/wallet.server";
import {
  handleWithdrawalRequest,
  withdrawBrandFor,
  withdrawalHistory,
  type WithdrawReply,
} from "~/utils/withdraw-request.server";

export const meta = titleMeta<typeof loader>();

/** The member's latest withdrawals shown here; the rest wait for the end of the exclusion. */
const HISTORY_SIZE = 10;

/**
 * /cash-out (ADR 49): what a self-excluded member, or one whose account staff
 * closed (ADR 53), reaches by signing in, and nothing else. It shows the balances and asks for their payout: vendor
 * wallets' money moved back to the main balance, then a withdrawal to a payee
 * the member registered before, with the withdraw password. No games, no
 * deposits, no new payee: those wait for the end of the exclusion.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireCashOutViewer(request);
  const memberId = viewer.member.id;
  const db = await getDb();
  const [brand, t] = await Promise.all([
    withdrawBrandFor(db, viewer.member),
    translatorFor(request),
  ]);
  const requested = new URL(request.url).searchParams.get("requested");
  const [balances, payees, passwordSet, bonuses, history, breaks, notice, closure] =
    await Promise.all([
      walletBalances(db, memberId, transferWallets(brand.wallet)),
      listPayeeAccounts(db, memberId),
      hasWithdrawPassword(db, memberId),
      unfinishedBonuses(db, memberId),
      withdrawalHistory(db, memberId, 1, HISTORY_SIZE),
      runningBreaks(db, [memberId]),
      requested ? findMemberWithdrawal(db, memberId, requested) : null,
      closureOf(db, memberId),
    ]);
  const exclusion = breaks.get(memberId);
  return json({
    title: t("cashOut.title"),
    brandName: brand.name,
    account: viewer.member.account,
    until: exclusion ? formatTimestamp(exclusion.endsAt, brand.timeZone) : null,
    // A closed account (ADR 53) reaches this page too, its money held or not.
    closedFor: closure?.reason ?? null,
    fundsHeld: closure?.fundsHeld ?? false,
    currency: brand.currency,
    timeZone: brand.timeZone,
    formKey: newFormKey(),
    balances,
    hasWithdrawPassword: passwordSet,
    limits: brand.wallet.withdraw,
    providers: brand.wallet.payeeProviders.map(({ code, name }) => ({ code, name })),
    payees: payees.map(({ id, provider, holderName, maskedNumber }) => ({
      id,
      provider,
      holderName,
      maskedNumber,
    })),
    bonuses,
    requested: notice ? notice.id : null,
    ...history,
  });
}

type CashOutReply = WithdrawReply | { form: "collect"; error: string };

/** `collect` (vendor wallets back to main), `request` (the withdrawal), `sign_out`. */
export async function action({
  request,
}: ActionFunctionArgs): Promise<TypedResponse<CashOutReply>> {
  assertSameOrigin(request);
  const viewer = await requireCashOutViewer(request);
  const db = await getDb();
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "sign_out") {
    await deleteSession(db, viewer.token);
    return redirect("/", {
      headers: { "Set-Cookie": await clearCashOutSessionCookieHeader(request) },
    });
  }
  if (intent !== "collect" && intent !== "request")
    throw json({ error: "unknown_intent" }, { status: 400 });
  const [brand, t, locale] = await Promise.all([
    withdrawBrandFor(db, viewer.member),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  if (intent === "request")
    return handleWithdrawalRequest({ db, brand, t, locale, viewer }, formData, CASH_OUT_PATH);
  const key = idempotencyKeyField.safeParse(formData.get("idempotencyKey"));
  if (!key.success) return json({ form: "collect", error: t("withdraw.formExpired") }, 400);
  try {
    await transferAllToMain(db, { memberId: viewer.member.id, key: key.data }, brand.wallet);
  } catch (error) {
    // Nothing left in a vendor wallet (a doubled click, another tab): the page is as wanted.
    if (!(error instanceof PlatformError && error.code === "nothing_to_transfer"))
      return json({ form: "collect", error: walletErrorMessage(error, t, brand, locale) }, 400);
  }
  return redirect(CASH_OUT_PATH);
}

export default function CashOut() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const money = (minor: string) => formatMoney(minor, data.currency, i18n.language);
  const inVendors = data.balances.vendors.filter((vendor) => BigInt(vendor.balance) > 0n);
  return (
    <main className="cash-out-page member-card" aria-labelledby="cash-out-title">
      <h1 id="cash-out-title">{t("cashOut.title")}</h1>
      <p data-testid="cash-out-why">
        {data.closedFor
          ? t("cashOut.closed", {
              account: data.account,
              reason: t(`accountClosure.reasons.${data.closedFor}`),
            })
          : data.until
            ? t("cashOut.excludedUntil", { account: data.account, until: data.until })
            : t("cashOut.excluded", { account: data.account })}
      </p>
      {data.fundsHeld ? (
        <p className="form-error" role="status" data-testid="cash-out-held">
          {t("cashOut.held")}
        </p>
      ) : null}
      {data.requested && !reply ? (
        <p className="form-success" role="status" data-testid="cash-out-requested">
          {t("withdraw.requested", { id: data.requested })}
        </p>
      ) : null}
      <dl className="detail-list" data-testid="cash-out-balances">
        <dt>{t("cashOut.main")}</dt>
        <dd data-testid="cash-out-main">{money(data.balances.main)}</dd>
        {inVendors.map((vendor) => (
          <div key={vendor.vassalage}>
            <dt>{t("cashOut.vendor", { vendor: vendor.vassalage })}</dt>
            <dd>{money(vendor.balance)}</dd>
          </div>
        ))}
      </dl>
      {inVendors.length > 0 ? (
        <Form method="post" className="stack-form" data-testid="cash-out-collect">
          <input type="hidden" name="intent" value="collect" />
          <input type="hidden" name="idempotencyKey" value={data.formKey} />
          <p className="muted">{t("cashOut.collectHint")}</p>
          {reply && reply.form === "collect" && "error" in reply ? (
            <p className="form-error" role="alert">
              {reply.error}
            </p>
          ) : null}
          <button type="submit" className="button">
            {t("cashOut.collect")}
          </button>
        </Form>
      ) : null}
      {data.fundsHeld ? null : (
        <WithdrawRequestForm
          key={`request-${data.withdrawals[0]?.id ?? ""}`}
          hasWithdrawPassword={data.hasWithdrawPassword}
          payees={data.payees}
          providers={data.providers}
          limits={data.limits}
          currency={data.currency}
          formKey={data.formKey}
          bonuses={data.bonuses}
          result={reply && reply.form === "request" ? resultFor(reply, "request") : undefined}
          action={CASH_OUT_PATH}
          setupHelp={t("cashOut.setupHelp")}
        />
      )}
      <section aria-labelledby="cash-out-history-title">
        <h2 id="cash-out-history-title">{t("withdraw.historyTitle")}</h2>
        <WithdrawalList
          withdrawals={data.withdrawals}
          providers={data.providers}
          currency={data.currency}
          timeZone={data.timeZone}
          page={1}
          totalPages={1}
        />
      </section>
      <Form method="post">
        <input type="hidden" name="intent" value="sign_out" />
        <button type="submit" className="button" data-testid="cash-out-sign-out">
          {t("cashOut.signOut")}
        </button>
      </Form>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
