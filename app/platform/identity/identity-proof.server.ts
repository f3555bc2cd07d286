import { verifySecondFactor } from "./authenticator.server";
import { admitAttempt, forgiveAttempt } from "./rate-limits.server";
import { verifyPassword } from "./secrets.server";
import type { AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";

/**
 * What a signed-in member presents to confirm a change that could hand the account to
 * someone else: a new password, a new phone or e-mail, the first withdraw password. The
 * session alone is not enough (a borrowed phone, a stolen cookie).
 *
 * The login password, or, for a member with an authenticator, a code from it (or one of
 * its recovery codes). Which kinds a form offers is the form's choice.
 */
export type IdentityProof =
  { kind: "password"; password: string } | { kind: "authenticator"; code: string };

/** Wrong proofs one member may present per window, across every form that asks for one. */
export const PROOF_ATTEMPTS = 5;
export const PROOF_WINDOW_MS = 15 * 60_000;
export const proofLimitKey = (memberId: string) => `identity-proof:${memberId}`;

/**
 * Throws `old_password_wrong` for a wrong password and `too-many-requests` once the window's
 * attempts are used up; the attempt is counted before the secret is checked. An authenticator
 * code goes through the authenticator's own throttle and refusals (`second_factor_*`), so a
 * guess here counts against the same limit as a guess at sign-in.
 */
export async function confirmIdentity(
  db: Database,
  memberId: string,
  proof: IdentityProof,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  const member = await db
    .selectFrom("members")
    .select(["id", "account", "password_hash"])
    .where("id", "=", memberId)
    .executeTakeFirstOrThrow();
  if (proof.kind === "authenticator") {
    await verifySecondFactor(db, member, proof.code, context, now, "identity_proof");
    return;
  }
  const key = proofLimitKey(memberId);
  if ((await admitAttempt(db, key, PROOF_ATTEMPTS, PROOF_WINDOW_MS, now)) === null)
    throw new PlatformError("too-many-requests");
  if (!(await verifyPassword(proof.password, member.password_hash)))
    throw new PlatformError("old_password_wrong");
  await forgiveAttempt(db, key);
}
