/** The remember-me cookie (and session) lives one day. */
export const REMEMBER_ME_MS = 86_400_000;
/** The default password that forces a change at login. */
export const DEFAULT_PASSWORD = "123456";
/** Captcha refresh and SMS get-code at most once per second. */
export const ONCE_PER_SECOND_MS = 1_000;
/** Where a self-excluded member's sign-in lands: the page that shows its balance and pays it out. */
export const CASH_OUT_PATH = "/cash-out";
