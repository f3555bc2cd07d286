/** The security centre's profile form (the further profile fields). */
import { redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { INCOME_SOURCES, updateProfile } from "~/platform/identity/profile.server";
import { birthdayProblem } from "~/platform/protection/age-birthday.server";
import { verifiedBirthday } from "~/platform/protection/age.server";
import { auditContext } from "~/utils/auth.server";
import { parseSubmission } from "~/utils/form.server";
import { failure, type Reply, type SecurityRequest } from "./__security-form.server";

/**
 * Optional text: trimmed, inner runs of spaces collapsed; empty means "remove".
 * Otherwise `check` names what is wrong with it (a message) or passes it (null).
 */
function optionalText(check: (value: string) => string | null) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = raw?.trim().replace(/\s+/g, " ") ?? "";
      if (value === "") return undefined;
      const message = check(value);
      if (message !== null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });
}

/** A field whose one rule has one message. */
const ruledText = (message: string, test: (value: string) => boolean) =>
  optionalText((value) => (test(value) ? null : message));

const lengthIn = (value: string, min: number, max: number) =>
  [...value].length >= min && [...value].length <= max;
const LETTERS_AND_SPACES = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;
const PHONE = /^\+?\d{6,15}$/;

/** yyyy-MM-dd, a real day from 1900 on, and a member of 18 or more today (the one rule, shared with registration). */
function birthdayField(t: TFunction, timeZone: string) {
  return optionalText((value) => {
    const problem = birthdayProblem(value, timeZone);
    if (problem === "birthday_invalid") return t("security.profile.error.birthday");
    return problem ? t("security.profile.error.underage") : null;
  });
}

const profileSchema = (t: TFunction, timeZone: string) => {
  const error = (name: string) => t(`security.profile.error.${name}`);
  return z.object({
    nickname: ruledText(
      error("nickname"),
      (v) => lengthIn(v, 2, 20) && /^[\p{L}\p{M}\p{N}_ .-]+$/u.test(v),
    ),
    realName: ruledText(error("realName"), (v) => lengthIn(v, 2, 50) && LETTERS_AND_SPACES.test(v)),
    fullName: ruledText(
      error("fullName"),
      (v) => lengthIn(v, 2, 100) && LETTERS_AND_SPACES.test(v),
    ),
    telegram: ruledText(
      error("telegram"),
      (v) => /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/.test(v) || PHONE.test(v),
    ),
    zalo: ruledText(error("phone"), (v) => PHONE.test(v)),
    birthday: birthdayField(t, timeZone),
    address: ruledText(error("address"), (v) => lengthIn(v, 2, 200) && !/\p{C}/u.test(v)),
    nationality: ruledText(
      error("nationality"),
      (v) => lengthIn(v, 2, 50) && LETTERS_AND_SPACES.test(v),
    ),
    occupation: ruledText(
      error("occupation"),
      (v) => lengthIn(v, 2, 50) && /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} &/,.'-]*$/u.test(v),
    ),
    sourceOfIncome: ruledText(error("sourceOfIncome"), (v) =>
      (INCOME_SOURCES as readonly string[]).includes(v),
    ),
  });
};

export async function saveProfile({
  request,
  formData,
  viewer,
  db,
  brand,
  t,
}: SecurityRequest): Reply {
  const submission = parseSubmission(formData, { schema: profileSchema(t, brand.timeZone) });
  if (submission.status !== "success") return failure("profile", submission.reply());
  const { nickname, ...fields } = submission.value;
  // Issue 17: a verified birthday is the operator's, whatever the form posts.
  const verified = await verifiedBirthday(db, viewer.member.id);
  if (verified) fields.birthday = verified;
  await updateProfile(db, { memberId: viewer.member.id, nickname, fields }, auditContext(request));
  return redirect("/member/security?done=profile#profile");
}
