import { createCookie } from "@remix-run/node";
import { KNOWN_SIGN_IN_KEPT_DAYS } from "~/platform/identity/known-sign-ins.server";
import type { NewSession } from "~/platform/identity/sessions.server";
import { cookieSecurity } from "./prefs.server";

/**
 * The session cookie holds only the random session token (ADR 8); the
 * platform keeps its hash, lifetimes, IP and user agent. httpOnly so page
 * scripts never see it, SameSite=Lax so other sites cannot post with it.
 */
const sessionCookies = cookieByConnection("session");

/**
 * Over HTTPS a session cookie carries the `__Host-` prefix: the browser then
 * accepts it only Secure, for this host alone and on path /, so neither a
 * sibling subdomain nor a plain-HTTP page can plant or overwrite it. Plain
 * HTTP (a laptop's demo) keeps the bare name, which browsers refuse to prefix.
 * Each connection reads only its own name.
 */
function cookieByConnection(name: string) {
  const options = { path: "/", sameSite: "lax", httpOnly: true } as const;
  const plain = createCookie(name, options);
  const hostOnly = createCookie(`__Host-${name}`, options);
  return (request: Request) => (cookieSecurity(request).secure ? hostOnly : plain);
}

export async function readSessionToken(request: Request): Promise<string | null> {
  const sessionCookie = sessionCookies(request);
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 32 && value.length <= 64 ? value : null;
}

/**
 * Set-Cookie for a new portal session: one day with remember-me, the browser session otherwise.
 * A cash-out session (a self-excluded member's, ADR 49) goes into its own cookie instead,
 * whichever sign-in step made it, so the portal's cookie never carries it.
 */
export function sessionCookieHeader(request: Request, session: NewSession) {
  const cookies = session.site === "cash_out" ? cashOutSessionCookies : sessionCookies;
  return cookies(request).serialize(session.token, {
    ...cookieSecurity(request),
    maxAge: session.site === "cash_out" ? undefined : session.cookieMaxAgeSeconds,
  });
}

/** The cash-out page's own session cookie: read there and nowhere else (app/utils/cash-out.server.ts). */
const cashOutSessionCookies = cookieByConnection("cash_out_session");

export async function readCashOutSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await cashOutSessionCookies(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 32 && value.length <= 64 ? value : null;
}

export function clearCashOutSessionCookieHeader(request: Request) {
  return cashOutSessionCookies(request).serialize("", { ...cookieSecurity(request), maxAge: 0 });
}

export function clearSessionCookieHeader(request: Request) {
  return sessionCookies(request).serialize("", { ...cookieSecurity(request), maxAge: 0 });
}

/**
 * The back office's own session cookie: an operator's session is never the
 * portal's `session` cookie, so the member site never sees an operator signed
 * in (operators are not members: non_member_login), and a member's session
 * never opens /ops.
 */
const opsSessionCookies = cookieByConnection("ops_session");

export async function readOpsSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await opsSessionCookies(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 32 && value.length <= 64 ? value : null;
}

/** Set-Cookie for an operator's session: a browser session only (no remember option in the back office). */
export function opsSessionCookieHeader(request: Request, session: NewSession) {
  return opsSessionCookies(request).serialize(session.token, cookieSecurity(request));
}

export function clearOpsSessionCookieHeader(request: Request) {
  return opsSessionCookies(request).serialize("", { ...cookieSecurity(request), maxAge: 0 });
}

/**
 * ADR 37: the device cookie, a random id set at a passed member sign-in. A later
 * sign-in from a new IP but with this cookie is from a known device and is not
 * stepped up. httpOnly and SameSite=Lax like the session; kept for 400 days
 * (the most browsers allow), as long as the platform keeps an unused known place.
 */
const deviceCookie = createCookie("device", { path: "/", sameSite: "lax", httpOnly: true });
const DEVICE_COOKIE_SECONDS = KNOWN_SIGN_IN_KEPT_DAYS * 86_400;

export async function readDeviceId(request: Request): Promise<string | null> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{32,64}$/.test(value) ? value : null;
}

export function deviceCookieHeader(request: Request, deviceId: string) {
  return deviceCookie.serialize(deviceId, {
    ...cookieSecurity(request),
    maxAge: DEVICE_COOKIE_SECONDS,
  });
}
