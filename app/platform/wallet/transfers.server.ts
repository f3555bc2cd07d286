import { checkWithdrawPassword } from "./withdraw-password.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import {
  findEntryByKey,
  MAIN,
  memberKey,
  postEntry,
  readPostedEntry,
  vendorWallet,
  type MemberAccountKind,
  type PostedEntry,
} from "./ledger.server";
import { transferWallets, type WalletPolicy } from "./policy";
import { type TypeSets, isAgentType } from "../identity/member-types";

/** `MAIN` or a vendor's vassalage code, as the transfer form names a wallet. */
export type WalletName = string;

function walletAccount(name: WalletName, policy: WalletPolicy): MemberAccountKind {
  if (name === MAIN) return MAIN;
  if (!transferWallets(policy).includes(name))
    throw new PlatformError(policy.isSingle ? "single_wallet" : "unknown_wallet");
  return vendorWallet(name);
}

/** Wallet transfer (GCS_walletTransfer): main ↔ vendor wallet, one entry, idempotent on the form's key. */
export async function transferBetweenWallets(
  db: Database,
  input: { memberId: string; from: WalletName; to: WalletName; amount: bigint; key: string },
  policy: WalletPolicy,
): Promise<PostedEntry> {
  const from = walletAccount(input.from, policy);
  const to = walletAccount(input.to, policy);
  if (from === to) throw new PlatformError("same_account");
  if (from !== MAIN && to !== MAIN) throw new PlatformError("unknown_wallet");
  return postEntry(db, {
    key: memberKey(input.memberId, "transfer", input.key),
    kind: "transfer",
    memberId: input.memberId,
    memo: { from: input.from, to: input.to },
    movements: [
      {
        from: { memberId: input.memberId, kind: from },
        to: { memberId: input.memberId, kind: to },
        amount: input.amount,
      },
    ],
  });
}

/**
 * "All back to main": every vendor wallet's balance to MAIN in one entry. The
 * member's accounts are locked before the balances are read, and the key is
 * checked after the lock, so a doubled submit returns the first entry instead
 * of finding nothing left to move.
 */
export async function transferAllToMain(
  db: Database,
  input: { memberId: string; key: string },
  policy: WalletPolicy,
): Promise<PostedEntry> {
  const vendors = transferWallets(policy);
  if (vendors.length === 0) throw new PlatformError("single_wallet");
  const key = memberKey(input.memberId, "transfer-all", input.key);
  return inTransaction(db, async (trx) => {
    const accounts = await trx
      .selectFrom("accounts")
      .select(["id", "kind", "balance"])
      .where("member_id", "=", input.memberId)
      .orderBy("id")
      .forUpdate()
      .execute();
    const earlier = await findEntryByKey(trx, key);
    const movements = earlier
      ? []
      : accounts
          .filter(
            (account) =>
              vendors.some((vassalage) => vendorWallet(vassalage) === account.kind) &&
              BigInt(account.balance) > 0n,
          )
          .map((account) => ({
            from: { memberId: input.memberId, kind: account.kind as MemberAccountKind },
            to: { memberId: input.memberId, kind: MAIN as MemberAccountKind },
            amount: BigInt(account.balance),
          }));
    if (earlier) return readPostedEntry(trx, earlier.id);
    if (movements.length === 0) throw new PlatformError("nothing_to_transfer");
    return postEntry(trx, {
      key,
      kind: "transfer",
      memberId: input.memberId,
      memo: { from: "ALL", to: MAIN },
      movements,
    });
  });
}

/**
 * Transfer to the upline: a member (or sub-agent) under an agent sends money from
 * MAIN to the agent's MAIN. The upline comes from the member row, never from
 * the form. Money leaves the account, so the withdraw password is asked for first,
 * counted by the same lock as a withdrawal's.
 */
export async function transferToUpline(
  db: Database,
  input: { memberId: string; amount: bigint; key: string; withdrawPassword: string },
  sets: TypeSets,
): Promise<PostedEntry & { uplineId: string }> {
  const upline = await db
    .selectFrom("members as m")
    .innerJoin("members as up", "up.id", "m.parent_id")
    .select(["up.id", "up.type", "up.status"])
    .where("m.id", "=", input.memberId)
    .executeTakeFirst();
  if (!upline || !isAgentType(upline.type, sets) || upline.status !== "active")
    throw new PlatformError("no_upline");
  await checkWithdrawPassword(db, input.memberId, input.withdrawPassword);
  const entry = await postEntry(db, {
    key: memberKey(input.memberId, "transfer-upline", input.key),
    kind: "transfer_upline",
    memberId: input.memberId,
    ref: `member:${upline.id}`,
    movements: [
      {
        from: { memberId: input.memberId, kind: MAIN },
        to: { memberId: upline.id, kind: MAIN },
        amount: input.amount,
      },
    ],
  });
  return { ...entry, uplineId: upline.id };
}
