import { DEFAULT_PASSWORD } from "./constants";

export type LoginMethod = "password" | "sms" | "handoff";
export type ForcedChangeReason = "default_password" | "first_login" | "expired" | "reset";

/**
 * Whether a login must change the password before it completes. The
 * default password and an expired one (with the expiry feature on) count
 * only for password logins; a first-time login counts for every method.
 */
export function forcedChangeReason(input: {
  method: LoginMethod;
  password?: string;
  firstTimeLogin: boolean;
  passwordChangedAt: Date;
  expiryEnabled: boolean;
  maxAgeMs: number;
  now: Date;
}): Exclude<ForcedChangeReason, "reset"> | null {
  if (input.method === "password" && input.password === DEFAULT_PASSWORD) return "default_password";
  if (input.firstTimeLogin) return "first_login";
  if (
    input.method === "password" &&
    input.expiryEnabled &&
    input.now.getTime() - input.passwordChangedAt.getTime() > input.maxAgeMs
  ) {
    return "expired";
  }
  return null;
}
