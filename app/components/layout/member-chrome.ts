/**
 * Everything the portal chrome shows only to a signed-in member, as one
 * browser chunk: loaded once by `member-only.tsx`, so opening the sign-out
 * dialog later needs no further download.
 */
export { MemberActions } from "./member-menu";
export { LogoutDialog } from "../identity/logout-dialog";
export { NeedRealAccountDialog } from "../identity/need-real-account-dialog";
