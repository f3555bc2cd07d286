import type { FeedbackQuestionType, FeedbackStatus } from "./feedback-types";
import type { Database } from "../db/open.server";

/** One feedback as both the member and the operators see it. */
export interface FeedbackThread {
  id: string;
  memberId: string;
  account: string;
  questionType: FeedbackQuestionType;
  content: string;
  status: FeedbackStatus;
  createdAt: string;
  answeredAt: string | null;
  closedAt: string | null;
  answers: { id: string; body: string; createdAt: string }[];
  imageIds: string[];
}

export interface ThreadFilter {
  memberId?: string;
  threadId?: string;
  status?: FeedbackStatus;
  questionType?: FeedbackQuestionType;
}

export const isThreadId = (id: string) => /^\d{1,18}$/.test(id);

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

function filtered(db: Database, filter: ThreadFilter) {
  let query = db
    .selectFrom("feedback_threads as f")
    .innerJoin("members as m", "m.id", "f.member_id");
  if (filter.memberId) query = query.where("f.member_id", "=", filter.memberId);
  if (filter.threadId) query = query.where("f.id", "=", filter.threadId);
  if (filter.status) query = query.where("f.status", "=", filter.status);
  if (filter.questionType) query = query.where("f.question_type", "=", filter.questionType);
  return query;
}

export async function countThreads(db: Database, filter: ThreadFilter) {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Threads under the filter, newest first, with their answers and image ids (three queries, whatever the page). */
export async function readThreads(
  db: Database,
  filter: ThreadFilter,
  window: { limit: number; offset: number },
): Promise<FeedbackThread[]> {
  const rows = await filtered(db, filter)
    .select([
      "f.id",
      "f.member_id",
      "m.account",
      "f.question_type",
      "f.content",
      "f.status",
      "f.created_at",
      "f.answered_at",
      "f.closed_at",
    ])
    .orderBy("f.id", "desc")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [answers, images] = await Promise.all([
    db
      .selectFrom("feedback_answers")
      .select(["id", "thread_id", "body", "created_at"])
      .where("thread_id", "in", ids)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("feedback_images")
      .select(["id", "thread_id"])
      .where("thread_id", "in", ids)
      .orderBy("id")
      .execute(),
  ]);
  return rows.map((row) => ({
    id: row.id,
    memberId: row.member_id,
    account: row.account,
    questionType: row.question_type,
    content: row.content,
    status: row.status,
    createdAt: iso(row.created_at)!,
    answeredAt: iso(row.answered_at),
    closedAt: iso(row.closed_at),
    answers: answers
      .filter((answer) => answer.thread_id === row.id)
      .map((answer) => ({ id: answer.id, body: answer.body, createdAt: iso(answer.created_at)! })),
    imageIds: images.filter((image) => image.thread_id === row.id).map((image) => image.id),
  }));
}

/** One thread, or undefined; with `memberId`, only when it is that member's (any other id looks absent). */
export async function findThread(db: Database, threadId: string, memberId?: string) {
  if (!isThreadId(threadId)) return undefined;
  const [thread] = await readThreads(db, { threadId, memberId }, { limit: 1, offset: 0 });
  return thread;
}

/** A feedback image with the member it belongs to (who, besides operators, may see it). */
export async function findFeedbackImage(db: Database, imageId: string) {
  if (!isThreadId(imageId)) return undefined;
  return db
    .selectFrom("feedback_images as i")
    .innerJoin("feedback_threads as f", "f.id", "i.thread_id")
    .select(["i.id", "i.content_type", "i.bytes", "f.member_id"])
    .where("i.id", "=", imageId)
    .executeTakeFirst();
}
