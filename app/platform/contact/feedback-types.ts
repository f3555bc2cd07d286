/** Feedback question types, in the order the form offers them. */
export const FEEDBACK_QUESTION_TYPES = [
  "deposit",
  "withdrawal",
  "game",
  "service",
  "application",
  "other",
] as const;
export type FeedbackQuestionType = (typeof FEEDBACK_QUESTION_TYPES)[number];

export const FEEDBACK_STATUSES = ["open", "answered", "closed"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** The stored content's ceiling (the column's check); the word limit is what members meet first. */
export const FEEDBACK_CONTENT_MAX_CHARS = 10000;
export const FEEDBACK_ANSWER_MAX_CHARS = 2000;

export const isQuestionType = (value: unknown): value is FeedbackQuestionType =>
  (FEEDBACK_QUESTION_TYPES as readonly unknown[]).includes(value);
