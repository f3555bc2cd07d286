import { randomUUID } from "node:crypto";
import { captchaDataUrl, randomCaptchaText, renderCaptchaPng } from "./captcha-image.server";
import { ONCE_PER_SECOND_MS } from "./constants";
import type { IdentityPolicy } from "./policy.server";
import { hashToken } from "./secrets.server";
import type { Database } from "../db/open.server";

export interface Captcha {
  id: string;
  /** The captcha value is a base64 PNG. */
  image: string;
}

const answerHash = (id: string, answer: string) =>
  hashToken(`${id}:${answer.trim().toUpperCase()}`);

/** `text` is chosen at random; tests pass their own to know the answer. */
export async function issueCaptcha(
  db: Database,
  policy: Pick<IdentityPolicy, "captchaTtlMs">,
  now = new Date(),
  text = randomCaptchaText(),
): Promise<Captcha> {
  const id = randomUUID();
  await purgeExpiredCaptchas(db, now);
  const image = captchaDataUrl(renderCaptchaPng(text));
  await db
    .insertInto("captchas")
    .values({
      id,
      answer_hash: answerHash(id, text),
      image,
      created_at: now,
      expires_at: new Date(now.getTime() + policy.captchaTtlMs),
    })
    .execute();
  return { id, image };
}

/**
 * A refresh at most once per second. Asked sooner, the current captcha is
 * shown again (it is still valid) instead of minting another.
 */
export async function refreshCaptcha(
  db: Database,
  previousId: string | undefined,
  policy: Pick<IdentityPolicy, "captchaTtlMs">,
  now = new Date(),
): Promise<Captcha> {
  if (previousId) {
    const previous = await db
      .selectFrom("captchas")
      .select(["id", "image", "created_at"])
      .where("id", "=", previousId)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (previous && now.getTime() - new Date(previous.created_at).getTime() < ONCE_PER_SECOND_MS) {
      return { id: previous.id, image: previous.image };
    }
  }
  return issueCaptcha(db, policy, now);
}

/** One try per captcha: whether right or wrong, it is used up, so it cannot be brute-forced. */
export async function solveCaptcha(
  db: Database,
  id: string | undefined,
  answer: string | undefined,
  now = new Date(),
) {
  if (!id || !answer) return false;
  const row = await db
    .updateTable("captchas")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("answer_hash")
    .executeTakeFirst();
  return Boolean(row) && row!.answer_hash === answerHash(id, answer);
}

export async function purgeExpiredCaptchas(db: Database, now = new Date()) {
  await db.deleteFrom("captchas").where("expires_at", "<=", now).execute();
}
