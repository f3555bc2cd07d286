import type { FeedbackQuestionType, FeedbackStatus } from "../contact/feedback-types";
import { memberFeedback } from "../contact/feedback.server";
import { conversationsOf } from "../contact/support-ops.server";
import { listMessages, type MemberMessage } from "../content/messages.server";
import type { Database } from "../db/open.server";

/** How many inbox messages and feedback threads the messages tab lists, newest first. */
export const PLAYER_MESSAGES_SHOWN = 25;

export interface PlayerConversation {
  id: string;
  status: "open" | "closed";
  /** Member messages staff have not read yet. */
  unread: number;
  lastMessageAt: string;
}

export interface PlayerFeedback {
  id: string;
  questionType: FeedbackQuestionType;
  status: FeedbackStatus;
  createdAt: string;
}

export interface PlayerMessages {
  inbox: { rows: MemberMessage[]; total: number };
  support: PlayerConversation[];
  /** Null when the staff member's role may not read feedback: then it is never read. */
  feedback: { rows: PlayerFeedback[]; total: number } | null;
}

/**
 * What the member was told and what it told us: the platform's messages to
 * it (read or not), its support conversation, and its feedback threads when
 * the reader may see feedback. Reading marks nothing read, for either side.
 */
export async function playerMessages(
  db: Database,
  memberId: string,
  { feedback }: { feedback: boolean },
): Promise<PlayerMessages> {
  const paging = { page: 1, pageSize: PLAYER_MESSAGES_SHOWN };
  const [inbox, support, threads] = await Promise.all([
    listMessages(db, memberId, paging),
    conversationsOf(db, memberId),
    feedback ? memberFeedback(db, memberId, paging) : null,
  ]);
  return {
    inbox: { rows: inbox.messages, total: inbox.total },
    support: support.map((row) => ({
      id: row.id,
      status: row.status,
      unread: row.unread,
      lastMessageAt: new Date(row.lastMessageAt).toISOString(),
    })),
    feedback: threads
      ? {
          total: threads.total,
          rows: threads.threads.map((thread) => ({
            id: thread.id,
            questionType: thread.questionType,
            status: thread.status,
            createdAt: thread.createdAt,
          })),
        }
      : null,
  };
}
