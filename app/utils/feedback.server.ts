// Shared by design: the member's and the operators' feedback pages show the same thread and the same refusals.
import type { TFunction } from "~/i18n";
import { formatTimestamp } from "~/platform/calendar/datetime";
import type { FeedbackThread } from "~/platform/contact/feedback-threads.server";
import type { PlatformError } from "~/platform/errors";

/** Fits a platform thread to what the feedback components render (components/feedback/types). */
export function threadView(thread: FeedbackThread, timeZone: string, { withAccount = false } = {}) {
  return {
    id: thread.id,
    account: withAccount ? thread.account : undefined,
    questionType: thread.questionType,
    content: thread.content,
    status: thread.status,
    imageIds: thread.imageIds,
    createdAt: formatTimestamp(thread.createdAt, timeZone),
    answers: thread.answers.map((answer) => ({
      ...answer,
      createdAt: formatTimestamp(answer.createdAt, timeZone),
    })),
  };
}

/** A platform refusal in the reader's language: feedback's own codes and the shared proof_* codes. */
export function feedbackErrorMessage(error: PlatformError, t: TFunction) {
  return t(`feedback.errors.${error.code}`, {
    ...error.details,
    defaultValue: t("feedback.errors.unknown"),
  });
}
