/** §9: the remember-me cookie (and session) lives one day. */
export const REMEMBER_ME_MS = 86_400_000;
/** §9: the default password that forces a change at login. */
export const DEFAULT_PASSWORD = "123456";
/** §5/§9: captcha refresh and SMS get-code at most once per second. */
export const ONCE_PER_SECOND_MS = 1_000;
