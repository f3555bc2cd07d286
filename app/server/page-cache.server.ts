// Shared by design: the root, the portal layout, visitor pages' loaders and entry.server.tsx decide one request together.
import { Transform } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { onContentChange } from "~/platform/events/content-changes.server";
import { logEvent } from "~/platform/log.server";
import { startDatabase } from "~/platform/start.server";
import { i18next } from "~/utils/i18next.server";
import { visitorLocation } from "~/utils/visitor.server";
import { isDocumentRequest } from "./data-request.server";
import { gzipJoined } from "./page-gzip.server";
import { PageStore, type StoredPage } from "./page-store.server";
import { RenderBudget } from "./render-budget.server";
import { readQuery, VISITOR_PAGES } from "./visitor-pages";

const SIGNED_IN_COOKIE = /(?:^|;)\s*(?:__Host-)?(?:session|ops_session)=/;

const FRESH_MS = 10_000;
const STALE_MS = 50_000;

export const VISITOR_CACHE_CONTROL = `public, max-age=0, s-maxage=${FRESH_MS / 1000}, stale-while-revalidate=${STALE_MS / 1000}`;

const store = new PageStore({ freshMs: FRESH_MS, staleMs: STALE_MS, maxEntries: 500 });

let renderBudget: RenderBudget | null = null;

export interface PageCacheDecision {
  /** Null for a visitor page whose query holds a parameter no page reads: rendered, never stored. */
  key: string | null;
  /** The stored page to send, or null: render this request and store what it renders. */
  page: StoredPage | null;
  generation: number;
}

export function hasSignedInCookie(request: Request) {
  return SIGNED_IN_COOKIE.test(request.headers.get("Cookie") ?? "");
}

/** A document request for a visitor page, by a visitor: the page cache's to answer. */
function isVisitorPageRequest(request: Request, url: URL): boolean {
  // Whatever its Accept header (curl, crawlers and monitors send */*): never Remix's JSON.
  return (
    isDocumentRequest(request) && VISITOR_PAGES.has(url.pathname) && !hasSignedInCookie(request)
  );
}

/**
 * Every input that changes a visitor's HTML: the host (the brand), the path
 * and the query parameters the pages read (popups are URL state, ADR 4), the
 * language Accept-Language resolves to, and every cookie as sent (language,
 * theme, side menu, the closed announcement popup, and any added later without
 * touching this). Maintenance and region are not in it: the root checks them
 * on every request. Null when the query holds a parameter no page reads.
 */
async function visitorKey(request: Request, url: URL): Promise<string | null> {
  const query = readQuery(url);
  if (query === null) return null;
  const cookies = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .sort()
    .join("; ");
  const locale = await i18next.getLocale(request);
  return [url.host, `${url.pathname}?${query}`, locale, cookies].join("\n");
}

let listening: Promise<unknown> | null = null;

function listenForContentChanges() {
  listening ??= startDatabase()
    .then((handle) => onContentChange(handle, () => store.clear()))
    .catch((error: unknown) => {
      // Pages still expire after FRESH_MS + STALE_MS; a later request tries again.
      listening = null;
      logEvent("page_cache.listen_failed", { error: String(error) });
    });
}

// Remix hands every loader of a request, and handleRequest, the same fresh load context object.
const decisions = new WeakMap<object, Promise<PageCacheDecision | null>>();

async function decide(request: Request): Promise<PageCacheDecision | null> {
  const url = new URL(request.url);
  if (!isVisitorPageRequest(request, url)) return null;
  const key = await visitorKey(request, url);
  listenForContentChanges();
  const page = key === null ? null : store.lookup(key);
  renderBudget ??= new RenderBudget(getConfig().VISITOR_RENDERS_PER_MINUTE);
  if (!page && !renderBudget.take(visitorLocation(request).ip)) {
    throw new Response("Too many new pages from this address; try again in a minute.", {
      status: 429,
      headers: { "Retry-After": "60", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return { key, page, generation: store.begin() };
}

/** Whether this request is served from the page cache; decided once per request. */
export function pageCacheDecision(
  request: Request,
  context: unknown,
): Promise<PageCacheDecision | null> {
  if (!context || typeof context !== "object") return Promise.resolve(null);
  let decision = decisions.get(context);
  if (!decision) decisions.set(context, (decision = decide(request)));
  return decision;
}

/** What the loaders decided; a request no loader asked about is not a visitor page. */
function decidedFor(context: unknown): Promise<PageCacheDecision | null> {
  if (!context || typeof context !== "object") return Promise.resolve(null);
  // A refused decision (the render budget's 429) is the loaders' to throw; here it is no page.
  return decisions.get(context)?.catch(() => null) ?? Promise.resolve(null);
}

/**
 * A visitor page's loader: skipped when the page comes from the cache, since
 * handleRequest then sends the stored HTML and nothing reads the data.
 */
export async function visitorPageLoader<T>(
  { request, context }: Pick<LoaderFunctionArgs, "request" | "context">,
  load: () => T | Promise<T>,
): Promise<T> {
  const decision = await pageCacheDecision(request, context);
  if (decision?.page) return null as T;
  return load();
}

/** The stored page for this request, if its loaders were skipped for it and nothing failed. */
export async function cachedPage(context: unknown, status: number) {
  const decision = await decidedFor(context);
  return status === 200 && decision?.page ? decision.page : null;
}

/**
 * The HTML of a stored page with this response's nonce where the rendering's
 * was; gzipped from parts deflated once when the request takes gzip.
 */
export function withNonce(page: StoredPage, nonce: string, gzip = false): Uint8Array<ArrayBuffer> {
  const nonceBytes = Buffer.from(nonce);
  const html = gzip
    ? gzipJoined(page.parts, nonceBytes)
    : Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [nonceBytes, part])));
  // A view, not a copy: Buffer.concat allocates a plain ArrayBuffer.
  return new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.length);
}

/** A rendered page cut where its nonce stood: the parts withNonce joins again. */
export function cutAtNonce(html: Buffer, nonce: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(nonceBytes); at !== -1; at = html.indexOf(nonceBytes, from)) {
    parts.push(html.subarray(from, at));
    from = at + nonceBytes.length;
  }
  parts.push(html.subarray(from));
  return parts;
}

/**
 * Passes the rendered document through and, when it is a visitor page that
 * ended as a 200 without a cookie of its own, stores it for the next visitors.
 */
export async function storingStream(
  context: unknown,
  nonce: string,
  final: () => { status: number; headers: Headers },
): Promise<Transform | null> {
  const decision = await decidedFor(context);
  if (!decision || decision.page || decision.key === null) return null;
  const key = decision.key;
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      const { status, headers } = final();
      if (status === 200 && !headers.has("Set-Cookie")) {
        store.store(key, { parts: cutAtNonce(Buffer.concat(chunks), nonce) }, decision.generation);
      }
      callback();
    },
  });
}

/** What a CDN in front may do with the response. */
export function setPageCacheHeaders(request: Request, headers: Headers, cacheable: boolean) {
  if (hasSignedInCookie(request)) {
    headers.set("Cache-Control", "private, no-store");
    return;
  }
  headers.append("Vary", "Cookie, Accept-Language");
  // A response that sets a cookie is this visitor's own.
  if (cacheable && !headers.has("Set-Cookie") && !headers.has("Cache-Control"))
    headers.set("Cache-Control", VISITOR_CACHE_CONTROL);
}
