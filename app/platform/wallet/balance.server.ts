import { MAIN, vendorWallet } from "./ledger.server";
import type { Database } from "../db/open.server";

export interface WalletBalances {
  /** Minor units as a decimal string (bigint-safe for JSON). */
  main: string;
  vendors: { vassalage: string; balance: string }[];
  /** main + vendors. */
  total: string;
}

/**
 * A member's balances straight from the ledger's accounts (the header, the
 * session value `balance`): MAIN and one per vendor wallet of the brand. An
 * account that was never posted to reads 0.
 */
export async function walletBalances(
  db: Database,
  memberId: string,
  vendorWallets: readonly string[],
): Promise<WalletBalances> {
  const rows = await db
    .selectFrom("accounts")
    .select(["kind", "balance"])
    .where("member_id", "=", memberId)
    .execute();
  const byKind = new Map(rows.map((row) => [row.kind, row.balance]));
  const main = byKind.get(MAIN) ?? "0";
  const vendors = vendorWallets.map((vassalage) => ({
    vassalage,
    balance: byKind.get(vendorWallet(vassalage)) ?? "0",
  }));
  const total = vendors.reduce((sum, vendor) => sum + BigInt(vendor.balance), BigInt(main));
  return { main, vendors, total: total.toString() };
}

/** The member's MAIN balance in minor units (a bigint decimal string), as the header shows it. */
export async function mainBalance(db: Database, member: { id: string }): Promise<string> {
  const row = await db
    .selectFrom("accounts")
    .select("balance")
    .where("member_id", "=", member.id)
    .where("kind", "=", MAIN)
    .executeTakeFirst();
  return row?.balance ?? "0";
}
