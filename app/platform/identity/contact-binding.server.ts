import {
  codeRecipient,
  consumeCode,
  maskRecipient,
  requestCode,
  type CodeRequestResult,
  type CodeTarget,
} from "./codes.server";
import { confirmIdentity, type IdentityProof } from "./identity-proof.server";
import type { Senders } from "./outbox.server";
import type { IdentityPolicy } from "./policy.server";
import { deleteOtherSessions } from "./sessions.server";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { PlatformError } from "../errors";

/**
 * Binding a mobile number or an e-mail address to a signed-in member (the
 * security centre). The session and the login password (or a code from the
 * member's authenticator) prove who the member is; a one-time code (purpose
 * "bind") sent to the new number or address proves it is theirs. The old number or address is told, and every other session of
 * the member ends.
 * A number or address another member already uses is refused before any code
 * goes out, and again when the code is consumed (the unique index on the
 * mobile number settles a race).
 */

type BindingPolicy = Pick<
  IdentityPolicy,
  "smsCodeMinutes" | "codesPerIpPerHour" | "codesPerTargetPerDay" | "codeMaxAttempts"
>;

/** What the page shows: the bound number and address, masked, or null when none is bound. */
export interface BoundContacts {
  mobile: string | null;
  email: string | null;
}

/** "+92 30******67": the country and the ends, enough to recognise one's own number. */
export function maskMobile(dialingCode: string, mobile: string): string {
  const shown = Math.min(2, Math.floor(mobile.length / 4));
  return `+${dialingCode} ${mobile.slice(0, shown)}${"*".repeat(mobile.length - 2 * shown)}${mobile.slice(mobile.length - shown)}`;
}

export async function boundContacts(db: Database, memberId: string): Promise<BoundContacts> {
  const row = await db
    .selectFrom("members")
    .select(["dialing_code", "mobile", "email"])
    .where("id", "=", memberId)
    .executeTakeFirstOrThrow();
  return {
    mobile: row.mobile ? maskMobile(row.dialing_code ?? "", row.mobile) : null,
    email: row.email ? maskRecipient(row.email) : null,
  };
}

/** Throws mobile_taken / email_taken when another member already uses the target. */
async function assertFreeFor(db: Database, memberId: string, target: CodeTarget) {
  let query = db.selectFrom("members").select("id").where("id", "!=", memberId);
  query =
    target.channel === "sms"
      ? query.where("dialing_code", "=", target.dialingCode).where("mobile", "=", target.mobile)
      : query.where((eb) => eb(eb.fn("lower", ["email"]), "=", target.email.toLowerCase()));
  if (await query.executeTakeFirst())
    throw new PlatformError(target.channel === "sms" ? "mobile_taken" : "email_taken");
}

/** The get-code button of the bind forms: a code to the new number or address, unless another member uses it. */
export async function sendBindingCode(
  db: Database,
  senders: Senders,
  input: { memberId: string; target: CodeTarget },
  context: AuditContext,
  policy: BindingPolicy,
): Promise<CodeRequestResult> {
  await assertFreeFor(db, input.memberId, input.target);
  return requestCode(
    db,
    senders,
    { purpose: "bind", target: input.target, memberId: input.memberId },
    context,
    policy,
  );
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505";

/**
 * What the old number or address is told when it is replaced, in the member's language (the
 * route translates it): if the member did not make the change, they learn of it there.
 */
export interface ContactChangeNotice {
  sms: string;
  mailSubject: string;
  mailText: string;
}

export interface BindingInput {
  memberId: string;
  /** The session that makes the change: it stays; every other session of the member ends. */
  sessionId: string;
  /** The member's proof beyond the session: the login password or an authenticator code. */
  proof: IdentityProof;
  code: string;
  notice: ContactChangeNotice;
}

async function bind(
  db: Database,
  senders: Senders,
  input: Omit<BindingInput, "code"> & { target: CodeTarget; code: string },
  context: AuditContext,
  policy: BindingPolicy,
) {
  const { memberId, target } = input;
  // The session alone never moves the account's contacts: a borrowed phone or a stolen cookie
  // must not be able to bind a number that then resets the password.
  await confirmIdentity(db, memberId, input.proof, context);
  // Checked before the code is consumed, so a refused number does not burn the member's code.
  await assertFreeFor(db, memberId, target);
  await consumeCode(db, { purpose: "bind", target, code: input.code }, policy);
  const before = await db
    .selectFrom("members")
    .select(["dialing_code", "mobile", "email"])
    .where("id", "=", memberId)
    .executeTakeFirstOrThrow();
  try {
    await db
      .updateTable("members")
      .set(
        target.channel === "sms"
          ? { dialing_code: target.dialingCode, mobile: target.mobile }
          : { email: target.email.toLowerCase() },
      )
      .where("id", "=", memberId)
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new PlatformError("mobile_taken");
  }
  const oldRecipient =
    target.channel === "sms"
      ? before.mobile && `+${before.dialing_code ?? ""}${before.mobile}`
      : before.email;
  const newRecipient = codeRecipient(target);
  // The old number or address hears of the change (not when the same one is bound again).
  if (oldRecipient && oldRecipient.toLowerCase() !== newRecipient.toLowerCase()) {
    if (target.channel === "sms" && before.mobile) {
      await senders.sms.send({
        dialingCode: before.dialing_code ?? "",
        mobile: before.mobile,
        text: input.notice.sms,
        purpose: "contact_changed",
      });
    } else if (target.channel === "email" && before.email) {
      await senders.mail.send({
        to: before.email,
        subject: input.notice.mailSubject,
        text: input.notice.mailText,
        purpose: "contact_changed",
      });
    }
  }
  const sessionsEnded = await deleteOtherSessions(db, memberId, input.sessionId, "contact_changed");
  await audit(db, target.channel === "sms" ? "phone_bound" : "email_bound", context, {
    memberId,
    detail: {
      from: oldRecipient ? maskRecipient(oldRecipient) : null,
      to: maskRecipient(newRecipient),
      sessionsEnded,
    },
  });
}

export async function bindMobile(
  db: Database,
  senders: Senders,
  input: BindingInput & { dialingCode: string; mobile: string },
  context: AuditContext,
  policy: BindingPolicy,
) {
  const { dialingCode, mobile, ...rest } = input;
  await bind(
    db,
    senders,
    { ...rest, target: { channel: "sms", dialingCode, mobile } },
    context,
    policy,
  );
}

export async function bindEmail(
  db: Database,
  senders: Senders,
  input: BindingInput & { email: string },
  context: AuditContext,
  policy: BindingPolicy,
) {
  const { email, ...rest } = input;
  await bind(db, senders, { ...rest, target: { channel: "email", email } }, context, policy);
}
