import { createHash, createHmac, randomBytes } from "node:crypto";
import { playEngine, type EngineId, type Outcome, type RoundConfig } from "./engines";
import type { RandomSource } from "./engines/random";

/**
 * Provably fair randomness (the pure part; seeds in the database are
 * fair.server.ts). A round's numbers are the HMAC-SHA256 of
 * `${clientSeed}:${nonce}:${cursor}` keyed by the server seed, read as
 * big-endian 32-bit words; cursor 0, 1 … when a round needs more than eight.
 * The member sees sha256(serverSeed) before playing and the seed itself once
 * the pair is rotated, so anyone can recompute every round of that pair.
 */

export const hashServerSeed = (serverSeed: string) =>
  createHash("sha256").update(serverSeed).digest("hex");

export const newServerSeed = () => randomBytes(32).toString("hex");
export const newClientSeed = () => randomBytes(8).toString("hex");

/** What a member may choose as client seed: short, printable, safe in a URL and a HMAC message. */
export const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

export function fairSource(serverSeed: string, clientSeed: string, nonce: number): RandomSource {
  let cursor = 0;
  let block: Buffer | null = null;
  let offset = 32;
  return {
    uint32() {
      if (offset >= 32) {
        block = createHmac("sha256", serverSeed)
          .update(`${clientSeed}:${nonce}:${cursor++}`)
          .digest();
        offset = 0;
      }
      const value = block!.readUInt32BE(offset);
      offset += 4;
      return value;
    },
  };
}

/** Recomputes a round's outcome from its (revealed) seed pair, nonce, engine and config. */
export function verifyRound(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  engine: EngineId,
  config: RoundConfig,
): Outcome {
  return playEngine(engine, fairSource(serverSeed, clientSeed, nonce), config);
}

/** JSON with sorted keys: jsonb does not keep key order, so outcomes are compared in this form. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export const sameOutcome = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
