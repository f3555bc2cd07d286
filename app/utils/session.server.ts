import { createCookie } from "@remix-run/node";
import type { NewSession } from "~/platform/identity/sessions.server";
import { cookieSecurity } from "./prefs.server";

/**
 * The session cookie holds only the random session token (ADR 8); the
 * platform keeps its hash, lifetimes, IP and user agent. httpOnly so page
 * scripts never see it, SameSite=Lax so other sites cannot post with it.
 */
const sessionCookie = createCookie("session", { path: "/", sameSite: "lax", httpOnly: true });

export async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 32 && value.length <= 64 ? value : null;
}

/** Set-Cookie for a new session: one day with remember-me, the browser session otherwise. */
export function sessionCookieHeader(request: Request, session: NewSession) {
  return sessionCookie.serialize(session.token, {
    ...cookieSecurity(request),
    maxAge: session.cookieMaxAgeSeconds,
  });
}

export function clearSessionCookieHeader(request: Request) {
  return sessionCookie.serialize("", { ...cookieSecurity(request), maxAge: 0 });
}

/**
 * The back office's own session cookie: an operator's session is never the
 * portal's `session` cookie, so the member site never sees an operator signed
 * in (operators are not members: non_member_login), and a member's session
 * never opens /ops.
 */
const opsSessionCookie = createCookie("ops_session", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
});

export async function readOpsSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await opsSessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 32 && value.length <= 64 ? value : null;
}

/** Set-Cookie for an operator's session: a browser session only (no remember option in the back office). */
export function opsSessionCookieHeader(request: Request, session: NewSession) {
  return opsSessionCookie.serialize(session.token, cookieSecurity(request));
}

export function clearOpsSessionCookieHeader(request: Request) {
  return opsSessionCookie.serialize("", { ...cookieSecurity(request), maxAge: 0 });
}

/**
 * ADR 37: the device cookie, a random id set at a passed member sign-in. A later
 * sign-in from a new IP but with this cookie is from a known device and is not
 * stepped up. httpOnly and SameSite=Lax like the session; kept for 400 days
 * (the most browsers allow).
 */
const deviceCookie = createCookie("device", { path: "/", sameSite: "lax", httpOnly: true });
const DEVICE_COOKIE_SECONDS = 400 * 86_400;

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
