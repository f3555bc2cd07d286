import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import {
  answerFeedback,
  closeFeedback,
  listFeedback,
} from "~/platform/contact/feedback-ops.server";
import { findThread } from "~/platform/contact/feedback-threads.server";
import {
  FEEDBACK_ANSWER_MAX_CHARS,
  FEEDBACK_QUESTION_TYPES,
  FEEDBACK_STATUSES,
} from "~/platform/contact/feedback-types";
import { PlatformError } from "~/platform/errors";
import { feedbackErrorMessage, threadView } from "~/utils/feedback.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { notFound } from "~/utils/misc";
import { pageParam } from "~/utils/pagination";
import { opsRequest } from "./__ops-request.server";

/**
 * /ops/feedback (issue 16): every member's feedback by status and question
 * type (GET URL state), one thread with its images, answer (the member gets
 * it in their messages) and close. Each change is audited by the platform.
 */
const PAGE_SIZE = 20;

const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
  values.find((candidate) => candidate === value);

export async function opsFeedbackListLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "feedback.view");
  const url = new URL(request.url);
  const status = oneOf(FEEDBACK_STATUSES, url.searchParams.get("status"));
  const questionType = oneOf(FEEDBACK_QUESTION_TYPES, url.searchParams.get("type"));
  const { threads, page, pageCount, total } = await listFeedback(
    db,
    { status, questionType },
    { page: pageParam(url.searchParams.get("page")), pageSize: PAGE_SIZE },
  );
  return json({
    title: t("feedback.ops.title"),
    brandName: brand.name,
    filter: { status: status ?? "", type: questionType ?? "" },
    statuses: FEEDBACK_STATUSES,
    types: FEEDBACK_QUESTION_TYPES,
    threads: threads.map((thread) => threadView(thread, brand.timeZone, { withAccount: true })),
    page,
    pageCount,
    total,
  });
}

export async function opsFeedbackThreadLoader(request: Request, threadId: string) {
  const { db, brand, t } = await opsRequest(request, "feedback.view");
  const thread = await findThread(db, threadId);
  if (!thread) throw notFound();
  const done = new URL(request.url).searchParams.get("done");
  return json({
    title: t("feedback.ops.threadTitle", { id: thread.id }),
    brandName: brand.name,
    thread: threadView(thread, brand.timeZone, { withAccount: true }),
    done: done === "answered" || done === "closed" ? done : null,
    answerMax: FEEDBACK_ANSWER_MAX_CHARS,
  });
}

const actSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("answer"), body: z.string().optional().default("") }),
  z.object({ intent: z.literal("close") }),
]);

export async function opsFeedbackThreadAction(request: Request, threadId: string) {
  const formData = await readForm(request, { honeypot: true, multiline: ["body"] });
  const ops = await opsRequest(request, "feedback.reply");
  const { db, t } = ops;
  const submission = parseSubmission(formData, { schema: actSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const act = { threadId, ...ops.act };
  try {
    if (submission.value.intent === "answer") {
      await answerFeedback(db, { ...act, body: submission.value.body });
      return redirect(`/ops/feedback/${threadId}?done=answered`);
    }
    await closeFeedback(db, act);
    return redirect(`/ops/feedback/${threadId}?done=closed`);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.code === "feedback_not_found") throw notFound();
    const message = feedbackErrorMessage(error, t);
    return formFailure(
      submission.reply(
        error.code === "feedback_answer_invalid"
          ? { fieldErrors: { body: [message] } }
          : { formErrors: [message] },
      ),
    );
  }
}
