/**
 * What an engine draws from: 32-bit unsigned integers. The demo provider's
 * source is the provably fair HMAC stream (../fair.ts); tests may pass any
 * deterministic source. Everything below turns those integers into draws
 * without modulo bias, so every outcome has exactly the probability the
 * engine's analytic RTP assumes.
 */
export interface RandomSource {
  /** The next integer in [0, 2^32). */
  uint32(): number;
}

const TWO_32 = 2 ** 32;

/** A uniform integer in [0, n), n ≤ 2^32: draws at or above the largest multiple of n are thrown away. */
export function intBelow(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n <= 0 || n > TWO_32) throw new RangeError(`intBelow(${n})`);
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const value = source.uint32();
    if (value < limit) return value % n;
  }
}

/** A uniform bigint in [0, n) of any size: just enough 32-bit words, masked, drawn again when ≥ n. */
export function bigBelow(source: RandomSource, n: bigint): bigint {
  if (n <= 0n) throw new RangeError(`bigBelow(${n})`);
  if (n <= BigInt(TWO_32)) return BigInt(intBelow(source, Number(n)));
  const bits = (n - 1n).toString(2).length;
  const words = Math.ceil(bits / 32);
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    let value = 0n;
    for (let word = 0; word < words; word++) value = (value << 32n) | BigInt(source.uint32());
    value &= mask;
    if (value < n) return value;
  }
}

/** True with probability exactly numerator/denominator. */
export function chance(source: RandomSource, numerator: bigint, denominator: bigint): boolean {
  return bigBelow(source, denominator) < numerator;
}
