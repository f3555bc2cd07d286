import { createCookie } from "@remix-run/node";
import * as z from "zod/v4";
import { getConfig } from "~/config.server";

/**
 * Cookies are Secure whenever the visitor's connection is HTTPS (directly, or
 * at a trusted proxy). Browsers drop Secure cookies set over plain HTTP, so a
 * fixed flag would break plain-HTTP starts without protecting anything.
 */
export function cookieSecurity(request: Request) {
  const forwarded =
    getConfig().TRUST_PROXY_HOPS > 0 ? request.headers.get("x-forwarded-proto") : null;
  const https =
    new URL(request.url).protocol === "https:" || forwarded?.split(",")[0]?.trim() === "https";
  return { secure: https };
}

/** The chosen language; read by remix-i18next before Accept-Language. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

const prefsSchema = z.object({
  theme: z.enum(["light", "dark"]).catch("light"),
  /** "auto" until the visitor chooses: open on wide screens, closed on phones (CSS decides). */
  sideMenu: z.enum(["auto", "open", "collapsed"]).catch("auto"),
  /** The member's balance shown as asterisks. Only the portal layout reads it. */
  hideBalance: z.boolean().catch(false),
});
type StoredPrefs = z.infer<typeof prefsSchema>;
/** What the root renders on every page: the root's data travels with every navigation. */
export type UiPrefs = Pick<StoredPrefs, "theme" | "sideMenu">;

/** UI preferences the server needs to render the first paint right (no theme flash). */
export const prefsCookie = createCookie("prefs", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

async function readStoredPrefs(request: Request): Promise<StoredPrefs> {
  const raw: unknown = await prefsCookie.parse(request.headers.get("Cookie"));
  return prefsSchema.parse(raw && typeof raw === "object" ? raw : {});
}

export async function readPrefs(request: Request): Promise<UiPrefs> {
  const { theme, sideMenu } = await readStoredPrefs(request);
  return { theme, sideMenu };
}

/** Whether the header shows the balance as asterisks. */
export async function readHideBalance(request: Request): Promise<boolean> {
  return (await readStoredPrefs(request)).hideBalance;
}

export async function writePrefs(request: Request, change: Partial<StoredPrefs>) {
  const prefs = { ...(await readStoredPrefs(request)), ...change };
  return prefsCookie.serialize(prefs, cookieSecurity(request));
}

/**
 * The closed marker of the announcement popup: a browser-session cookie (the popup shows
 * once per session) holding the audiences (`B`, `A`, `FA`: see
 * `audienceOf`) whose popup was closed, so that signing in shows the
 * members' set even after the visitors' one was closed.
 */
export const announcementClosedCookie = createCookie("announce_closed", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
});

const AUDIENCE_KEY = /^[ABF]{1,3}$/;

/** The audiences whose announcement popup this browser closed. */
export async function closedAnnouncementAudiences(request: Request): Promise<Set<string>> {
  const value: unknown = await announcementClosedCookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string") return new Set();
  return new Set(value.split(" ").filter((key) => AUDIENCE_KEY.test(key)));
}

/** Set-Cookie adding `audience` to the closed ones. */
export async function closeAnnouncementsCookieHeader(request: Request, audience: string) {
  const closed = await closedAnnouncementAudiences(request);
  closed.add(audience);
  return announcementClosedCookie.serialize([...closed].join(" "), cookieSecurity(request));
}
