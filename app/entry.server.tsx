import { randomBytes } from "node:crypto";
import {
  createReadableStreamFromReadable,
  type ActionFunctionArgs,
  type EntryContext,
  type HandleDataRequestFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { getConfig } from "./config.server";
import { logEvent } from "./platform/log.server";
import { getDb, startDatabase } from "./platform/start.server";
import { getBrandConfig } from "./platform/system/settings.server";
import { streamDocument } from "./server/document-stream.server";
import { checkDocumentWriter } from "./server/document-writer-check.server";
import { stylesheetText } from "./server/inline-css.server";
import {
  cachedPage,
  hasSignedInCookie,
  setPageCacheHeaders,
  storingStream,
  withNonce,
} from "./server/page-cache.server";
import { acceptsGzip } from "./server/page-gzip.server";
import { installPeerAddress } from "./server/peer-address.server";
import { requestIdOf } from "./server/request-id.server";
import { installRequestLogRedaction, redactUrl } from "./server/request-log.server";
import { installRouteMatchMemo } from "./server/route-matching.server";
import { securityHeaders } from "./server/security-headers.server";
import appStyles from "./styles/app.css";
import { LabelSourceProvider } from "./utils/i18n";
import { i18next, serverLabelSource } from "./utils/i18next.server";
import { RequestContextProvider } from "./utils/request-context";

// Fail fast on bad configuration or a React writer that corrupts text, and open + migrate the
// database before the first request.
const config = getConfig();
installRouteMatchMemo(logEvent);
// remix-serve's request log never writes a token, ticket or setup link (ADR 35).
installRequestLogRedaction();
// Per-IP limits need the client address even with no proxy in front (ADR 36).
installPeerAddress();
await checkDocumentWriter().catch((error: unknown) => {
  logEvent("startup.failed", { level: "error", error: String(error) });
  throw error;
});
await startDatabase();

const ABORT_DELAY = 10_000;
const production = config.NODE_ENV === "production";

function logRequest(request: Request, status: number, started: number, requestId: string) {
  const url = new URL(request.url);
  logEvent("request", {
    method: request.method,
    path: redactUrl(url.pathname),
    status,
    ms: Math.round(performance.now() - started),
    requestId,
  });
}

type BrandOrigins = { imageOrigins: string[]; frameOrigins: string[] };
const originsByBrand = new WeakMap<object, BrandOrigins>();

function originsOf(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // a path on our own origin, already allowed
    }
  }
  return [...origins];
}

/** The brand's image and game CDNs, allowed by the CSP; worked out once per cached brand config. */
async function brandOrigins(): Promise<BrandOrigins> {
  const brand = await getBrandConfig(await getDb()).catch(() => null);
  if (!brand) return { imageOrigins: [], frameOrigins: [] };
  let origins = originsByBrand.get(brand);
  if (!origins) {
    origins = {
      imageOrigins: originsOf(brand.imageCdns),
      frameOrigins: originsOf(brand.launchGameCdns),
    };
    originsByBrand.set(brand, origins);
  }
  return origins;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: unknown,
) {
  const started = performance.now();
  const requestId = requestIdOf(request);
  const nonce = randomBytes(16).toString("base64");
  const page = await cachedPage(loadContext, responseStatusCode);
  if (page) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("X-Request-Id", requestId);
    securityHeaders(responseHeaders, { nonce, production, ...(await brandOrigins()) });
    setPageCacheHeaders(request, responseHeaders, true);
    responseHeaders.set("X-Page-Cache", "hit");
    const gzip = acceptsGzip(request);
    if (gzip) responseHeaders.set("Content-Encoding", "gzip");
    logRequest(request, 200, started, requestId);
    return new Response(withNonce(page, nonce, gzip), { status: 200, headers: responseHeaders });
  }
  const labels = serverLabelSource(await i18next.getLocale(request));
  const origins = await brandOrigins();
  // Visitors' first paint waits for no request (ADR 27). A member's browser keeps the hashed
  // file after one download; inlining it would resend 50 KB with every signed-in document.
  const css = hasSignedInCookie(request) ? undefined : await stylesheetText(appStyles);

  const storing = await storingStream(loadContext, nonce, () => ({
    status: responseStatusCode,
    headers: responseHeaders,
  }));
  const body = await streamDocument(
    <RequestContextProvider value={{ nonce, requestId, css }}>
      <LabelSourceProvider value={labels}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY}
          nonce={nonce}
        />
      </LabelSourceProvider>
    </RequestContextProvider>,
    {
      nonce,
      waitForAll: isbot(request.headers.get("user-agent") ?? ""),
      through: storing,
      abortAfterMs: ABORT_DELAY,
      onError(error, shellRendered) {
        responseStatusCode = 500;
        if (shellRendered) logEvent("render.error", { requestId, error: String(error) });
      },
    },
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("X-Request-Id", requestId);
  securityHeaders(responseHeaders, { nonce, production, ...origins });
  setPageCacheHeaders(request, responseHeaders, responseStatusCode === 200 && !!storing);
  if (storing) responseHeaders.set("X-Page-Cache", "miss");
  body.on("end", () => logRequest(request, responseStatusCode, started, requestId));
  return new Response(createReadableStreamFromReadable(body), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  securityHeaders(response.headers, { production });
  const requestId = requestIdOf(request);
  response.headers.set("X-Request-Id", requestId);
  logEvent("request", {
    method: request.method,
    path: redactUrl(new URL(request.url).pathname),
    status: response.status,
    data: true,
    requestId,
  });
  return response;
};

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  logEvent("error", {
    requestId: requestIdOf(request),
    method: request.method,
    path: redactUrl(new URL(request.url).pathname),
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
