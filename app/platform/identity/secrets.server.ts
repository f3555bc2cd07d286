import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";

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

// scrypt with N=2^14, r=8, p=1 (OWASP's minimum): ~50 ms on one core here,
// slow enough against offline guessing, fast enough for a login burst.
const N = 16_384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(
    password,
    Buffer.from(salt, "base64url"),
    Number(n),
    Number(r),
    Number(p),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
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
