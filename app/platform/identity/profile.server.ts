import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";

/**
 * The member's own profile (the further profile fields): the nickname lives
 * in members.nickname, the rest in members.profile (jsonb) next to the keys
 * registration stores there (PROFILE_FIELDS: payee name, messengers, …),
 * which an update here never touches.
 */
export const PERSONAL_FIELDS = [
  "realName",
  "fullName",
  "telegram",
  "zalo",
  "birthday",
  "address",
  "nationality",
  "occupation",
  "sourceOfIncome",
] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** The choices of "source of income" (the spec names the label only; these are ours). */
export const INCOME_SOURCES = [
  "salary",
  "business",
  "investment",
  "savings",
  "pension",
  "family",
  "other",
] as const;

export interface MemberProfile {
  nickname: string | null;
  fields: Partial<Record<PersonalField, string>>;
}

/** jsonb arrives parsed from node-postgres and PGlite alike; a string only if a driver ever hands one back. */
function profileObject(value: unknown): Record<string, string> {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
}

export async function readProfile(db: Database, memberId: string): Promise<MemberProfile> {
  const row = await db
    .selectFrom("members")
    .select(["nickname", "profile"])
    .where("id", "=", memberId)
    .executeTakeFirstOrThrow();
  const stored = profileObject(row.profile);
  const fields: MemberProfile["fields"] = {};
  for (const name of PERSONAL_FIELDS)
    if (typeof stored[name] === "string") fields[name] = stored[name];
  return { nickname: row.nickname, fields };
}

/**
 * Saves the whole form: a field left empty (undefined) is removed. The row is
 * locked while its profile is merged, so two saves never lose each other's
 * keys. The audit names the fields that changed, never their values.
 */
export async function updateProfile(
  db: Database,
  input: {
    memberId: string;
    nickname: string | undefined;
    fields: Partial<Record<PersonalField, string | undefined>>;
  },
  context: AuditContext,
) {
  const changed = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("members")
      .select(["nickname", "profile"])
      .where("id", "=", input.memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const profile = { ...profileObject(row.profile) };
    const changes: string[] = [];
    for (const name of PERSONAL_FIELDS) {
      const value = input.fields[name];
      if ((profile[name] ?? undefined) === value) continue;
      changes.push(name);
      if (value === undefined) delete profile[name];
      else profile[name] = value;
    }
    const nickname = input.nickname ?? null;
    if (nickname !== row.nickname) changes.unshift("nickname");
    if (changes.length) {
      await trx
        .updateTable("members")
        .set({ nickname, profile: JSON.stringify(profile) })
        .where("id", "=", input.memberId)
        .execute();
    }
    return changes;
  });
  if (changed.length)
    await audit(db, "profile_updated", context, {
      memberId: input.memberId,
      detail: { fields: changed },
    });
  return { changed };
}
