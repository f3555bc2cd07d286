import { DEFAULT_PASSWORD } from "./constants";

/** How a sign-in was proven: a login method, or a password reset that signs the member in. */
export type LoginMethod = "password" | "sms" | "handoff" | "sms_reset" | "mail_reset";
export type ForcedChangeReason =
  "default_password" | "first_login" | "staff_request" | "expired" | "reset";

/** Staff's request for a new password waits until a password newer than the request is set. */
export const staffResetPending = (passwordChangedAt: Date, resetRequiredAt?: Date | null) =>
  Boolean(resetRequiredAt && resetRequiredAt >= passwordChangedAt);

/**
 * Whether a login must change the password before it completes. The
 * default password and an expired one (with the expiry feature on) count
 * only for password logins; a first-time login and a staff member's request
 * (until a password newer than the request is set) count for every method.
 */
export function forcedChangeReason(input: {
  method: LoginMethod;
  password?: string;
  firstTimeLogin: boolean;
  passwordChangedAt: Date;
  /** When staff asked for a new password (null when never). */
  resetRequiredAt?: Date | null;
  expiryEnabled: boolean;
  maxAgeMs: number;
  now: Date;
}): Exclude<ForcedChangeReason, "reset"> | null {
  if (input.method === "password" && input.password === DEFAULT_PASSWORD) return "default_password";
  if (input.firstTimeLogin) return "first_login";
  if (staffResetPending(input.passwordChangedAt, input.resetRequiredAt)) return "staff_request";
  if (
    input.method === "password" &&
    input.expiryEnabled &&
    input.now.getTime() - input.passwordChangedAt.getTime() > input.maxAgeMs
  ) {
    return "expired";
  }
  return null;
}
