import { createHmac, timingSafeEqual } from "node:crypto";
import * as z from "zod/v4";
import type { GatewayCallback } from "./ports";

/**
 * Signatures between the portal and the payment gateway: HMAC-SHA256 with the
 * shared key over the exact raw body, lower-case hex, in this header. The
 * body carries a `timestamp` (unix seconds), so the signature covers it too
 * and an old message cannot be replayed past {@link MAX_CALLBACK_AGE_SECONDS}.
 */
export const SIGNATURE_HEADER = "X-Signature";
export const MAX_CALLBACK_AGE_SECONDS = 5 * 60;

export function signBody(rawBody: string, key: string): string {
  return createHmac("sha256", key).update(rawBody, "utf8").digest("hex");
}

/** Constant-time check of a hex signature over the raw body; anything malformed is simply false. */
export function verifySignature(rawBody: string, signature: string | null | undefined, key: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = Buffer.from(signBody(rawBody, key), "hex");
  const given = Buffer.from(signature.trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const unixSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

const callbackSchema = z.object({
  gatewayRef: z.string().min(1).max(128),
  status: z.enum(["success", "failed"]),
  amount: z.string().regex(/^[1-9]\d{0,17}$/),
  timestamp: z.number().int().positive(),
});

export type CallbackCheck =
  | { ok: true; callback: GatewayCallback }
  /** `signature`: not from the gateway (or altered); `stale`: signed too long ago (or in the future); `malformed`: signed but not a callback. */
  | { ok: false; reason: "signature" | "stale" | "malformed" };

/**
 * Reads a callback: the signature over the raw body first (nothing of an
 * unsigned body is parsed), then its age, then its shape.
 */
export function readSignedCallback(rawBody: string, signature: string | null, key: string, now = new Date()): CallbackCheck {
  if (!verifySignature(rawBody, signature, key)) return { ok: false, reason: "signature" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const result = callbackSchema.safeParse(parsed);
  if (!result.success) return { ok: false, reason: "malformed" };
  if (Math.abs(unixSeconds(now) - result.data.timestamp) > MAX_CALLBACK_AGE_SECONDS) return { ok: false, reason: "stale" };
  return { ok: true, callback: result.data };
}
