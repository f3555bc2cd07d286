import { serverFirst } from "../lazy-component";
import * as onServer from "./member-only.server";

/**
 * Member-only chrome stays out of visitors' JavaScript: the server renders it
 * at once, the browser fetches one chunk (member-chrome.ts) when a member page
 * hydrates (lazy-component.tsx).
 */
const chrome = () => import("./member-chrome");

export const MemberActions = serverFirst(onServer.MemberActions, () =>
  chrome().then((module) => module.MemberActions),
);
export const LogoutDialog = serverFirst(onServer.LogoutDialog, () =>
  chrome().then((module) => module.LogoutDialog),
);
export const NeedRealAccountDialog = serverFirst(onServer.NeedRealAccountDialog, () =>
  chrome().then((module) => module.NeedRealAccountDialog),
);
