#!/usr/bin/env node
// Prints the ciphertext of a customer-service target for the brand file's `customerService[].path`
// (AES-256-GCM under CS_PATH_KEY, the format of app/platform/contact/cs-cipher.ts).
// Usage: CS_PATH_KEY=<64 hex> node scripts/encrypt-cs-path.mjs https://example.com/chat
import { createCipheriv, randomBytes } from "node:crypto";

const DEMO_KEY = "6c75636b792d686172626f75722d64656d6f2d63732d706174682d6b65792121";
const [target] = process.argv.slice(2);
if (!target || !/^https?:\/\//.test(target)) {
  console.error("usage: node scripts/encrypt-cs-path.mjs <http(s) URL>");
  process.exit(2);
}
const key = Buffer.from(process.env.CS_PATH_KEY ?? DEMO_KEY, "hex");
const iv = randomBytes(12);
const cipher = createCipheriv("aes-256-gcm", key, iv);
const body = Buffer.concat([cipher.update(target, "utf8"), cipher.final()]);
console.log(
  ["v1", ...[iv, body, cipher.getAuthTag()].map((part) => part.toString("base64url"))].join("."),
);
