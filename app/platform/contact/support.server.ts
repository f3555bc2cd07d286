import { sql } from "kysely";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { publishEvent } from "../events/outbox.server";

/** Plain text, as typed; it is text wherever it is shown. */
export const SUPPORT_MESSAGE_MAX_CHARS = 1000;

/** One member message per this long: a cheap flood guard kept under the conversation's lock. */
export const SUPPORT_THROTTLE_MS = 2000;

export interface SupportMessage {
  id: string;
  author: "member" | "operator";
  body: string;
  createdAt: Date;
}

/** Trims and checks a message. Throws `support_message_required` or `support_message_too_long` (details: max). */
export function checkSupportMessage(text: string) {
  const body = text.trim();
  if (!body) throw new PlatformError("support_message_required");
  if (body.length > SUPPORT_MESSAGE_MAX_CHARS)
    throw new PlatformError("support_message_too_long", { max: SUPPORT_MESSAGE_MAX_CHARS });
  return body;
}

export function readMessages(db: Database, conversationId: string): Promise<SupportMessage[]> {
  return db
    .selectFrom("support_messages")
    .select(["id", "author", "body", "created_at as createdAt"])
    .where("conversation_id", "=", conversationId)
    .orderBy("id")
    .execute();
}

/**
 * A member writes to support: the conversation is made on the first message
 * and reopened by a message after an operator closed it. Within 2 s of the
 * member's last message it throws `support_throttled`; the check runs under
 * the conversation's lock, so two posts at once cannot both pass it.
 */
export async function postMemberMessage(
  db: Database,
  input: { memberId: string; body: string; now?: Date },
) {
  const body = checkSupportMessage(input.body);
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx) => {
    await trx
      .insertInto("support_conversations")
      .values({ member_id: input.memberId, last_message_at: now })
      .onConflict((oc) => oc.column("member_id").doNothing())
      .execute();
    const conversation = await trx
      .selectFrom("support_conversations")
      .select(["id", "last_member_message_at"])
      .where("member_id", "=", input.memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const last = conversation.last_member_message_at;
    if (last && now.getTime() - new Date(last).getTime() < SUPPORT_THROTTLE_MS)
      throw new PlatformError("support_throttled");
    await trx
      .insertInto("support_messages")
      .values({ conversation_id: conversation.id, author: "member", body, created_at: now })
      .execute();
    await trx
      .updateTable("support_conversations")
      .set({
        status: "open",
        closed_at: null,
        closed_by: null,
        ops_unread: sql`ops_unread + 1`,
        last_member_message_at: now,
        last_message_at: now,
      })
      .where("id", "=", conversation.id)
      .execute();
    await publishEvent(trx, {
      audience: { topic: "ops:support" },
      type: "support_queue",
      data: { conversationId: conversation.id },
    });
    return conversation.id;
  });
}

/**
 * The member's own conversation (found by the member, never by an id the
 * browser sends) with its messages; reading it clears the member's unread.
 */
export async function memberConversation(db: Database, memberId: string) {
  const conversation = await db
    .selectFrom("support_conversations")
    .select(["id", "status", "member_unread"])
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (!conversation) return { status: "new" as const, messages: [], unread: 0 };
  if (conversation.member_unread > 0)
    await db
      .updateTable("support_conversations")
      .set({ member_unread: 0 })
      .where("id", "=", conversation.id)
      .execute();
  return {
    status: conversation.status,
    messages: await readMessages(db, conversation.id),
    unread: conversation.member_unread,
  };
}

export async function memberSupportUnread(db: Database, memberId: string) {
  const row = await db
    .selectFrom("support_conversations")
    .select("member_unread")
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return row?.member_unread ?? 0;
}

/** Announces an operator's reply to the member alone, in the reply's transaction. */
export function announceReply(db: Database, memberId: string, unread: number) {
  return publishEvent(db, {
    audience: { memberId },
    type: "support_message",
    data: { unread },
  });
}
