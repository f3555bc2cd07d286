import { sql } from "kysely";
import { ONCE_PER_SECOND_MS } from "./constants";
import { smsRecipient, type Senders } from "./outbox.server";
import type { IdentityPolicy } from "./policy.server";
import { countHit, hitOncePer } from "./rate-limits.server";
import { hashToken, randomDigits } from "./secrets.server";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";

export type CodePurpose = "register" | "login" | "reset" | "bind" | "step_up";

export type CodeTarget =
  { channel: "sms"; dialingCode: string; mobile: string } | { channel: "email"; email: string };

export function codeRecipient(target: CodeTarget): string {
  return target.channel === "sms"
    ? smsRecipient(target.dialingCode, target.mobile)
    : target.email.toLowerCase();
}

const codeHash = (purpose: CodePurpose, recipient: string, code: string) =>
  hashToken(`${purpose}:${recipient}:${code}`);

export interface CodeRequestResult {
  /** "ignored": a repeat within a second, nothing sent. */
  status: "sent" | "ignored";
  /** The brand's SMS expiredMinutes; the get-code button waits this many minutes. */
  expiredMinutes: number;
  retryAfterSeconds: number;
}

type CodePolicy = Pick<
  IdentityPolicy,
  "smsCodeMinutes" | "codesPerIpPerHour" | "codesPerTargetPerDay"
>;

async function latestCode(db: Database, purpose: CodePurpose, recipient: string) {
  return db
    .selectFrom("verification_codes")
    .selectAll()
    .where("purpose", "=", purpose)
    .where("target", "=", recipient)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Sends a one-time code. The get-code countdown is enforced here, not only by
 * the button: a new code for the same purpose and recipient is refused until
 * expiredMinutes have passed. `deliver: false` (an unknown account asking for a
 * reset) goes through every check and records a code but sends nothing, so
 * the answer does not reveal whether the account exists.
 */
export async function requestCode(
  db: Database,
  senders: Senders,
  input: { purpose: CodePurpose; target: CodeTarget; deliver?: boolean; memberId?: string | null },
  context: AuditContext,
  policy: CodePolicy,
  now = new Date(),
): Promise<CodeRequestResult> {
  const recipient = codeRecipient(input.target);
  const windowMs = policy.smsCodeMinutes * 60_000;
  const latest = await latestCode(db, input.purpose, recipient);
  const retryAfter = (from: Date) =>
    Math.max(0, Math.ceil((from.getTime() + windowMs - now.getTime()) / 1000));

  if (!(await hitOncePer(db, `code:${input.purpose}:${recipient}`, ONCE_PER_SECOND_MS, now))) {
    return {
      status: "ignored",
      expiredMinutes: policy.smsCodeMinutes,
      retryAfterSeconds: latest ? retryAfter(new Date(latest.created_at)) : 0,
    };
  }
  if (latest && retryAfter(new Date(latest.created_at)) > 0) {
    throw new PlatformError("sms_countdown", {
      retryAfterSeconds: retryAfter(new Date(latest.created_at)),
    });
  }
  if (
    context.ip &&
    (await countHit(db, `codes:ip:${context.ip}`, 3_600_000, now)) > policy.codesPerIpPerHour
  ) {
    throw new PlatformError("too-many-requests");
  }
  if (
    (await countHit(db, `codes:to:${recipient}`, 86_400_000, now)) > policy.codesPerTargetPerDay
  ) {
    throw new PlatformError("too-many-requests");
  }

  const code = randomDigits(6);
  const inserted = await db
    .insertInto("verification_codes")
    .values({
      purpose: input.purpose,
      target: recipient,
      code_hash: codeHash(input.purpose, recipient, code),
      created_at: now,
      expires_at: new Date(now.getTime() + windowMs),
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  if (input.deliver !== false) {
    const text = `Your verification code is ${code}. It expires in ${policy.smsCodeMinutes} minute(s).`;
    try {
      if (input.target.channel === "sms") {
        await senders.sms.send({
          dialingCode: input.target.dialingCode,
          mobile: input.target.mobile,
          text,
          purpose: input.purpose,
          secrets: [code],
        });
      } else {
        await senders.mail.send({
          to: input.target.email,
          subject: "Verification code",
          text,
          purpose: input.purpose,
          secrets: [code],
        });
      }
    } catch (error) {
      // A code nobody received must not hold the countdown.
      await db.deleteFrom("verification_codes").where("id", "=", inserted.id).execute();
      throw error;
    }
  }
  await audit(db, "code_requested", context, {
    memberId: input.memberId ?? null,
    detail: { purpose: input.purpose, channel: input.target.channel, to: maskRecipient(recipient) },
  });
  return {
    status: "sent",
    expiredMinutes: policy.smsCodeMinutes,
    retryAfterSeconds: Math.ceil(windowMs / 1000),
  };
}

/** "+92300***67" / "a***@example.com": enough for an operator to recognise, not to reuse. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf("@");
  if (at > 0) return `${recipient.slice(0, 1)}***${recipient.slice(at)}`;
  return `${recipient.slice(0, 6)}***${recipient.slice(-2)}`;
}

/**
 * Checks and consumes the newest code for a purpose and recipient. A code
 * survives `codeMaxAttempts` wrong answers, then it is void.
 */
export async function consumeCode(
  db: Database,
  input: { purpose: CodePurpose; target: CodeTarget; code: string | undefined },
  policy: Pick<IdentityPolicy, "codeMaxAttempts">,
  now = new Date(),
): Promise<void> {
  const code = input.code?.trim();
  if (!code) throw new PlatformError("missing-verification-code");
  const recipient = codeRecipient(input.target);
  const latest = await latestCode(db, input.purpose, recipient);
  if (
    !latest ||
    latest.consumed_at ||
    new Date(latest.expires_at) <= now ||
    latest.attempts >= policy.codeMaxAttempts
  ) {
    throw new PlatformError("code-expired");
  }
  // The answer is counted before it is compared, by the statement that checks the count: of
  // any number of parallel answers at most `codeMaxAttempts` are ever compared (ADR 36).
  const admitted = await db
    .updateTable("verification_codes")
    .set({ attempts: sql`attempts + 1` })
    .where("id", "=", latest.id)
    .where("consumed_at", "is", null)
    .where("attempts", "<", policy.codeMaxAttempts)
    .returning("id")
    .executeTakeFirst();
  if (!admitted) throw new PlatformError("code-expired");
  if (latest.code_hash !== codeHash(input.purpose, recipient, code)) {
    throw new PlatformError("invalid-verification-code");
  }
  const consumed = await db
    .updateTable("verification_codes")
    .set({ consumed_at: now })
    .where("id", "=", latest.id)
    .where("consumed_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!consumed) throw new PlatformError("code-expired");
}
