import { readdirSync } from "node:fs";
import { afterAll, beforeAll, vi } from "vitest";
import type { Database } from "~/platform/db/open.server";
import { findMemberByAccount } from "~/platform/identity/members.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createSession, type Site } from "~/platform/identity/sessions.server";
import { sessionCookieHeader } from "~/utils/session.server";
import { insertMember } from "./wallet";

/**
 * The route modules of one `+` folder, by remix.config.js's ignore rule: a `__name.ts` beside
 * the routes is that feature's code (ADR 14), and tests and dotfiles are not routes either.
 */
export function routeModulesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file) && !/^(__|\.)/.test(file) && !/\.test\.tsx?$/.test(file))
    .sort();
}

/** Loader/action arguments for a request to this path on http://localhost. */
export const routeArgs = (url: string, init?: RequestInit) => ({
  request: new Request(`http://localhost${url}`, init),
  params: {},
  context: {},
});

/** A same-origin form post, as a browser sends it. */
export const formPost = (
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  routeArgs(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: "http://localhost", ...headers },
  });

/** A response's JSON body, untyped: the tests assert its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function jsonBody(response: Response | Promise<Response> | unknown): Promise<any> {
  return ((await response) as Response).json();
}

/** The Response a loader or action threw (redirects, 4xx). */
export async function thrownResponse(promise: Promise<unknown> | unknown): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

/** The `name=value` pair of a Set-Cookie header, ready for a Cookie header. */
export const cookiePair = (setCookie: string | null) => (setCookie ?? "").split(";")[0]!;

/** A fresh session for a member id on a site: its token and the Cookie header a browser would send. */
export async function signInMember(db: Database, memberId: string, site: Site = "member") {
  const session = await createSession(
    db,
    { memberId, site, remember: false, ip: null, userAgent: null },
    identityPolicy(),
  );
  return {
    token: session.token,
    cookie: cookiePair(await sessionCookieHeader(new Request("http://localhost/"), session)),
  };
}

/** A new member of `type` (0 a member, 4 a trial account), signed in: its id, token and Cookie header. */
export async function signedInNewMember(db: Database, type = 0) {
  const id = await insertMember(db, { type });
  return { id, ...(await signInMember(db, id)) };
}

/** A loader's arguments for a GET with `cookie` (a visitor when null) and the route's params. */
export const getAs = (url: string, cookie: string | null, params: Record<string, string> = {}) => ({
  ...routeArgs(url, { headers: cookie ? { Cookie: cookie } : {} }),
  params,
});

/** A fresh session for a seeded account, as the Cookie header a browser would send. */
export async function signInAs(db: Database, account: string, site: Site = "member") {
  const member = await findMemberByAccount(db, account);
  if (!member) throw new Error(`the seed has no ${account}`);
  return { member, ...(await signInMember(db, member.id, site)) };
}

/**
 * For a describe block that renders a route with renderToString: the test
 * router's layout effects warn there ("useLayoutEffect does nothing on the
 * server"); the page's own server render has no router stub, so that warning
 * alone is silenced, every other console error still shows.
 */
export function quietServerRenderWarnings() {
  beforeAll(() => {
    const original = console.error;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes("useLayoutEffect does nothing on the server")) return;
      original(...args);
    });
  });
  afterAll(() => vi.restoreAllMocks());
}
