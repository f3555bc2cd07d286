import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/config.server";

/** An unguessable token for a cookie or a link: 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored as their SHA-256: a leaked table does not log anyone in. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A numeric one-time code of `digits` digits, leading zeros kept. */
export function randomDigits(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, "0");
}

/** scrypt's cost: N = 2^logN, block size r, parallelism p. */
export interface ScryptCost {
  logN: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt setting (N=2^17, r=8, p=1): ~1 s and 128 MiB per hash on one
 * core here. A production start refuses a lower PASSWORD_HASH_LOG_N; tests
 * lower it to keep thousands of hashes cheap (ADR 35).
 */
export const OWASP_SCRYPT_LOG_N = 17;
/** What every hash was made with before ADR 35, and what the demo seed still uses (its passwords are public). */
export const LEGACY_SCRYPT_COST: ScryptCost = { logN: 14, r: 8, p: 1 };
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** The cost new hashes get: the configured N with r=8, p=1. */
export function currentScryptCost(): ScryptCost {
  return { logN: getConfig().PASSWORD_HASH_LOG_N, r: R, p: P };
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      // scrypt needs 128·N·r bytes; twice that leaves room, and refuses absurd stored parameters.
      { N: n, r, p, maxmem: Math.max(64 * 1024 * 1024, 256 * n * r) },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(
  password: string,
  cost: ScryptCost = currentScryptCost(),
): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost.logN;
  const key = await derive(password, salt, n, cost.r, cost.p);
  return ["scrypt", n, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  const [cost, block, lanes] = [Number(n), Number(r), Number(p)];
  // A stored hash never makes us spend more than a gigabyte (or fail on a nonsense parameter).
  const usable =
    scheme === "scrypt" &&
    Boolean(salt && hash) &&
    [cost, block, lanes].every(Number.isSafeInteger) &&
    cost <= 2 ** 20 &&
    block <= 32 &&
    lanes <= 16;
  if (!usable) {
    // An account with no password yet (a staff member before its setup link) costs the same
    // time as a wrong password, so timing does not tell it apart.
    await verifyPassword(password, await decoyPasswordHash());
    return false;
  }
  const expected = Buffer.from(hash!, "base64url");
  const key = await derive(password, Buffer.from(salt!, "base64url"), cost, block, lanes);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash was made with a weaker cost than new hashes get: rehash it at the next sign-in. */
export function needsRehash(stored: string, cost: ScryptCost = currentScryptCost()): boolean {
  const [scheme, n, r, p] = stored.split("$");
  if (scheme !== "scrypt") return true;
  return Number(n) < 2 ** cost.logN || Number(r) < cost.r || Number(p) < cost.p;
}

/**
 * A hash to verify against when the account does not exist, so a wrong
 * username costs the same time as a wrong password (no enumeration by timing).
 */
let decoy: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomToken());
  return decoy;
}
