import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";
import { confirmIdentity } from "../identity/identity-proof.server";
import { admitAttempt, forgiveAttempt } from "../identity/rate-limits.server";
import { hashPassword, verifyPassword } from "../identity/secrets.server";

/** Wrong withdraw passwords allowed per member in the window before withdrawals lock for its rest. */
const WRONG_ATTEMPTS = 5;
const WRONG_WINDOW_MS = 15 * 60_000;
const limitKey = (memberId: string) => `withdraw-password:${memberId}`;

export async function hasWithdrawPassword(db: Database, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom("members")
    .select("withdraw_password_hash")
    .where("id", "=", memberId)
    .executeTakeFirst();
  return Boolean(row?.withdraw_password_hash);
}

/**
 * Sets the withdraw password (the first time, proven by the login password)
 * or changes it (proven by the current withdraw password).
 */
export async function setWithdrawPassword(
  db: Database,
  input: {
    memberId: string;
    loginPassword?: string;
    currentWithdrawPassword?: string;
    newWithdrawPassword: string;
  },
  context: AuditContext,
) {
  const member = await db
    .selectFrom("members")
    .select("withdraw_password_hash")
    .where("id", "=", input.memberId)
    .executeTakeFirstOrThrow();
  if (member.withdraw_password_hash) {
    await checkWithdrawPassword(
      db,
      input.memberId,
      input.currentWithdrawPassword ?? "",
      member.withdraw_password_hash,
    );
  } else {
    // The first one is proven like every change that could hand the account over.
    await confirmIdentity(
      db,
      input.memberId,
      {
        kind: "password",
        password: input.loginPassword ?? "",
      },
      context,
    );
  }
  await db
    .updateTable("members")
    .set({ withdraw_password_hash: await hashPassword(input.newWithdrawPassword) })
    .where("id", "=", input.memberId)
    .execute();
  await audit(
    db,
    member.withdraw_password_hash ? "withdraw_password_changed" : "withdraw_password_set",
    context,
    { memberId: input.memberId },
  );
}

/**
 * Throws `withdraw_password_unset`, `withdraw_password_locked` (too many
 * wrong ones lately) or `withdraw_password_wrong`.
 */
export async function checkWithdrawPassword(
  db: Database,
  memberId: string,
  password: string,
  storedHash?: string | null,
) {
  const hash =
    storedHash !== undefined
      ? storedHash
      : (
          await db
            .selectFrom("members")
            .select("withdraw_password_hash")
            .where("id", "=", memberId)
            .executeTakeFirst()
        )?.withdraw_password_hash;
  if (!hash) throw new PlatformError("withdraw_password_unset");
  // Counted before it is checked, by the statement that returns the count (ADR 36); a right
  // one takes its count back, so only wrong ones use up the window.
  const key = limitKey(memberId);
  if ((await admitAttempt(db, key, WRONG_ATTEMPTS, WRONG_WINDOW_MS)) === null)
    throw new PlatformError("withdraw_password_locked");
  if (!(await verifyPassword(password, hash))) throw new PlatformError("withdraw_password_wrong");
  await forgiveAttempt(db, key);
}
