import { createRequire } from "node:module";

/**
 * `remix-serve` logs every request with morgan ("tiny": method, URL, status,
 * length, time), and some URLs carry a secret: the sign-in hand-off's
 * `?token=`, a password reset's `?ticket=`, the first operator's `?setup=` link,
 * a demo game's launch token in its path. Morgan reads its tokens by name at
 * the moment it writes a line, so redefining its `url` and `referrer` tokens
 * from inside the server build changes what remix-serve's own logger writes,
 * and `npm start` stays `remix-serve ./build/index.js` (ADR 35).
 */

/** Query parameters whose value is never written to a log (compared without case). */
export const SECRET_QUERY_PARAMETERS = new Set([
  "token",
  "ticket",
  // Staff setup links, the first operator's and every staff account's (/ops/setup?setup=…): `token` is the sign-in hand-off's.
  "setup",
  "password",
  "secret",
  "key",
  "signature",
  "sig",
  "otp",
]);

/** Path segments that are themselves a secret: the demo game's launch token. */
const SECRET_PATHS: RegExp[] = [/^(\/demo-games\/)[^/?#]+/];

export const REDACTED = "[redacted]";

function parameterName(part: string): string {
  const raw = part.split("=", 1)[0]!.replace(/\+/g, " ");
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** A request target (`/path?query`) or a full URL, with every secret value replaced. */
export function redactUrl(target: string): string {
  const hash = target.indexOf("#");
  const withoutHash = hash === -1 ? target : target.slice(0, hash);
  const question = withoutHash.indexOf("?");
  let path = question === -1 ? withoutHash : withoutHash.slice(0, question);
  const query = question === -1 ? null : withoutHash.slice(question + 1);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path)?.[0] ?? "";
  path = path.slice(origin.length);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (query === null) return origin + path;
  const parts = query.split("&").map((part) => {
    if (!SECRET_QUERY_PARAMETERS.has(parameterName(part))) return part;
    return `${part.split("=", 1)[0]}=${REDACTED}`;
  });
  return `${origin}${path}?${parts.join("&")}`;
}

interface MorganLike {
  token(name: string, fn: (req: LoggedRequest) => string | undefined): unknown;
}
interface LoggedRequest {
  originalUrl?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The morgan that remix-serve itself loaded (its own dependency), or null when it is not installed. */
export function remixServeMorgan(): MorganLike | null {
  try {
    const local = createRequire(import.meta.url);
    const serve = createRequire(local.resolve("@remix-run/serve/package.json"));
    return serve("morgan") as MorganLike;
  } catch {
    return null;
  }
}

/** Makes `morgan` write redacted URLs and referrers; true when it was installed. */
export function installRequestLogRedaction(morgan: MorganLike | null = remixServeMorgan()) {
  if (!morgan) return false;
  morgan.token("url", (req) => redactUrl(req.originalUrl ?? req.url ?? ""));
  morgan.token("referrer", (req) => {
    const referrer = req.headers.referer ?? req.headers.referrer;
    const value = Array.isArray(referrer) ? referrer[0] : referrer;
    return value === undefined ? undefined : redactUrl(value);
  });
  return true;
}
