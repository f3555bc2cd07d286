/**
 * The retrying JSON POST shared by the HTTP message senders.
 *
 * Conventions:
 * - `Authorization: Bearer <apiKey>`, `Content-Type: application/json`, and an
 *   `Idempotency-Key` header that the caller picks once per message, so a
 *   retry of the same message carries the same key and the gateway can drop
 *   the duplicate.
 * - Each attempt is bounded by `AbortSignal.timeout(timeoutMs)`.
 * - At most one retry, and only on a network error / timeout, a 5xx, or 429.
 *   The retry waits `Retry-After` (seconds) when the response carries one of
 *   at most {@link MAX_RETRY_AFTER_MS}; a longer Retry-After means "not now",
 *   so we give up instead of retrying early. Without Retry-After it waits
 *   {@link RETRY_BACKOFF_MS}. Other 4xx are never retried.
 * - Nothing is logged, and neither the request nor the response body ends up
 *   in the outcome except the gateway's short `error` code on a 4xx, and the
 *   parsed JSON of a 2xx (`body`) for callers that need the answer (the
 *   payment gateway's order).
 * - `apiKey` is optional (a signed request carries no bearer token), and
 *   `signHeaders` adds headers computed over the exact serialised payload.
 */

export const RETRY_BACKOFF_MS = 100;
export const MAX_RETRY_AFTER_MS = 2_000;
const MAX_ATTEMPTS = 2;

export interface PostJsonRequest {
  url: string;
  /** Sent as `Authorization: Bearer`; omitted when absent. */
  apiKey?: string;
  /** Extra headers over the exact bytes sent (a signature); the same on every attempt. */
  signHeaders?: (payload: string) => Record<string, string>;
  idempotencyKey: string;
  body: unknown;
  timeoutMs: number;
  fetch: typeof fetch;
}

export type PostJsonOutcome =
  /** `body` is the response's JSON, undefined when it is empty or not JSON. */
  | { ok: true; status: number; body?: unknown }
  /** `status` is null when no response arrived (network error or timeout). */
  | { ok: false; status: number | null; error?: string };

export async function postJsonWithRetry(request: PostJsonRequest): Promise<PostJsonOutcome> {
  const payload = JSON.stringify(request.body);
  const extraHeaders = request.signHeaders?.(payload) ?? {};
  let outcome: PostJsonOutcome = { ok: false, status: null };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    let response: Response;
    try {
      response = await request.fetch(request.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          ...(request.apiKey === undefined ? {} : { Authorization: `Bearer ${request.apiKey}` }),
          "Idempotency-Key": request.idempotencyKey,
          ...extraHeaders,
        },
        body: payload,
        signal: AbortSignal.timeout(request.timeoutMs),
      });
    } catch {
      // Network error or timeout: no response, retryable.
      outcome = { ok: false, status: null };
      if (attempt < MAX_ATTEMPTS) await sleep(RETRY_BACKOFF_MS);
      continue;
    }

    if (response.ok) {
      return { ok: true, status: response.status, body: await readJson(response) };
    }

    const retryable = response.status >= 500 || response.status === 429;
    if (!retryable) {
      return { ok: false, status: response.status, error: await readErrorCode(response) };
    }
    await discard(response);
    outcome = { ok: false, status: response.status };
    if (attempt >= MAX_ATTEMPTS) break;
    const wait = retryDelayMs(response.headers.get("Retry-After"));
    if (wait === null) break;
    await sleep(wait);
  }
  return outcome;
}

/** Delay before the retry, or null when the server asks for a longer pause than we are willing to hold a request for. */
function retryDelayMs(retryAfter: string | null): number | null {
  if (retryAfter === null || retryAfter.trim() === "") return RETRY_BACKOFF_MS;
  const seconds = Number(retryAfter.trim());
  if (!Number.isFinite(seconds) || seconds < 0) return RETRY_BACKOFF_MS; // HTTP-date or junk
  const ms = seconds * 1000;
  return ms <= MAX_RETRY_AFTER_MS ? ms : null;
}

/** The gateway's `{ "error": "<code>" }`, if the body is such JSON. */
async function readErrorCode(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && "error" in body) {
      const code = (body as { error: unknown }).error;
      if (typeof code === "string" && code.length <= 100) return code;
    }
  } catch {
    // Not JSON, or the body could not be read in time: no code.
  }
  return undefined;
}

/** A 2xx body as JSON, or undefined (empty, not JSON, or unreadable in time). */
async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads and drops the (small) response body so the connection can be reused.
 * Bounded by the attempt's timeout signal. Not `body.cancel()`: under msw's
 * interceptor that promise never settles.
 */
async function discard(response: Response): Promise<void> {
  try {
    await response.arrayBuffer();
  } catch {
    // Body unreadable or timed out: nothing to keep anyway.
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
