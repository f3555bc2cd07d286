import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * The brand file's encrypted customer-service path: the target is kept as AES-256-GCM
 * ciphertext, `v1.<iv>.<ciphertext>.<tag>` in base64url, so the brand file
 * and its copies never hold the address in the clear and a changed byte is
 * refused (the tag) rather than decrypted into some other address.
 */
export const CS_CIPHERTEXT = /^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/;

const keyOf = (hex: string) => {
  const key = Buffer.from(hex, "hex");
  if (key.length !== 32)
    throw new Error("the customer-service key must be 32 bytes (64 hex digits)");
  return key;
};

export function encryptCsPath(plain: string, keyHex: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(keyHex), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain target, or null for anything that is not our ciphertext under this key. */
export function decryptCsPath(ciphertext: string, keyHex: string): string | null {
  if (!CS_CIPHERTEXT.test(ciphertext)) return null;
  const [, iv, body, tag] = ciphertext.split(".").map((part) => Buffer.from(part, "base64url"));
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(keyHex), iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
