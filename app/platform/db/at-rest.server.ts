import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { DEMO_DATA_KEY, getConfig } from "~/config.server";

/**
 * Personal data the portal must keep but should never hold in clear (payee
 * account numbers, ID photos): sealed with AES-256-GCM under DATA_KEY before
 * it is written, opened after it is read. A copy of the database or a backup
 * without the key shows nothing of them, and a changed byte is refused (the
 * tag) rather than opened into something else. A production start refuses
 * to run without its own key; demo, development and tests use the public
 * demo key.
 *
 * Text is `v1.<iv>.<ciphertext>.<tag>` in base64url; bytes are a version byte,
 * the 12-byte IV, the 16-byte tag, then the ciphertext.
 */
const TEXT = /^v1\.[\w-]{16}\.[\w-]*\.[\w-]{22}$/;
const BYTES_VERSION = 1;

function dataKey(): Buffer {
  return Buffer.from(getConfig().DATA_KEY ?? DEMO_DATA_KEY, "hex");
}

export function sealText(plain: string, key = dataKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/**
 * A sealed value's blind index: an HMAC of the value (spaces and dashes left
 * out, letters in capitals) under a key of its own derived from DATA_KEY, so
 * staff can find a row by the exact value without the column ever holding it.
 * Equal values give equal indexes; the index tells nothing else.
 */
export function blindIndex(plain: string, key = dataKey()): string {
  const indexKey = createHmac("sha256", key).update("blind-index v1").digest();
  return createHmac("sha256", indexKey)
    .update(plain.replace(/[\s-]/g, "").toUpperCase(), "utf8")
    .digest("hex");
}

/** Whether a stored text is sealed (a value written before sealing began is not). */
export function isSealedText(stored: string): boolean {
  return TEXT.test(stored);
}

/** The plain text; a value written before sealing began (no `v1.` form) is returned as it is. */
export function openText(stored: string, key = dataKey()): string {
  if (!TEXT.test(stored)) return stored;
  const [, iv, body, tag] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", key, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
}

export function sealBytes(plain: Uint8Array, key = dataKey()): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([BYTES_VERSION]), iv, cipher.getAuthTag(), body]);
}

export function openBytes(stored: Uint8Array, key = dataKey()): Buffer {
  const data = Buffer.from(stored);
  if (data[0] !== BYTES_VERSION || data.length < 29) throw new Error("not sealed data");
  const decipher = createDecipheriv("aes-256-gcm", key, data.subarray(1, 13));
  decipher.setAuthTag(data.subarray(13, 29));
  return Buffer.concat([decipher.update(data.subarray(29)), decipher.final()]);
}
