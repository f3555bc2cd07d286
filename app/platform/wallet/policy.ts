import type { BrandConfig } from "../system/brand-config.server";

/** The wallet part of the brand config (merchant wallet, channels, limits). */
export type WalletPolicy = BrandConfig["wallet"];

/** Vendor wallets a member can transfer to: none in single-wallet mode (the merchant wallet's isSingle). */
export function transferWallets(policy: WalletPolicy): string[] {
  return policy.isSingle ? [] : policy.vendorWallets;
}
