import { sql } from "kysely";
import { countThreads, readThreads } from "./feedback-threads.server";
import { FEEDBACK_CONTENT_MAX_CHARS, isQuestionType } from "./feedback-types";
import { countWords } from "./feedback-words";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { publishOpsQueue } from "../events/producers.server";
import type { BrandConfig } from "../system/brand-config.server";
import { checkProofImages } from "../uploads/proof-images";
import { pageOf, type Paging } from "../wallet/records.server";

export interface NewFeedback {
  memberId: string;
  questionType: string;
  content: string;
  images: readonly { bytes: Uint8Array }[];
  now?: Date;
}

/**
 * Checks a feedback's content against the brand's word limits. Throws
 * `feedback_content_required`, `feedback_too_few_words` (details: min) or
 * `feedback_too_many_words` (details: max).
 */
export function checkFeedbackContent(content: string, limits: BrandConfig["feedback"]) {
  const text = content.trim();
  if (!text) throw new PlatformError("feedback_content_required");
  const words = countWords(text);
  if (words < limits.minWords)
    throw new PlatformError("feedback_too_few_words", { min: limits.minWords });
  if (words > limits.maxWords || text.length > FEEDBACK_CONTENT_MAX_CHARS)
    throw new PlatformError("feedback_too_many_words", { max: limits.maxWords });
  return text;
}

/**
 * Stores a member's feedback (question type and content within the word limits,
 * up to 3 png/jpg images checked by their bytes) with status `open`. A member
 * with `maxOpen` unanswered threads is refused (`feedback_throttled`, details:
 * max): the count is taken under a lock on the member, so two posts at once
 * cannot both slip under it. Also throws `feedback_question_type`, the
 * content errors of checkFeedbackContent and the proof_* image errors.
 * Content is stored as typed; it is text wherever it is shown.
 */
export async function createFeedback(
  db: Database,
  input: NewFeedback,
  limits: BrandConfig["feedback"],
) {
  if (!isQuestionType(input.questionType)) throw new PlatformError("feedback_question_type");
  const questionType = input.questionType;
  const content = checkFeedbackContent(input.content, limits);
  const images = checkProofImages(input.images);
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx) => {
    await sql`select id from members where id = ${input.memberId} for update`.execute(trx);
    const open = await trx
      .selectFrom("feedback_threads")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("member_id", "=", input.memberId)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    if (Number(open.count) >= limits.maxOpen)
      throw new PlatformError("feedback_throttled", { max: limits.maxOpen });
    const thread = await trx
      .insertInto("feedback_threads")
      .values({
        member_id: input.memberId,
        question_type: questionType,
        content,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const image of images) {
      await trx
        .insertInto("feedback_images")
        .values({
          thread_id: thread.id,
          content_type: image.type,
          size: image.bytes.byteLength,
          bytes: Buffer.from(image.bytes),
        })
        .execute();
    }
    await publishOpsQueue(trx, "feedback");
    return thread.id;
  });
}

/** A member's own threads, newest first, a page at a time. */
export async function memberFeedback(db: Database, memberId: string, paging: Paging) {
  const total = await countThreads(db, { memberId });
  const { page, pageCount, offset } = pageOf(paging, total);
  const threads = await readThreads(db, { memberId }, { limit: paging.pageSize, offset });
  return { threads, page, pageCount, total };
}
