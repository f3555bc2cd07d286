import { createCookie } from "@remix-run/node";
import * as z from "zod/v4";

const secure = process.env.NODE_ENV === "production";

/** The chosen language; read by remix-i18next before Accept-Language. */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure,
  maxAge: 60 * 60 * 24 * 365,
});

const prefsSchema = z.object({
  theme: z.enum(["light", "dark"]).catch("light"),
  /** "auto" until the visitor chooses: open on wide screens, closed on phones (CSS decides). */
  sideMenu: z.enum(["auto", "open", "collapsed"]).catch("auto"),
});
export type UiPrefs = z.infer<typeof prefsSchema>;

/** UI preferences the server needs to render the first paint right (no theme flash). */
export const prefsCookie = createCookie("prefs", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readPrefs(request: Request): Promise<UiPrefs> {
  const raw: unknown = await prefsCookie.parse(request.headers.get("Cookie"));
  return prefsSchema.parse(raw ?? {});
}

export async function writePrefs(request: Request, change: Partial<UiPrefs>) {
  const prefs = { ...(await readPrefs(request)), ...change };
  return prefsCookie.serialize(prefs);
}

/** The closed marker of the announcement popup: a browser-session cookie (§4 once per session). */
export const announcementClosedCookie = createCookie("announce_closed", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure,
});
