import { checkWithdrawPassword } from "./withdraw-password.server";
import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";
import type { WalletPolicy } from "./policy";
import { blindIndex, openText, sealText } from "../db/at-rest.server";

/** How many payee accounts a member may keep at once. */
export const MAX_PAYEE_ACCOUNTS = 5;

export interface PayeeAccount {
  id: string;
  kind: "bank" | "ewallet";
  provider: string;
  holderName: string;
  /** Only the last four digits leave the server. */
  maskedNumber: string;
}

export const maskAccountNumber = (number: string) => `•••• ${number.slice(-4)}`;

export async function listPayeeAccounts(db: Database, memberId: string): Promise<PayeeAccount[]> {
  const rows = await db
    .selectFrom("payee_accounts")
    .select(["id", "kind", "provider", "holder_name", "account_number"])
    .where("member_id", "=", memberId)
    .where("removed_at", "is", null)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    provider: row.provider,
    holderName: row.holder_name,
    maskedNumber: maskAccountNumber(openText(row.account_number)),
  }));
}

/**
 * A new account that withdrawals may pay to: money can leave through it, so the withdraw
 * password is asked for first, counted by the same lock as a withdrawal's.
 */
export async function addPayeeAccount(
  db: Database,
  input: {
    memberId: string;
    provider: string;
    holderName: string;
    accountNumber: string;
    withdrawPassword: string;
  },
  policy: WalletPolicy,
): Promise<PayeeAccount> {
  await checkWithdrawPassword(db, input.memberId, input.withdrawPassword);
  const provider = policy.payeeProviders.find((candidate) => candidate.code === input.provider);
  if (!provider) throw new PlatformError("unknown_provider");
  const existing = await listPayeeAccounts(db, input.memberId);
  if (existing.length >= MAX_PAYEE_ACCOUNTS)
    throw new PlatformError("too_many_payees", { max: MAX_PAYEE_ACCOUNTS });
  const row = await db
    .insertInto("payee_accounts")
    .values({
      member_id: input.memberId,
      kind: provider.kind,
      provider: provider.code,
      holder_name: input.holderName,
      // Kept sealed: only its last digits ever leave the platform, and only the queue opens it.
      account_number: sealText(input.accountNumber),
      // Staff find a payee by its exact number through this alone (the player search).
      account_number_index: blindIndex(input.accountNumber),
    })
    .returning(["id", "kind", "provider", "holder_name"])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    kind: row.kind,
    provider: row.provider,
    holderName: row.holder_name,
    maskedNumber: maskAccountNumber(input.accountNumber),
  };
}

export async function removePayeeAccount(db: Database, memberId: string, payeeId: string) {
  if (!/^\d{1,18}$/.test(payeeId)) return false;
  const result = await db
    .updateTable("payee_accounts")
    .set({ removed_at: new Date() })
    .where("id", "=", payeeId)
    .where("member_id", "=", memberId)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
