import { describe, expect, test } from "vitest";
import { hasSignedInCookie } from "~/server/page-cache.server";
import {
  opsSessionCookieHeader,
  readOpsSessionToken,
  readSessionToken,
  sessionCookieHeader,
} from "~/utils/session.server";

/**
 * Over HTTPS the session cookies carry the `__Host-` prefix (Secure, this host
 * only, path /), and such a request reads only the prefixed name, so a cookie
 * planted by a sibling subdomain or a plain-HTTP page is never taken for a
 * session. A plain-HTTP start (the demo on a laptop) keeps the bare names.
 */
const TOKEN = "a".repeat(43);
const session = {
  token: TOKEN,
  expiresAt: new Date(Date.now() + 3_600_000),
  site: "member" as const,
  cookieMaxAgeSeconds: undefined,
};
const at = (url: string, cookie?: string) =>
  new Request(url, cookie ? { headers: { Cookie: cookie } } : undefined);

describe("session cookies", () => {
  test("over HTTPS: __Host- prefix, Secure, path /, no Domain", async () => {
    for (const header of [
      await sessionCookieHeader(at("https://portal.example/login"), session),
      await opsSessionCookieHeader(at("https://portal.example/ops/login"), session),
    ]) {
      expect(header).toMatch(/^__Host-(session|ops_session)=/);
      expect(header).toMatch(/; Secure/);
      expect(header).toMatch(/; Path=\//);
      expect(header).not.toMatch(/Domain=/i);
      expect(header).toMatch(/; HttpOnly/);
    }
  });

  test("over HTTPS a bare-named cookie is not a session; the prefixed one is", async () => {
    const https = "https://portal.example/member";
    expect(await readSessionToken(at(https, `session=${TOKEN}`))).toBeNull();
    expect(await readOpsSessionToken(at(https, `ops_session=${TOKEN}`))).toBeNull();
    const cookie = (await sessionCookieHeader(at(https), session)).split(";")[0]!;
    expect(await readSessionToken(at(https, cookie))).toBe(TOKEN);
  });

  test("over plain HTTP the bare name, as before", async () => {
    const http = "http://localhost:3000/member";
    const header = await sessionCookieHeader(at(http), session);
    expect(header).toMatch(/^session=/);
    expect(header).not.toMatch(/Secure/);
    expect(await readSessionToken(at(http, header.split(";")[0]!))).toBe(TOKEN);
  });

  test("the page cache steps aside for either name", () => {
    for (const cookie of ["session=x", "__Host-session=x", "lng=ur; __Host-ops_session=x"]) {
      expect(hasSignedInCookie(at("https://portal.example/", cookie))).toBe(true);
    }
    expect(hasSignedInCookie(at("https://portal.example/", "lng=ur"))).toBe(false);
  });
});
