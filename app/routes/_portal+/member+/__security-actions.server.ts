/**
 * The security centre's form handlers, one per intent, each in a file of its own
 * (__security-<form>.server.ts), dispatched by the route's action, as the withdraw page
 * dispatches to __withdraw-actions.server.ts.
 */
import { bindEmailAddress, bindPhone, sendCode } from "./__security-contact.server";
import type { Reply, SecurityRequest } from "./__security-form.server";
import { forgetKnownPlaces } from "./__security-known-places.server";
import { changeLoginPassword } from "./__security-login-password.server";
import { saveProfile } from "./__security-profile.server";
import { signOutSessions } from "./__security-sessions.server";
import { saveWithdrawPassword } from "./__security-withdraw-password.server";

export type { Reply } from "./__security-form.server";
export { withdrawPasswordRule } from "./__security-withdraw-password.server";

export const SECURITY_INTENTS: Record<string, (input: SecurityRequest) => Reply> = {
  "change-password": changeLoginPassword,
  "withdraw-password": saveWithdrawPassword,
  "send-code": sendCode,
  "bind-phone": bindPhone,
  "bind-email": bindEmailAddress,
  profile: saveProfile,
  "sign-out-session": signOutSessions,
  "forget-known-place": forgetKnownPlaces,
};
