// Shared by design: every resource route (a route without a page) answers through it.

/**
 * What every answer of a resource route carries (images, JSON, CSV, event
 * streams, redirects): none of them is a page, so nothing in one may run,
 * load or be framed, and browsers must not guess its type. Documents get
 * their own policy in entry.server.tsx; Remix sends resource routes' answers
 * past it, hence this wrapper. A header the route set itself (an image's own
 * policy) is kept.
 */
const RESOURCE_HEADERS: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
};
const HSTS = "max-age=31536000; includeSubDomains";

function secured<R extends Response>(response: R): R {
  const production = process.env.NODE_ENV === "production";
  const wanted = {
    ...RESOURCE_HEADERS,
    ...(production ? { "Strict-Transport-Security": HSTS } : {}),
  };
  try {
    for (const [name, value] of Object.entries(wanted)) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
    return response;
  } catch {
    // A response whose headers are immutable (one fetched from elsewhere): copy it.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(wanted)) {
      if (!copy.headers.has(name)) copy.headers.set(name, value);
    }
    return copy as R;
  }
}

/** A resource route's loader or action, whose answers (returned or thrown) carry RESOURCE_HEADERS. */
export function withResourceHeaders<Args extends unknown[], R extends Response>(
  handler: (...args: Args) => Promise<R> | R,
): (...args: Args) => Promise<R> {
  return async (...args) => {
    try {
      return secured(await handler(...args));
    } catch (error) {
      if (error instanceof Response) throw secured(error);
      throw error;
    }
  };
}
