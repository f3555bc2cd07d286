import { sql, type Selectable } from "kysely";
import { birthdayProblem } from "./age-birthday.server";
import { audit, type AuditContext } from "../audit/audit.server";
import { postMessage } from "../content/messages.server";
import { sealBytes } from "../db/at-rest.server";
import type { Database } from "../db/open.server";
import type { AgeChecksTable } from "../db/schema";
import { PlatformError } from "../errors";
import { publishOpsQueue } from "../events/producers.server";
import { checkProofImages } from "../uploads/proof-images";

type AgeCheck = Selectable<AgeChecksTable>;
export type AgeCheckStatus = AgeCheck["status"] | "none";

/** The brand's rule (brand config `ageVerification`). */
export interface AgeVerificationRule {
  beforeFirstDeposit: boolean;
}

export interface AgeCheckState {
  status: AgeCheckStatus;
  birthday: string | null;
  reason: string | null;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505";

/** The member's latest request: verified, pending, rejected (they may ask again) or none. */
export async function ageCheckState(db: Database, memberId: string): Promise<AgeCheckState> {
  const row = await db
    .selectFrom("age_checks")
    .select(["status", "birthday", "reason"])
    .where("member_id", "=", memberId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? { status: "none", birthday: null, reason: null };
}

export async function verifiedBirthday(db: Database, memberId: string): Promise<string | null> {
  const row = await db
    .selectFrom("age_checks")
    .select("birthday")
    .where("member_id", "=", memberId)
    .where("status", "=", "verified")
    .executeTakeFirst();
  return row?.birthday ?? null;
}

/**
 * Asks for a birthday to be verified with one photo of an ID document. The
 * database refuses a second open request (`age_check_open`), so two posts
 * racing each other store one.
 */
export async function requestAgeCheck(
  db: Database,
  input: { memberId: string; birthday: string; document: { bytes: Uint8Array } | null },
  timeZone: string,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  const problem = birthdayProblem(input.birthday, timeZone, now);
  if (problem) throw new PlatformError(problem);
  if (!input.document || input.document.bytes.byteLength === 0)
    throw new PlatformError("age_document_missing");
  const document = checkProofImages([input.document])[0]!;
  try {
    const row = await db
      .insertInto("age_checks")
      .values({
        member_id: input.memberId,
        birthday: input.birthday,
        content_type: document.type,
        size: document.bytes.byteLength,
        // An ID photo is kept sealed; `size` is the photo's own.
        bytes: sealBytes(document.bytes),
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(db, "age_check_requested", context, {
      memberId: input.memberId,
      detail: { checkId: row.id },
    });
    await publishOpsQueue(db, "age_checks");
  } catch (error) {
    if (isUniqueViolation(error)) throw new PlatformError("age_check_open");
    throw error;
  }
}

export type AgeDecision = { verify: true } | { reject: string };

/**
 * An operator's decision on a pending request. A verified birthday becomes
 * the profile's birthday; either way the member gets a message.
 */
export async function decideAgeCheck(
  db: Database,
  input: { checkId: string; operatorId: string; decision: AgeDecision },
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  const reason = "reject" in input.decision ? input.decision.reject.trim().slice(0, 500) : null;
  if (reason === "") throw new PlatformError("age_reason_required");
  if (!/^\d{1,18}$/.test(input.checkId)) throw new PlatformError("not_found");
  await db.transaction().execute(async (trx) => {
    const check = await trx
      .selectFrom("age_checks")
      .select(["id", "member_id", "birthday", "status"])
      .where("id", "=", input.checkId)
      .forUpdate()
      .executeTakeFirst();
    if (!check) throw new PlatformError("not_found");
    if (check.status !== "pending") throw new PlatformError("age_check_closed");
    const status = reason === null ? "verified" : "rejected";
    await trx
      .updateTable("age_checks")
      .set({ status, reason, decided_by: input.operatorId, decided_at: now })
      .where("id", "=", check.id)
      .execute();
    if (status === "verified")
      await trx
        .updateTable("members")
        .set({
          profile: sql`coalesce(profile, '{}'::jsonb) || jsonb_build_object('birthday', ${check.birthday}::text)`,
        })
        .where("id", "=", check.member_id)
        .execute();
    await postMessage(
      trx,
      check.member_id,
      status === "verified" ? "age_verified" : "age_rejected",
      reason === null ? {} : { reason },
      now,
    );
    // The staff home counts this queue: its open pages re-read it.
    await publishOpsQueue(trx, "age_checks");
    await audit(trx, "age_check_decided", context, {
      memberId: check.member_id,
      target: { type: "age_check", id: String(check.id) },
      before: { status: check.status },
      after: { status },
      ...(reason ? { detail: { reason } } : {}),
    });
  });
}

/**
 * Issue 17: when the brand requires it, no first deposit before a verified
 * birthday. A member who has ever had a confirmed deposit is past the rule.
 */
export async function assertAgeAllowsDeposit(
  db: Database,
  memberId: string,
  rule: AgeVerificationRule | undefined,
): Promise<void> {
  if (!(await ageBlocksDeposit(db, memberId, rule))) return;
  throw new PlatformError("age_unverified");
}

export async function ageBlocksDeposit(
  db: Database,
  memberId: string,
  rule: AgeVerificationRule | undefined,
): Promise<boolean> {
  if (!rule?.beforeFirstDeposit) return false;
  const row = await db
    .selectNoFrom((eb) => {
      const any = (table: "age_checks" | "deposits", status: "verified" | "confirmed") =>
        eb.exists(
          eb
            .selectFrom(table)
            .select("id")
            .where("member_id", "=", memberId)
            .where("status", "=", status),
        );
      return [
        any("age_checks", "verified").as("verified"),
        any("deposits", "confirmed").as("deposited"),
      ];
    })
    .executeTakeFirstOrThrow();
  return !row.verified && !row.deposited;
}
