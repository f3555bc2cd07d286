import { getConfig } from "~/config.server";

/**
 * The numbers identity enforces. Documented in docs/configuration.md ("Identity limits"); the
 * throttle numbers are ours (the spec says only that failed logins show a captcha).
 */
export interface IdentityPolicy {
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  passwordMaxAgeMs: number;
  smsCodeMinutes: number;
  /** Wrong answers a code survives before it is void. */
  codeMaxAttempts: number;
  /** Codes one IP may request per hour, and one phone or address per day (SMS pumping). */
  codesPerIpPerHour: number;
  codesPerTargetPerDay: number;
  captchaTtlMs: number;
  handoffTtlMs: number;
  passwordChangeTicketMs: number;
  /** Failed logins of one account / one IP within `failureWindowMs` before a captcha is asked. */
  failureWindowMs: number;
  accountCaptchaAfter: number;
  ipCaptchaAfter: number;
  /** …and before the account is locked / the IP blocked, for `lockMs`. */
  accountLockAfter: number;
  ipBlockAfter: number;
  lockMs: number;
  trialsPerIpPerHour: number;
  freePlayCredit: number;
}

export function identityPolicy(overrides: Partial<IdentityPolicy> = {}): IdentityPolicy {
  const config = getConfig();
  return {
    sessionIdleMs: config.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    passwordMaxAgeMs: config.PASSWORD_MAX_AGE_DAYS * 86_400_000,
    smsCodeMinutes: config.SMS_CODE_MINUTES,
    codeMaxAttempts: 5,
    codesPerIpPerHour: 10,
    codesPerTargetPerDay: 10,
    captchaTtlMs: 10 * 60_000,
    handoffTtlMs: 10 * 60_000,
    passwordChangeTicketMs: 30 * 60_000,
    failureWindowMs: 15 * 60_000,
    accountCaptchaAfter: 3,
    ipCaptchaAfter: 5,
    accountLockAfter: 10,
    ipBlockAfter: 30,
    lockMs: 15 * 60_000,
    trialsPerIpPerHour: 5,
    freePlayCredit: config.FREE_PLAY_CREDIT,
    ...overrides,
  };
}
