import type { Database } from "../db/open.server";
import { enrolWithSecret } from "../identity/authenticator.server";
import { LOOPBACK_ADDRESSES, recordKnownSignIn } from "../identity/known-sign-ins.server";
import { MEMBER_TYPE, OPERATOR_TYPE } from "../identity/member-types";
import { findMemberByAccount } from "../identity/members.server";
import { hashPassword, LEGACY_SCRYPT_COST } from "../identity/secrets.server";

/**
 * Demo accounts (listed in the README with their passwords), so a newcomer
 * can log in at once and see every role and every forced-change case.
 */
export const DEMO_ACCOUNTS = [
  {
    account: "player01",
    password: "Player123",
    nickname: "Lucky Player",
    type: MEMBER_TYPE,
    email: "player01@example.com",
    mobile: "3001234567",
  },
  {
    account: "newbie01",
    password: "123456",
    nickname: null,
    type: MEMBER_TYPE,
    email: null,
    mobile: "3007654321",
  },
  {
    account: "newbie02",
    password: "123456",
    nickname: null,
    type: MEMBER_TYPE,
    email: null,
    mobile: "3007654322",
  },
  {
    account: "vipstar",
    password: "Vip12345",
    nickname: "VIP Star",
    type: MEMBER_TYPE,
    vip: 3,
    email: "vipstar@example.com",
    mobile: null,
  },
  {
    account: "oldtimer",
    password: "Player123",
    nickname: null,
    type: MEMBER_TYPE,
    email: null,
    mobile: null,
    passwordAgeDays: 200,
  },
  {
    account: "agent01",
    password: "Agent123",
    nickname: "Harbour Master",
    type: 1,
    affiliate: "LUCKY1",
    email: "agent01@example.com",
    mobile: "3110000001",
  },
  {
    account: "agent02",
    password: "Agent123",
    nickname: "Dock Captain",
    type: 2,
    affiliate: "DOCK02",
    parent: "agent01",
    email: null,
    mobile: "3110000002",
  },
  {
    account: "crew01",
    password: "Player123",
    nickname: null,
    type: MEMBER_TYPE,
    parent: "agent01",
    email: null,
    mobile: null,
  },
  {
    account: "crew02",
    password: "Player123",
    nickname: null,
    type: MEMBER_TYPE,
    parent: "agent02",
    email: null,
    mobile: null,
  },
  {
    account: "ops01",
    password: "Ops12345",
    nickname: "Operator",
    type: OPERATOR_TYPE,
    email: null,
    mobile: null,
  },
] as const satisfies ReadonlyArray<{
  account: string;
  password: string;
  nickname: string | null;
  type: number;
  email: string | null;
  mobile: string | null;
  vip?: number;
  affiliate?: string;
  parent?: string;
  passwordAgeDays?: number;
}>;

export const DEMO_DIALING_CODE = "92";

/**
 * The demo operator's authenticator secret (ADR 34: codes are mandatory for
 * staff). Fixed and published in the README so anyone trying the demo can add
 * it to an authenticator app; only the demo seed uses it.
 */
export const DEMO_OPERATOR_TOTP_SECRET = "OPSDEMOSECRETKEY";

/** ops01 enrolled with the fixed secret. Idempotent: an existing authenticator is left alone. */
export async function seedDemoAuthenticators(db: Database, now = new Date()) {
  const operator = await findMemberByAccount(db, "ops01");
  if (!operator) return false;
  await enrolWithSecret(db, operator.id, DEMO_OPERATOR_TOTP_SECRET, now);
  return true;
}

/**
 * ADR 37: the demo's accounts count the loopback addresses as known, so signing in to the demo
 * on one's own machine stays one step; from any other address the new-IP step-up appears.
 * Idempotent (an existing row only has its last-seen time refreshed).
 */
export async function seedDemoKnownSignIns(db: Database, now = new Date()) {
  const members = await db
    .selectFrom("members")
    .select("id")
    .where(
      "account",
      "in",
      DEMO_ACCOUNTS.map((demo) => demo.account),
    )
    .execute();
  for (const member of members)
    for (const ip of LOOPBACK_ADDRESSES) await recordKnownSignIn(db, member.id, { ip }, now);
  return members.length;
}

/** Idempotent, with its own marker: databases seeded before identity existed get the accounts too. */
export async function seedDemoAccounts(db: Database, now = new Date()) {
  const marker = await db
    .selectFrom("settings")
    .select("key")
    .where("key", "=", "seed_accounts")
    .executeTakeFirst();
  if (marker) return false;
  // At the old cost: these passwords are public, and each is rehashed at today's cost when it signs in.
  const hashes = await Promise.all(
    DEMO_ACCOUNTS.map((demo) => hashPassword(demo.password, LEGACY_SCRYPT_COST)),
  );
  await db.transaction().execute(async (trx) => {
    const ids = new Map<string, string>();
    for (const [index, demo] of DEMO_ACCOUNTS.entries()) {
      const parent = "parent" in demo ? ids.get(demo.parent) : undefined;
      const ageDays = "passwordAgeDays" in demo ? demo.passwordAgeDays : 0;
      const row = await trx
        .insertInto("members")
        .values({
          account: demo.account,
          nickname: demo.nickname,
          type: demo.type,
          parent_id: parent ?? null,
          password_hash: hashes[index]!,
          password_changed_at: new Date(now.getTime() - ageDays * 86_400_000),
          email: demo.email,
          dialing_code: demo.mobile ? DEMO_DIALING_CODE : null,
          mobile: demo.mobile,
          vip_level: "vip" in demo ? demo.vip : 0,
          affiliate_code: "affiliate" in demo ? demo.affiliate : null,
          profile: "{}",
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.set(demo.account, row.id);
    }
    await trx
      .insertInto("settings")
      .values({ key: "seed_accounts", value: JSON.stringify({ at: now.toISOString() }) })
      .execute();
  });
  return true;
}
