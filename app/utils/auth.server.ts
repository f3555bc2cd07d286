import { redirect } from "@remix-run/node";
import type { AuditContext } from "~/platform/audit/audit.server";
import { PlatformError } from "~/platform/errors";
import { hasAuthenticator } from "~/platform/identity/authenticator.server";
import { login } from "~/platform/identity/login.server";
import { memberInfo, type MemberInfo } from "~/platform/identity/members.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import {
  readSession,
  readSessionEnd,
  type SessionEnd,
  type Site,
} from "~/platform/identity/sessions.server";
import type { StaffPermission } from "~/platform/identity/staff-permissions";
import { staffMembership, type StaffMembership } from "~/platform/identity/staff.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requestIdOf } from "~/server/request-id.server";
import { identityFlags, signedInRedirect } from "./identity.server";
import { loginHref } from "./lobby-links";
import { safeRedirectPath, withSearchParam } from "./misc";
import {
  clearSessionCookieHeader,
  readDeviceId,
  readCashOutSessionToken,
  readOpsSessionToken,
  readSessionToken,
} from "./session.server";
import { visitorLocation } from "./visitor.server";

export interface Viewer {
  sessionId: string;
  /** This session is the member's first sign-in ever. */
  firstLogin: boolean;
  token: string;
  member: MemberInfo;
}

/**
 * The loaders of one request run at the same time, and Remix hands each its
 * own copy of the Request, so they cannot share a value keyed on it. They
 * share the session read that is in flight for the same token instead; a
 * settled read is never reused, so a logout counts from the next request on.
 */
const readsInFlight = new Map<string, Promise<Viewer | SessionEnd | null>>();

/**
 * Which sessions each cookie's reader accepts. Cookies are not signed, so a browser can put
 * any token in any cookie: a back-office or cash-out token in the portal's cookie must not
 * open the portal.
 */
const SITES_OF = {
  portal: ["member", "agent"],
  ops: ["ops"],
  cashOut: ["cash_out"],
} as const satisfies Record<string, readonly Site[]>;
type Reader = keyof typeof SITES_OF;

async function loadViewer(token: string, reader: Reader): Promise<Viewer | SessionEnd | null> {
  const db = await getDb();
  const [active, brand] = await Promise.all([
    readSession(db, token, identityPolicy()),
    getBrandConfig(db),
  ]);
  if (!active) return readSessionEnd(db, token);
  if (!(SITES_OF[reader] as readonly Site[]).includes(active.site)) return null;
  return {
    sessionId: active.sessionId,
    firstLogin: active.firstLogin,
    token,
    member: memberInfo(active.member, brand),
  };
}

/**
 * The signed-in member of a request, or null for a visitor (or a dead session).
 * A page load whose session the platform ended (issue 17: the session time
 * limit) is sent to the login page to be told why, its cookie cleared; a data
 * request just gets the visitor, so a fetcher is never redirected mid-page.
 */
export async function getViewer(request: Request): Promise<Viewer | null> {
  const token = await readSessionToken(request);
  if (!token) return null;
  let read = readsInFlight.get(token);
  if (!read) {
    read = loadViewer(token, "portal").finally(() => readsInFlight.delete(token));
    readsInFlight.set(token, read);
  }
  const found = await read;
  if (found && "reason" in found) {
    const url = new URL(request.url);
    if (request.method === "GET" && !url.searchParams.has("_data"))
      throw redirect(endedLoginHref(found, url.pathname + url.search), {
        headers: { "Set-Cookie": await clearSessionCookieHeader(request) },
      });
    return null;
  }
  return found;
}

/** /login?ended=…: the login page's notice of why the session ended, then back where the member was. */
function endedLoginHref(end: SessionEnd, from: string) {
  const back = safeRedirectPath(from);
  const href = new URL(loginHref(back.startsWith("/login") ? null : back), "http://portal.invalid");
  href.searchParams.set("ended", end.reason);
  if (end.limitMinutes) href.searchParams.set("minutes", String(end.limitMinutes));
  return href.pathname + href.search;
}

/** Route guard: a login-required route sends a visitor to /login?redirectTo=… */
export async function requireMember(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) {
    const url = new URL(request.url);
    throw redirect(loginHref(safeRedirectPath(url.pathname + url.search)));
  }
  return viewer;
}

/**
 * The self-excluded member signed in to the cash-out page (ADR 49), from that page's own
 * cookie; anyone else is sent to sign in. No other page reads this session.
 */
export async function requireCashOutViewer(request: Request): Promise<Viewer> {
  const token = await readCashOutSessionToken(request);
  const found = token ? await loadViewer(token, "cashOut") : null;
  if (!found || "reason" in found) throw redirect(loginHref(null));
  return found;
}

/**
 * Where a trial account is shown the `in_need_true_account` dialog: the
 * page it came from when that is ours, the home page otherwise.
 */
export function needRealAccountHref(request: Request): string {
  return withSearchParam(refererPath(request), "modal", "real-account");
}

/** The page of ours a request came from (its Referer), `fallback` otherwise: where a dialog opens over it. */
export function refererPath(request: Request, fallback = "/"): string {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const url = new URL(referer, request.url);
    return url.origin === new URL(request.url).origin
      ? safeRedirectPath(url.pathname + url.search, fallback)
      : fallback;
  } catch {
    return fallback;
  }
}

/** Trial accounts (type 4) are kept out of the member centre and real games. */
export async function requireRealMember(request: Request): Promise<Viewer> {
  const viewer = await requireMember(request);
  if (viewer.member.isTrial) throw redirect(needRealAccountHref(request));
  return viewer;
}

