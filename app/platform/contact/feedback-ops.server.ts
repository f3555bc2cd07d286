import {
  countThreads,
  isThreadId,
  readThreads,
  type ThreadFilter,
} from "./feedback-threads.server";
import { FEEDBACK_ANSWER_MAX_CHARS } from "./feedback-types";
import { audit, type AuditContext } from "../audit/audit.server";
import { postMessage } from "../content/messages.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { publishOpsQueue } from "../events/producers.server";
import { pageOf, type Paging } from "../wallet/records.server";

/** The operators' queue: every member's feedback under a status and question type filter. */
export async function listFeedback(db: Database, filter: ThreadFilter, paging: Paging) {
  const total = await countThreads(db, filter);
  const { page, pageCount, offset } = pageOf(paging, total);
  const threads = await readThreads(db, filter, { limit: paging.pageSize, offset });
  return { threads, page, pageCount, total };
}

export interface OperatorAct {
  threadId: string;
  operatorId: string;
  context: AuditContext;
  now?: Date;
}

async function lockThread(db: Database, threadId: string) {
  if (!isThreadId(threadId)) throw new PlatformError("feedback_not_found");
  const thread = await db
    .selectFrom("feedback_threads")
    .select(["id", "member_id", "status"])
    .where("id", "=", threadId)
    .forUpdate()
    .executeTakeFirst();
  if (!thread) throw new PlatformError("feedback_not_found");
  return thread;
}

/**
 * An operator answers a feedback that is not closed (1–2000 characters): the
 * answer is stored, the thread becomes `answered`, the member gets it in
 * their platform messages, and the act is audited, all in one transaction.
 * Throws `feedback_answer_invalid`, `feedback_not_found`, `feedback_closed`.
 */
export async function answerFeedback(db: Database, input: OperatorAct & { body: string }) {
  const body = input.body.trim();
  if (!body || body.length > FEEDBACK_ANSWER_MAX_CHARS)
    throw new PlatformError("feedback_answer_invalid", { max: FEEDBACK_ANSWER_MAX_CHARS });
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const thread = await lockThread(trx, input.threadId);
    if (thread.status === "closed") throw new PlatformError("feedback_closed");
    await trx
      .insertInto("feedback_answers")
      .values({ thread_id: thread.id, operator_id: input.operatorId, body, created_at: now })
      .execute();
    await trx
      .updateTable("feedback_threads")
      .set({ status: "answered", answered_at: now })
      .where("id", "=", thread.id)
      .execute();
    await postMessage(
      trx,
      thread.member_id,
      "feedback_answered",
      { thread: thread.id, answer: body },
      now,
    );
    // The staff home counts this queue: its open pages re-read it.
    await publishOpsQueue(trx, "feedback");
    await audit(trx, "feedback_answered", input.context, {
      memberId: thread.member_id,
      target: { type: "feedback", id: String(thread.id) },
      before: { status: thread.status },
      after: { status: "answered" },
    });
  });
}

/** Closes a feedback; closing a closed one changes nothing (`changed: false`). Throws `feedback_not_found`. */
export async function closeFeedback(db: Database, input: OperatorAct) {
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const thread = await lockThread(trx, input.threadId);
    if (thread.status === "closed") return { changed: false };
    await trx
      .updateTable("feedback_threads")
      .set({ status: "closed", closed_at: now, closed_by: input.operatorId })
      .where("id", "=", thread.id)
      .execute();
    // The staff home counts this queue: its open pages re-read it.
    await publishOpsQueue(trx, "feedback");
    await audit(trx, "feedback_closed", input.context, {
      memberId: thread.member_id,
      target: { type: "feedback", id: String(thread.id) },
      before: { status: thread.status },
      after: { status: "closed" },
    });
    return { changed: true };
  });
}
