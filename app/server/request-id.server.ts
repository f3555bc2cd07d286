// Shared by design: every request passes through it (entry.server.tsx), whichever feature it reaches.
import { randomUUID } from "node:crypto";

const ids = new WeakMap<Request, string>();

/** One id per request: a proxy's X-Request-Id when present, a fresh UUID otherwise. */
export function requestIdOf(request: Request): string {
  let id = ids.get(request);
  if (!id) {
    const given = request.headers.get("x-request-id");
    id = given && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    ids.set(request, id);
  }
  return id;
}
