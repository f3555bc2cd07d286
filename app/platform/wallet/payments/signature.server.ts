import * as z from "zod/v4";
import type { GatewayCallback } from "./ports";
import { isStale, verifySignature } from "../../signed-messages.server";

/** A payment gateway callback: a signed message (signed-messages.server.ts) of this shape. */
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
export function readSignedCallback(
  rawBody: string,
  signature: string | null,
  key: string,
  now = new Date(),
): CallbackCheck {
  if (!verifySignature(rawBody, signature, key)) return { ok: false, reason: "signature" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const result = callbackSchema.safeParse(parsed);
  if (!result.success) return { ok: false, reason: "malformed" };
  if (isStale(result.data.timestamp, now)) return { ok: false, reason: "stale" };
  return { ok: true, callback: result.data };
}
