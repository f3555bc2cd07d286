import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Messages between the platform and an outside party (payment gateway, game
 * aggregator): HMAC-SHA256 with the shared key over the exact raw body,
 * lower-case hex, in this header. Bodies carry a `timestamp` (unix seconds),
 * so the signature covers it too and an old message cannot be replayed past
 * {@link MAX_MESSAGE_AGE_SECONDS}.
 */
export const SIGNATURE_HEADER = "X-Signature";
export const MAX_MESSAGE_AGE_SECONDS = 5 * 60;

export function signBody(rawBody: string, key: string): string {
  return createHmac("sha256", key).update(rawBody, "utf8").digest("hex");
}

/** Constant-time check of a hex signature over the raw body; anything malformed is simply false. */
export function verifySignature(
  rawBody: string,
  signature: string | null | undefined,
  key: string,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = Buffer.from(signBody(rawBody, key), "hex");
  const given = Buffer.from(signature.trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const unixSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** Signed too long ago, or in the future beyond the same margin. */
export const isStale = (timestamp: number, now: Date) =>
  Math.abs(unixSeconds(now) - timestamp) > MAX_MESSAGE_AGE_SECONDS;
