import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import type { Member } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { PlatformError } from "../errors";
import { consumeCode } from "../identity/codes.server";
import { MEMBER_TYPE, type TypeSets } from "../identity/member-types";
import { findAgentByAffiliateCode } from "../identity/members.server";
import type { IdentityPolicy } from "../identity/policy.server";
import { countHit } from "../identity/rate-limits.server";
import { hashPassword, randomToken } from "../identity/secrets.server";
import { issueRegistrationBonuses } from "../rewards/qualify.server";
import { findReferrerByCode } from "../rewards/referral/codes.server";
import { recordReferrer } from "../rewards/referral/links.server";
import { HOUSE, MAIN, postEntry } from "../wallet/ledger.server";

/** The optional registration fields kept on the profile (not used to log in). */
export const PROFILE_FIELDS = [
  "payeeName",
  "qqNum",
  "line",
  "whatsapp",
  "facebook",
  "wechat",
  "idNumber",
  "recommenderId",
  "referralCode",
  // Issue 17: where the security centre reads it (members.profile.birthday).
  "birthday",
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface Registration {
  /** Mobile registration sets the username to the phone number. */
  mode: "username" | "mobile";
  account: string;
  password: string;
  dialingCode?: string;
  mobile?: string;
  verificationCode?: string;
  email?: string;
  affiliateCode?: string;
  /** A member's referral code (a link's ?ref= or typed): that member becomes the referrer. */
  referralCode?: string;
  paymentPassword?: string;
  profile: Partial<Record<ProfileField, string>>;
}

export interface RegistrationRules extends TypeSets {
  /** REGMOBVERF3: a mobile number must be proven with an SMS code. */
  mobileVerification: boolean;
}

/** An affiliate code is valid when it names an active agent. */
export async function isAffiliateCodeValid(db: Database, code: string, sets: TypeSets) {
  return Boolean(await findAgentByAffiliateCode(db, code, sets));
}

const REGISTRATIONS_PER_IP_PER_HOUR = 20;

/** Account names are unique case-insensitively (the members_account index); `account_taken` otherwise. */
export async function assertAccountFree(db: Database, account: string) {
  const taken = await db
    .selectFrom("members")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["account"]), "=", account.toLowerCase()))
    .executeTakeFirst();
  if (taken) throw new PlatformError("account_taken");
}

/** Registration: a plain member, under the agent of the affiliate code if one is given. */
export async function registerMember(
  db: Database,
  input: Registration,
  rules: RegistrationRules,
  context: AuditContext,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<Member> {
  if (
    context.ip &&
    (await countHit(db, `register:ip:${context.ip}`, 3_600_000, now)) >
      REGISTRATIONS_PER_IP_PER_HOUR
  ) {
    throw new PlatformError("too-many-requests");
  }
  let parentId: string | null = null;
  if (input.affiliateCode) {
    const agent = await findAgentByAffiliateCode(db, input.affiliateCode, rules);
    if (!agent) throw new PlatformError("invitation_code_error");
    parentId = agent.id;
  }
  let referrerId: string | null = null;
  if (input.referralCode) {
    const referrer = await findReferrerByCode(db, input.referralCode);
    // Old links named an agent's affiliate code as ?ref=: they still place the member under it.
    const agent =
      referrer || input.affiliateCode
        ? undefined
        : await findAgentByAffiliateCode(db, input.referralCode, rules);
    if (referrer) referrerId = referrer.id;
    else if (agent) parentId = agent.id;
    else throw new PlatformError("invitation_code_error", { field: "referralCode" });
  }
  const account = input.mode === "mobile" ? input.mobile! : input.account.trim();
  const mobileTaken =
    input.mobile &&
    (await db
      .selectFrom("members")
      .select("id")
      .where("dialing_code", "=", input.dialingCode ?? "")
      .where("mobile", "=", input.mobile)
      .executeTakeFirst());
  if (mobileTaken) throw new PlatformError("mobile_taken");
  await assertAccountFree(db, account);
  if (rules.mobileVerification && input.mobile) {
    await consumeCode(
      db,
      {
        purpose: "register",
        target: { channel: "sms", dialingCode: input.dialingCode!, mobile: input.mobile },
        code: input.verificationCode,
      },
      policy,
      now,
    );
  }
  const [passwordHash, withdrawHash] = await Promise.all([
    hashPassword(input.password),
    input.paymentPassword ? hashPassword(input.paymentPassword) : null,
  ]);
  let member: Member;
  try {
    // The member and its registration bonus (if a promotion offers one) in one transaction.
    member = await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto("members")
        .values({
          account,
          type: MEMBER_TYPE,
          parent_id: parentId,
          password_hash: passwordHash,
          password_changed_at: now,
          withdraw_password_hash: withdrawHash,
          dialing_code: input.mobile ? (input.dialingCode ?? null) : null,
          mobile: input.mobile ?? null,
          email: input.email?.toLowerCase() ?? null,
          profile: JSON.stringify(input.profile),
          register_ip: context.ip,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (referrerId) await recordReferrer(trx, created.id, referrerId, now);
      await issueRegistrationBonuses(trx, created.id, now);
      return created;
    });
  } catch (error) {
    // Two registrations racing for one name: the unique index decides.
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw new PlatformError(constraint.includes("mobile") ? "mobile_taken" : "account_taken");
  }
  await audit(db, "registered", context, {
    memberId: member.id,
    account: member.account,
    detail: { mode: input.mode, affiliate: Boolean(parentId), referred: Boolean(referrerId) },
  });
  return member;
}

/**
 * Free-play login: a fresh type-4 account with demo credit. It has no
 * usable password (it is reached only through this call) and is limited per IP.
 */
export async function createTrialAccount(
  db: Database,
  sets: TypeSets,
  context: AuditContext,
  policy: IdentityPolicy,
  now = new Date(),
): Promise<Member> {
  const key = context.ip ? `trial:ip:${context.ip}` : "trial:ip:unknown";
  const limit = context.ip ? policy.trialsPerIpPerHour : policy.trialsPerIpPerHour * 20;
  if ((await countHit(db, key, 3_600_000, now)) > limit)
    throw new PlatformError("too-many-requests");
  const trialType = sets.trialTypes[0];
  if (trialType === undefined) throw new PlatformError("operation-not-allowed");
  const member = await db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("members")
      .values({
        account: `guest${randomToken()
          .replace(/[^0-9a-z]/gi, "")
          .slice(0, 8)
          .toLowerCase()}`,
        type: trialType,
        password_hash: `!trial:${randomToken()}`,
        demo_credit: policy.freePlayCredit,
        profile: "{}",
        register_ip: context.ip,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The demo credit is ledger money like any other, from the house's demo account.
    if (policy.freePlayCredit > 0) {
      await postEntry(trx, {
        key: `demo-credit:${created.id}`,
        kind: "demo_credit",
        memberId: created.id,
        movements: [
          {
            from: { house: HOUSE.demo },
            to: { memberId: created.id, kind: MAIN },
            amount: BigInt(policy.freePlayCredit),
          },
        ],
      });
    }
    return created;
  });
  await audit(db, "trial_created", context, { memberId: member.id, account: member.account });
  return member;
}
