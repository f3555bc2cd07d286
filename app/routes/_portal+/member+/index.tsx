import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { WalletBalances } from "~/components/member/transfer/wallet-balances";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireRealMember } from "~/utils/auth.server";
import { useTranslation } from "~/utils/i18n";
import { translatorFor } from "~/utils/i18next.server";
import { titleMeta } from "~/utils/meta";
import { memberWallets } from "./__wallets.server";

export const meta = titleMeta<typeof loader>();

/** /member: the member centre's front page — every wallet's balance and the ways to move money. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  const { wallets, total, canTransfer } = await memberWallets(db, viewer.member.id, brand, t);
  return json({
    title: t("memberCentre.overview"),
    brandName: brand.name,
    name: viewer.member.nickname || viewer.member.account,
    currency: brand.currency,
    wallets,
    total,
    canTransfer,
  });
}

export default function MemberOverview() {
  const { name, currency, wallets, total, canTransfer } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("memberCentre.welcome", { name })}</h1>
      <nav className="member-card" aria-label={t("memberCentre.quickActions")}>
        <p className="quick-actions">
          <Link to="/member/deposit" className="button primary">
            {t("memberCentre.deposit")}
          </Link>
          <Link to="/member/withdraw" className="button">
            {t("memberCentre.withdraw")}
          </Link>
          {canTransfer ? (
            <Link to="/member/transfer" className="button">
              {t("memberCentre.transfer")}
            </Link>
          ) : null}
          <Link to="/member/transactions" className="button">
            {t("memberCentre.transactions")}
          </Link>
        </p>
      </nav>
      <WalletBalances wallets={wallets} total={total} currency={currency} shortcuts={canTransfer} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
