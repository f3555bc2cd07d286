import { randomInt } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../../db/open.server";
import type { Executor } from "../../db/transaction.server";
import { OPERATOR_TYPE } from "../../identity/member-types";

/**
 * Members' own referral codes (0009-referrals): handed out on first use,
 * random over characters nobody misreads (no 0/O, 1/I/L), unique whatever
 * the case. A collision is retried with a new code; a member who was given
 * one meanwhile by a parallel request keeps that one.
 */

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const LENGTH = 8;
const ATTEMPTS = 8;

/** What a typed or linked code may look like before it is looked up. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;

export function newReferralCode(): string {
  let code = "";
  for (let index = 0; index < LENGTH; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The member's code, handing one out if it has none yet. */
export async function referralCodeOf(
  db: Database,
  memberId: string,
  generate = newReferralCode,
): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await db
      .selectFrom("members")
      .select("referral_code")
      .where("id", "=", memberId)
      .executeTakeFirstOrThrow();
    if (row.referral_code) return row.referral_code;
    try {
      const set = await db
        .updateTable("members")
        .set({ referral_code: generate() })
        .where("id", "=", memberId)
        .where("referral_code", "is", null)
        .returning("referral_code")
        .executeTakeFirst();
      if (set?.referral_code) return set.referral_code;
    } catch (error) {
      // Another member holds this code (unique index): try another.
      if ((error as { code?: string })?.code !== "23505") throw error;
    }
  }
  throw new Error(`no free referral code after ${ATTEMPTS} attempts`);
}

/**
 * The active account whose code this is (any case), or undefined. Members and
 * agents may invite (both reach /member/referral); trial accounts and
 * operators never hold a usable code. Trial types are the stored brand's.
 */
export async function findReferrerByCode(db: Executor, code: string) {
  const trimmed = code.trim();
  if (!REFERRAL_CODE_PATTERN.test(trimmed)) return undefined;
  return db
    .selectFrom("members as m")
    .select(["m.id", "m.account"])
    .where((eb) => eb(eb.fn("upper", ["m.referral_code"]), "=", trimmed.toUpperCase()))
    .where("m.status", "=", "active")
    .where("m.type", "<>", OPERATOR_TYPE)
    .where(
      sql<boolean>`not coalesce(
        (select s.value -> 'trialTypes' from settings s where s.key = 'brand'), '[4]'::jsonb
      ) @> to_jsonb(m.type)`,
    )
    .executeTakeFirst();
}
