import type { TFunction } from "~/i18n";
import type { Database } from "~/platform/db/open.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { walletBalances } from "~/platform/wallet/balance.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import { transferWallets } from "~/platform/wallet/policy";
import { vendorDisplayNames } from "~/platform/wallet/vendor-names.server";

/**
 * A member's wallets as the member centre lists them: MAIN first, then each
 * vendor wallet of the brand (none in single-wallet mode) by display name.
 */
export async function memberWallets(
  db: Database,
  memberId: string,
  brand: Pick<BrandConfig, "wallet">,
  t: TFunction,
) {
  const vendors = transferWallets(brand.wallet);
  const [balances, names] = await Promise.all([
    walletBalances(db, memberId, vendors),
    vendorDisplayNames(db, vendors),
  ]);
  const nameOf = (code: string) =>
    code === MAIN ? t("transfer.mainWallet") : (names[code] ?? code);
  return {
    wallets: [
      { code: MAIN, name: nameOf(MAIN), balance: balances.main },
      ...balances.vendors.map((vendor) => ({
        code: vendor.vassalage,
        name: nameOf(vendor.vassalage),
        balance: vendor.balance,
      })),
    ],
    total: balances.total,
    canTransfer: vendors.length > 0,
    nameOf,
  };
}
