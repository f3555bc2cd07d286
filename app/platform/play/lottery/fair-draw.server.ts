import { createHash, createHmac } from "node:crypto";
import { rulesOf, type LotteryType } from "./rules";

/**
 * Provably fair draws. A draw's seed is HMAC-SHA256(secret, "<gameCode>:<drawNo>")
 * in hex; its SHA-256 (of the hex text) is shown while the draw takes bets,
 * the seed itself once it has closed. Anyone can then check the hash and
 * recompute the numbers with `drawNumbers` (documented below, no secret needed).
 */

export function drawSeed(secret: string, gameCode: string, drawNo: number | string): string {
  return createHmac("sha256", secret).update(`${gameCode}:${drawNo}`).digest("hex");
}

export const seedHash = (seed: string) => createHash("sha256").update(seed).digest("hex");

/**
 * An endless stream of 32-bit words from a seed: block i is
 * HMAC-SHA256(seed, String(i)), read as big-endian words.
 */
function wordsOf(seed: string) {
  let block = 0;
  let buffer = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 4 > buffer.length) {
      buffer = createHmac("sha256", seed).update(String(block++)).digest();
      offset = 0;
    }
    const word = buffer.readUInt32BE(offset);
    offset += 4;
    return word;
  };
}

/** A uniform integer in [0, n) without modulo bias: words past the last whole multiple of n are skipped. */
function uniformBelow(next: () => number, n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    const word = next();
    if (word < limit) return word % n;
  }
}

/**
 * The numbers of a draw from its seed: digits one by one for SSC and LF; for
 * the other types a Fisher–Yates shuffle of the drum (min..max) whose first
 * `count` balls are drawn. LHC shows its six main numbers in ascending order,
 * then the special one.
 */
export function drawNumbers(type: LotteryType, seed: string): number[] {
  const { draw } = rulesOf(type);
  const next = wordsOf(seed);
  const span = draw.max - draw.min + 1;
  if (!draw.distinct)
    return Array.from({ length: draw.count }, () => draw.min + uniformBelow(next, span));
  const drum = Array.from({ length: span }, (_, index) => draw.min + index);
  for (let i = 0; i < draw.count; i++) {
    const j = i + uniformBelow(next, span - i);
    [drum[i], drum[j]] = [drum[j]!, drum[i]!];
  }
  const drawn = drum.slice(0, draw.count);
  if (!draw.special) return drawn;
  return [...drawn.slice(0, -1).sort((a, b) => a - b), drawn[drawn.length - 1]!];
}
