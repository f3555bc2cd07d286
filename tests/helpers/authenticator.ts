import { generateTOTP } from "@epic-web/totp";
import type { Database } from "~/platform/db/open.server";
import { enrolWithSecret, TOTP } from "~/platform/identity/authenticator.server";

/** A fixed base32 secret for test accounts' authenticators. */
export const TEST_AUTHENTICATOR_SECRET = "JBSWY3DPEHPK3PXP";

/** Enrols the account's authenticator with the test secret, active at once. */
export const enrolTestAuthenticator = (db: Database, memberId: string) =>
  enrolWithSecret(db, memberId, TEST_AUTHENTICATOR_SECRET, new Date());

/** The code the test authenticator shows now. */
export async function authenticatorCodeNow(secret = TEST_AUTHENTICATOR_SECRET) {
  return (await generateTOTP({ ...TOTP, secret })).otp;
}
