import type { Database } from "~/platform/db/open.server";
import type { LoginInput } from "~/platform/identity/login.server";
import { hashPassword } from "~/platform/identity/secrets.server";
import { insertMember } from "./wallet";

/** The login password of the members made here. */
export const MEMBER_PASSWORD = "Member123";

/** The member types of the demo brand, the way login() reads them. */
export const LOGIN_RULES = {
  agentTypes: [1, 2, 41, 42],
  trialTypes: [4],
  passwordExpiry: false,
};

let hashed: Promise<string> | undefined;

/** A member of its own whose login password is MEMBER_PASSWORD, with a mobile or e-mail when asked. */
export async function memberWithPassword(
  db: Database,
  options: { type?: number; mobile?: string; email?: string } = {},
) {
  const id = await insertMember(db, { type: options.type });
  hashed ??= hashPassword(MEMBER_PASSWORD);
  return db
    .updateTable("members")
    .set({
      password_hash: await hashed,
      ...(options.mobile ? { dialing_code: "92", mobile: options.mobile } : {}),
      ...(options.email ? { email: options.email } : {}),
    })
    .where("id", "=", id)
    .returning(["id", "account"])
    .executeTakeFirstOrThrow();
}

/** Puts a member on a running break (a self-exclusion or a time-out) of 180 days. */
export async function putOnBreak(db: Database, memberId: string, kind: "exclusion" | "time_out") {
  const now = Date.now();
  await db
    .insertInto("protection_breaks")
    .values({
      member_id: memberId,
      kind,
      starts_at: new Date(now - 86_400_000),
      ends_at: new Date(now + 180 * 86_400_000),
      source: "member",
      created_by: memberId,
    })
    .execute();
}

/** A password sign-in with MEMBER_PASSWORD. */
export const passwordLogin = (
  account: string,
  site: "member" | "agent" = "member",
  remember = true,
): LoginInput => ({ method: "password", account, password: MEMBER_PASSWORD, site, remember });

let ipCounter = 0;
/** A request's audit context from an address no other call uses. */
export const freshContext = () => ({
  ip: `198.18.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`,
  userAgent: "vitest",
});
