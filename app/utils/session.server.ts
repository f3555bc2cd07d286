import { createCookie } from "@remix-run/node";
import type { NewSession } from "~/platform/identity/sessions.server";
import { cookieSecurity } from "./prefs.server";

/**
 * The session cookie holds only the random session token (DESIGN §2); the
 * platform keeps its hash, lifetimes, IP and user agent. httpOnly so page
 * scripts never see it, SameSite=Lax so other sites cannot post with it.
 */
const sessionCookie = createCookie("session", { path: "/", sameSite: "lax", httpOnly: true });

export async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 32 && value.length <= 64 ? value : null;
}

/** Set-Cookie for a new session: one day with remember-me (§9), the browser session otherwise. */
export function sessionCookieHeader(request: Request, session: NewSession) {
  return sessionCookie.serialize(session.token, { ...cookieSecurity(request), maxAge: session.cookieMaxAgeSeconds });
}

export function clearSessionCookieHeader(request: Request) {
  return sessionCookie.serialize("", { ...cookieSecurity(request), maxAge: 0 });
}
