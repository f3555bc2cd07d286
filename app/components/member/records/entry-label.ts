import type { TFunction } from "~/i18n";

/** Where a bonus came from when the ledger entry says (its memo's `source`), and the label naming it. */
const SOURCE_LABELS: Record<string, string> = {
  rebate: "rebate.title",
  vip_upgrade: "vipLevels.upgradeBonus",
};

/**
 * What a ledger entry is, as a member reads it: a bonus by where it came from
 * (a manual rebate, a VIP upgrade bonus), a locked bonus's release or forfeit
 * by the reward centre's labels (ADR 15), anything else by its kind.
 */
export function entryLabel(t: TFunction, line: { kind: string; source?: string | null }) {
  const source = line.source ? SOURCE_LABELS[line.source] : undefined;
  if (line.kind === "bonus" && source) return t(source);
  if (line.kind === "bonus_release" || line.kind === "bonus_forfeit")
    return t(`rewards.entryKinds.${line.kind}`);
  // Cash from points (a conversion, virtual goods) is worded by the points mall (ADR 17).
  if (line.kind === "points_converted" || line.kind === "points_redeemed")
    return t(`pointMall.entryKinds.${line.kind}`);
  return t(`records.kinds.${line.kind}`, { defaultValue: line.kind });
}

/** A wallet's name: the main wallet, the locked bonus wallet, or a vendor wallet's code. */
export function walletLabel(t: TFunction, wallet: string) {
  if (wallet === "MAIN") return t("records.mainWallet");
  if (wallet === "BONUS") return t("records.bonusWallet");
  return wallet;
}
