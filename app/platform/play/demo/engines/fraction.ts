/** Exact non-negative rationals for RTPs and probabilities: no floating point anywhere an RTP is claimed. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}

export function fraction(num: bigint, den: bigint): Fraction {
  if (den === 0n) throw new RangeError("zero denominator");
  if (den < 0n) [num, den] = [-num, -den];
  const divisor = gcd(num, den) || 1n;
  return { num: num / divisor, den: den / divisor };
}

export const add = (a: Fraction, b: Fraction) =>
  fraction(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Fraction, b: Fraction) =>
  fraction(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: Fraction, b: Fraction) => fraction(a.num * b.num, a.den * b.den);
export const div = (a: Fraction, b: Fraction) => fraction(a.num * b.den, a.den * b.num);
export const equals = (a: Fraction, b: Fraction) => a.num * b.den === b.num * a.den;
export const compare = (a: Fraction, b: Fraction) => {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
};

/** For display and tolerance checks only. */
export const toNumber = (a: Fraction) => Number(a.num) / Number(a.den);

/** A percentage in basis points (9600 = 96.00 %) as an exact fraction. */
export const basisPoints = (bp: number) => fraction(BigInt(bp), 10_000n);
