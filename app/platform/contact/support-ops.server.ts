import { sql } from "kysely";
import { announceReply, checkSupportMessage, readMessages } from "./support.server";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { SUPPORT_WAITS } from "../system/ops-queues.server";

const isConversationId = (id: string) => /^[1-9]\d{0,17}$/.test(id);

/**
 * The operators' queue: open conversations, latest message first, with their unread counts;
 * with `waitingOnly`, those whose last word is the member's (what the staff home counts).
 */
export function supportQueue(
  db: Database,
  { waitingOnly = false, limit = 100 }: { waitingOnly?: boolean; limit?: number } = {},
) {
  let query = db
    .selectFrom("support_conversations as c")
    .innerJoin("members as m", "m.id", "c.member_id")
    .select(["c.id", "m.account", "c.ops_unread as unread", "c.last_message_at as lastMessageAt"])
    .where("c.status", "=", "open");
  if (waitingOnly) query = query.where(SUPPORT_WAITS);
  return query.orderBy("c.last_message_at", "desc").orderBy("c.id", "desc").limit(limit).execute();
}

/** Unread member messages over every open conversation (the ops nav's badge). */
export async function opsSupportUnread(db: Database) {
  const row = await db
    .selectFrom("support_conversations")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("ops_unread"), sql<string>`0`).as("unread"))
    .where("status", "=", "open")
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/** One conversation for an operator; reading it clears the operators' unread. Null when there is none. */
export async function opsConversation(db: Database, conversationId: string) {
  if (!isConversationId(conversationId)) return null;
  const conversation = await db
    .selectFrom("support_conversations as c")
    .innerJoin("members as m", "m.id", "c.member_id")
    .select(["c.id", "c.status", "c.ops_unread", "m.account"])
    .where("c.id", "=", conversationId)
    .executeTakeFirst();
  if (!conversation) return null;
  if (conversation.ops_unread > 0)
    await db
      .updateTable("support_conversations")
      .set({ ops_unread: 0 })
      .where("id", "=", conversation.id)
      .execute();
  return {
    id: conversation.id,
    account: conversation.account,
    status: conversation.status,
    messages: await readMessages(db, conversation.id),
  };
}

export interface SupportAct {
  conversationId: string;
  operatorId: string;
  context: AuditContext;
  now?: Date;
}

async function lockConversation(db: Database, conversationId: string) {
  if (!isConversationId(conversationId)) throw new PlatformError("support_not_found");
  const conversation = await db
    .selectFrom("support_conversations")
    .select(["id", "member_id", "status"])
    .where("id", "=", conversationId)
    .forUpdate()
    .executeTakeFirst();
  if (!conversation) throw new PlatformError("support_not_found");
  return conversation;
}

/**
 * An operator replies (1–1000 characters): stored, counted unread for the
 * member, announced to that member alone, audited, in one transaction. A
 * reply does not reopen a closed conversation; only the member does.
 * Throws the message errors, `support_not_found`, `support_closed`.
 */
export async function replyToConversation(db: Database, input: SupportAct & { body: string }) {
  const body = checkSupportMessage(input.body);
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const conversation = await lockConversation(trx, input.conversationId);
    if (conversation.status === "closed") throw new PlatformError("support_closed");
    await trx
      .insertInto("support_messages")
      .values({
        conversation_id: conversation.id,
        author: "operator",
        operator_id: input.operatorId,
        body,
        created_at: now,
      })
      .execute();
    const { member_unread } = await trx
      .updateTable("support_conversations")
      .set({ member_unread: sql`member_unread + 1`, last_message_at: now })
      .where("id", "=", conversation.id)
      .returning("member_unread")
      .executeTakeFirstOrThrow();
    await announceReply(trx, conversation.member_id, member_unread);
    await audit(trx, "support_replied", input.context, {
      memberId: conversation.member_id,
      target: { type: "support", id: String(conversation.id) },
    });
  });
}

/** Closes a conversation (the member's next message reopens it); closing a closed one changes nothing. */
export async function closeConversation(db: Database, input: SupportAct) {
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const conversation = await lockConversation(trx, input.conversationId);
    if (conversation.status === "closed") return { changed: false };
    await trx
      .updateTable("support_conversations")
      .set({ status: "closed", closed_at: now, closed_by: input.operatorId, ops_unread: 0 })
      .where("id", "=", conversation.id)
      .execute();
    await audit(trx, "support_closed", input.context, {
      memberId: conversation.member_id,
      target: { type: "support", id: String(conversation.id) },
      before: { status: conversation.status },
      after: { status: "closed" },
    });
    return { changed: true };
  });
}

/** The member's support conversation for staff (at most one), without touching its unread counts. */
export function conversationsOf(db: Database, memberId: string) {
  return db
    .selectFrom("support_conversations")
    .select(["id", "status", "ops_unread as unread", "last_message_at as lastMessageAt"])
    .where("member_id", "=", memberId)
    .execute();
}