/** Only agents stay in /agentHome; a trial gets the real-account notice, anyone else the agent login. */
export async function requireAgent(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (viewer?.member.isTrial) throw redirect(needRealAccountHref(request));
  if (!viewer?.member.isAgent) throw redirect("/agent");
  return viewer;
}

/** The one back-office page an operator without an authenticator may open (ADR 34). */
export const OPS_ENROLMENT_PATH = "/ops/authenticator";

/** The back office's session, whether its operator has a confirmed authenticator, its role and the role's permissions. */
async function readOperator(
  request: Request,
): Promise<({ viewer: Viewer; enrolled: boolean } & StaffMembership) | null> {
  const token = await readOpsSessionToken(request);
  if (!token) return null;
  const viewer = await loadViewer(token, "ops");
  if (!viewer || !("member" in viewer) || viewer.member.role !== "operator") return null;
  const db = await getDb();
  const [enrolled, membership] = await Promise.all([
    hasAuthenticator(db, viewer.member.id),
    staffMembership(db, viewer.member.id),
  ]);
  // No role, or a disabled staff account: the back office lets it in nowhere.
  if (!membership) return null;
  return { viewer, enrolled, ...membership };
}

/**
 * The operator signed in to the back office (/ops) whose role has `permission`, or null. Read
 * from the back office's own cookie; the account must still be an operator with a role, its
 * authenticator confirmed (ADR 34: mandatory for staff). For resources (private images, the
 * event stream) that answer "not found" or 403 instead of redirecting.
 */
export async function getOperator(
  request: Request,
  permission: StaffPermission,
): Promise<Viewer | null> {
  const staff = await getStaff(request);
  return staff?.permissions.has(permission) ? staff.viewer : null;
}

/** The staff member signed in to the back office (its authenticator confirmed), or null. */
export async function getStaff(request: Request): Promise<Staff | null> {
  const found = await readOperator(request);
  return found?.enrolled
    ? { viewer: found.viewer, role: found.role, permissions: found.permissions }
    : null;
}

/** A signed-in staff member, its role's name and what the role lets it do. */
export interface Staff extends StaffMembership {
  viewer: Viewer;
}

/**
 * The back office's guard: anyone but a signed-in operator with a role goes to
 * /ops/login; an operator without an authenticator goes to /ops/authenticator,
 * the one page it lets such a session reach. What a page then may show or do
 * is `requireStaffPermission`'s to say.
 */
export async function requireStaff(request: Request): Promise<Staff> {
  const found = await readOperator(request);
  if (!found) throw redirect("/ops/login");
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  if (!found.enrolled && path !== OPS_ENROLMENT_PATH) throw redirect(OPS_ENROLMENT_PATH);
  return { viewer: found.viewer, role: found.role, permissions: found.permissions };
}

/** The operator's own account, for the pages every staff member has (its authenticator). */
export async function requireOperator(request: Request): Promise<Viewer> {
  return (await requireStaff(request)).viewer;
}

/**
 * What every /ops loader and action calls with the permission its screen or act needs: a
 * staff member whose role lacks it gets a 403 (the page says it is not allowed), whatever
 * the request asks for.
 */
export async function requireStaffPermission(
  request: Request,
  permission: StaffPermission,
): Promise<Staff> {
  return staffWithPermission(await requireStaff(request), permission);
}

/** The staff member, when its role has `permission`; else the 403 every back-office refusal is. */
export function staffWithPermission(staff: Staff, permission: StaffPermission): Staff {
  if (!staff.permissions.has(permission)) throw new Response("Forbidden", { status: 403 });
  return staff;
}

/** What the audit log records about the request: address (from trusted proxies only), user agent and the request's id. */
export function auditContext(request: Request): AuditContext {
  return {
    ip: visitorLocation(request).ip,
    userAgent: request.headers.get("User-Agent"),
    requestId: requestIdOf(request),
  };
}

/** The same, for a staff member's act: who did it, in which role. */
export function staffAuditContext(request: Request, staff: Staff): AuditContext {
  return { ...auditContext(request), staff: { id: staff.viewer.member.id, role: staff.role } };
}

/**
 * `?token=` in a URL signs in (e.g. the app-download QR on another device),
 * then the same URL is loaded without it, so the token never stays in the
 * address bar or in history. The token is a single-use hand-off ticket, and
 * the sign-in it makes goes through every check a password sign-in makes
 * (account status, site, breaks and self-exclusion, throttles). When that
 * sign-in would need another step (an authenticator code, a forced password
 * change) or is refused, no session is made: the member lands on the login
 * page with the same destination and signs in there.
 */
export async function handoffLogin(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token === null || request.method !== "GET") return null;
  url.searchParams.delete("token");
  // The request's own path, but "//evil.example/?token=…" must not come back as a link to another host.
  const target = safeRedirectPath(url.pathname + (url.search === "?" ? "" : url.search));
  const db = await getDb();
  const brand = await getBrandConfig(db);
  try {
    const outcome = await login(
      db,
      {
        method: "handoff",
        token,
        site: "member",
        remember: false,
        redirectTo: target,
        deviceId: await readDeviceId(request),
      },
      { ...brand, passwordExpiry: identityFlags(brand).passwordExpiry },
      auditContext(request),
      identityPolicy(),
    );
    if (outcome.kind !== "session") return redirect(loginHref(target));
    return await signedInRedirect(request, outcome.session, target);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return redirect(loginHref(target));
  }
}
