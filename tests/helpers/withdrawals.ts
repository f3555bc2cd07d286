import type { Database } from "~/platform/db/open.server";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { createSession } from "~/platform/identity/sessions.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { mainBalance } from "~/platform/wallet/balance.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import {
  approveWithdrawal,
  markWithdrawalPaid,
  requestWithdrawal,
} from "~/platform/wallet/withdrawals.server";
import { opsSessionCookieHeader } from "~/utils/session.server";
import { cookiePair, signInMember } from "./routes";
import { formKey, insertMember, insertPayee, testWalletPolicy } from "./wallet";

/** A 1×1 PNG: real image bytes for proof uploads. */
export const TINY_PNG: Uint8Array<ArrayBuffer> = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export const WITHDRAW_PASSWORD = "Vault4321";

/** A signed-in member with MAIN funds, a payee account and (unless told otherwise) a withdraw password. */
export async function withdrawingMember(
  db: Database,
  { balance = 1_000_000n, withPassword = true } = {},
) {
  const memberId = await insertMember(db);
  if (withPassword) {
    await db
      .updateTable("members")
      .set({ withdraw_password_hash: await hashPassword(WITHDRAW_PASSWORD) })
      .where("id", "=", memberId)
      .execute();
  }
  const payeeId = await insertPayee(db, memberId);
  if (balance > 0n) {
    const deposit = await createDeposit(
      db,
      { memberId, channel: "demo-pay", amount: balance, key: formKey() },
      testWalletPolicy(),
    );
    await confirmDeposit(db, deposit.id);
  }
  const { cookie } = await signInMember(db, memberId);
  return { memberId, payeeId, cookie };
}

export const balanceOf = async (db: Database, memberId: string) =>
  BigInt(await mainBalance(db, { id: memberId }));

export async function operatorId(db: Database) {
  const operator = await findMemberByAccount(db, "ops01");
  if (!operator) throw new Error("the seed has no ops01");
  return operator.id;
}

/** A back-office session for ops01 (or any member id), as the Cookie header a browser would send. */
export async function opsCookie(db: Database, memberId?: string) {
  const id = memberId ?? (await operatorId(db));
  const session = await createSession(
    db,
    { memberId: id, site: "ops", remember: false, ip: null, userAgent: null },
    identityPolicy(),
  );
  return cookiePair(await opsSessionCookieHeader(new Request("http://localhost/"), session));
}

/** A withdrawal of the member taken as far as `until` (pending, approved or paid) under the demo brand's limits. */
export async function withdrawalIn(
  db: Database,
  member: { memberId: string; payeeId: string },
  amount: bigint,
  until: "pending" | "approved" | "paid",
) {
  const brand = await getBrandConfig(db);
  const withdrawal = await requestWithdrawal(
    db,
    { memberId: member.memberId, payeeAccountId: member.payeeId, amount, key: formKey() },
    brand.wallet,
    brand.timeZone,
  );
  if (until === "pending") return withdrawal.id;
  const ops = { operatorId: await operatorId(db), context: { ip: null, userAgent: null } };
  await approveWithdrawal(db, withdrawal.id, ops);
  // Four eyes: the demo's finance account pays what ops01 approved.
  const finance = await findMemberByAccount(db, "finance01");
  if (!finance) throw new Error("the seed has no finance01");
  if (until === "paid")
    await markWithdrawalPaid(db, withdrawal.id, { ...ops, operatorId: finance.id }, brand.wallet);
  return withdrawal.id;
}

/** A same-origin multipart post (the receipt form), files included. */
export function multipartPost(
  url: string,
  cookie: string,
  fields: Record<string, string>,
  files: { name: string; bytes: Uint8Array<ArrayBuffer>; type: string }[] = [],
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files)
    body.append("proofs", new File([file.bytes], file.name, { type: file.type }));
  return {
    request: new Request(`http://localhost${url}`, {
      method: "POST",
      body,
      headers: { Origin: "http://localhost", Cookie: cookie },
    }),
    params: {},
    context: {},
  };
}
