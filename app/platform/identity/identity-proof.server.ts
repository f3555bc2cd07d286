import { admitAttempt, forgiveAttempt } from "./rate-limits.server";
import { verifyPassword } from "./secrets.server";
import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";

/**
 * What a signed-in member presents to confirm a change that could hand the account to
 * someone else: a new password, a new phone or e-mail, the first withdraw password. The
 * session alone is not enough (a borrowed phone, a stolen cookie).
 *
 * Today the login password. The authenticator code is the second kind of proof and plugs
 * in here, as another member of this union checked in `confirmIdentity`, and nowhere else.
 */
export type IdentityProof = { kind: "password"; password: string };

/** Wrong proofs one member may present per window, across every form that asks for one. */
export const PROOF_ATTEMPTS = 5;
export const PROOF_WINDOW_MS = 15 * 60_000;
export const proofLimitKey = (memberId: string) => `identity-proof:${memberId}`;

/**
 * Throws `old_password_wrong` for a wrong proof and `too-many-requests` once the window's
 * attempts are used up; the attempt is counted before the secret is checked.
 */
export async function confirmIdentity(
  db: Database,
  memberId: string,
  proof: IdentityProof,
  now = new Date(),
): Promise<void> {
  const key = proofLimitKey(memberId);
  if ((await admitAttempt(db, key, PROOF_ATTEMPTS, PROOF_WINDOW_MS, now)) === null)
    throw new PlatformError("too-many-requests");
  const member = await db
    .selectFrom("members")
    .select("password_hash")
    .where("id", "=", memberId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(proof.password, member.password_hash)))
    throw new PlatformError("old_password_wrong");
  await forgiveAttempt(db, key);
}
