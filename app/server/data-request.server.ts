import type { IncomingMessage } from "node:http";

/**
 * Remix removes `_data` from the URL its loaders see, so a loader cannot tell
 * a data request (a client-side navigation, a prefetch) from a document
 * request by the URL. The HTTP server's request hook (peer-address.server.ts)
 * writes what the raw URL says into this header before Remix reads the
 * request, overwriting whatever a client sent under the name (ADR 39).
 */
export const DATA_REQUEST_HEADER = "x-portal-data-request";

/** Called by the HTTP server's request hook with the request as it arrived. */
export function stampDataRequest(request: IncomingMessage) {
  const query = request.url?.split("?")[1] ?? "";
  request.headers[DATA_REQUEST_HEADER] = new URLSearchParams(query).has("_data") ? "1" : "0";
}

/**
 * Whether this GET asks for a page's HTML (not Remix's JSON for it): by the
 * server's stamp, whatever the `Accept` header says (curl, crawlers and
 * monitors send `*\/*`). A request that did not come through the HTTP server
 * (a test calling a loader) has no stamp: then by an `Accept` that names
 * `text/html`, as browsers send for a page and Remix's data fetches do not.
 */
export function isDocumentRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  const stamp = request.headers.get(DATA_REQUEST_HEADER);
  if (stamp !== null) return stamp === "0";
  return request.headers.get("Accept")?.includes("text/html") ?? false;
}
