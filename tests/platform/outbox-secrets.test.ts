import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { requestCode } from "~/platform/identity/codes.server";
import {
  latestOutboxMessage,
  outboxMailSender,
  outboxSmsSender,
} from "~/platform/identity/outbox.server";
import { requestPasswordResetEmail } from "~/platform/identity/password-change.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { useSeededDatabase } from "../helpers/database";

/**
 * The embedded outbox stands in for an SMS gateway and a mail API. Outside
 * the demo and development nobody should be able to read a code or a reset
 * link out of it: each secret is kept as its SHA-256 only.
 */
const seeded = useSeededDatabase();
const policy = identityPolicy();
const context = { ip: "203.0.113.77", userAgent: "vitest" };
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const senders = (readable: boolean) => ({
  sms: outboxSmsSender(seeded.db, { readable }),
  mail: outboxMailSender(seeded.db, { readable }),
});

describe("the outbox outside the demo", () => {
  test("an SMS code is stored as its hash, never in clear", async () => {
    const target = { channel: "sms" as const, dialingCode: "92", mobile: "3007770001" };
    await requestCode(seeded.db, senders(false), { purpose: "register", target }, context, policy);
    const message = await latestOutboxMessage(seeded.db, "+923007770001");
    expect(message!.body).not.toMatch(/\b\d{6}\b/);
    expect(message!.body).toMatch(/^Your verification code is \[sha256:[0-9a-f]{64}\]\./);
  });

  test("a reset link's ticket is stored as its hash", async () => {
    let ticket = "";
    await requestPasswordResetEmail(
      seeded.db,
      senders(false),
      {
        account: "player01",
        email: "player01@example.com",
        resetUrl: (issued) => {
          ticket = issued;
          return `https://portal.example/reset?ticket=${issued}`;
        },
      },
      context,
      policy,
    );
    const message = await latestOutboxMessage(seeded.db, "player01@example.com");
    expect(ticket).not.toBe("");
    expect(message!.body).not.toContain(ticket);
    expect(message!.body).toContain(`ticket=[sha256:${sha256(ticket)}]`);
  });

  test("the demo keeps them readable, as a newcomer reads them", async () => {
    const target = { channel: "sms" as const, dialingCode: "92", mobile: "3007770002" };
    await requestCode(seeded.db, senders(true), { purpose: "register", target }, context, policy);
    const message = await latestOutboxMessage(seeded.db, "+923007770002");
    expect(message!.body).toMatch(/^Your verification code is \d{6}\./);
  });
});
