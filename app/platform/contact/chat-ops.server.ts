import { roomTopic } from "./chat-rules";
import { audit, type AuditContext } from "../audit/audit.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import { publishEvent } from "../events/outbox.server";

/** How long an operator may mute a member for (hours): 1 h, 24 h, 7 days. */
export const MUTE_HOURS = [1, 24, 168] as const;
export type MuteHours = (typeof MUTE_HOURS)[number];
export const isMuteHours = (hours: number): hours is MuteHours =>
  (MUTE_HOURS as readonly number[]).includes(hours);

const ID = /^\d{1,18}$/;

export interface OperatorChatAct {
  operatorId: string;
  context: AuditContext;
  now?: Date;
}

/** The rooms with messages, busiest-latest first, each with its newest messages (deleted ones too). */
export async function recentChat(db: Database, { perRoom = 20, rooms = 10 } = {}) {
  const active = await db
    .selectFrom("chat_messages")
    .select(["room", (eb) => eb.fn.max("id").as("latest")])
    .groupBy("room")
    .orderBy("latest", "desc")
    .limit(rooms)
    .execute();
  return Promise.all(
    active.map(async ({ room }) => ({
      room,
      messages: (
        await db
          .selectFrom("chat_messages as c")
          .innerJoin("members as m", "m.id", "c.member_id")
          .select(["c.id", "c.member_id", "m.account", "c.body", "c.created_at", "c.deleted_at"])
          .where("c.room", "=", room)
          .orderBy("c.id", "desc")
          .limit(perRoom)
          .execute()
      ).map((row) => ({
        id: row.id,
        memberId: row.member_id,
        account: row.account,
        text: row.body,
        at: new Date(row.created_at),
        deleted: row.deleted_at !== null,
      })),
    })),
  );
}

/** Members muted now, with until when. */
export async function activeMutes(db: Database, now = new Date()) {
  const rows = await db
    .selectFrom("chat_mutes as u")
    .innerJoin("members as m", "m.id", "u.member_id")
    .select(["u.member_id", "m.account", "u.until"])
    .where("u.until", ">", now)
    .orderBy("u.until")
    .execute();
  return rows.map((row) => ({
    memberId: row.member_id,
    account: row.account,
    until: new Date(row.until),
  }));
}

/**
 * Deletes a message (kept, marked with who and when), tells the room's open
 * pages to drop it and audits it, in one transaction. Deleting a deleted one
 * changes nothing. Throws `chat_message_not_found`.
 */
export async function deleteChatMessage(
  db: Database,
  input: OperatorChatAct & { messageId: string },
) {
  if (!ID.test(input.messageId)) throw new PlatformError("chat_message_not_found");
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const message = await trx
      .selectFrom("chat_messages")
      .select(["id", "room", "member_id", "deleted_at"])
      .where("id", "=", input.messageId)
      .forUpdate()
      .executeTakeFirst();
    if (!message) throw new PlatformError("chat_message_not_found");
    if (message.deleted_at !== null) return { changed: false };
    await trx
      .updateTable("chat_messages")
      .set({ deleted_at: now, deleted_by: input.operatorId })
      .where("id", "=", message.id)
      .execute();
    await publishEvent(trx, {
      audience: { topic: roomTopic(message.room) },
      type: "chat_deleted",
      data: { id: message.id, room: message.room },
    });
    await audit(trx, "chat_message_deleted", input.context, {
      memberId: message.member_id,
      target: { type: "chat_message", id: String(message.id) },
      detail: { room: message.room },
    });
    return { changed: true };
  });
}

/**
 * Mutes a member in every room for 1 h, 24 h or 7 days from now (a new mute
 * replaces the old one), audited. Throws `chat_mute_period`, `chat_member_not_found`.
 */
export async function muteChatMember(
  db: Database,
  input: OperatorChatAct & { memberId: string; hours: number },
) {
  if (!isMuteHours(input.hours)) throw new PlatformError("chat_mute_period");
  if (!ID.test(input.memberId)) throw new PlatformError("chat_member_not_found");
  const now = input.now ?? new Date();
  const until = new Date(now.getTime() + input.hours * 3_600_000);
  return inTransaction(db, async (trx) => {
    const member = await trx
      .selectFrom("members")
      .select("id")
      .where("id", "=", input.memberId)
      .executeTakeFirst();
    if (!member) throw new PlatformError("chat_member_not_found");
    await trx
      .insertInto("chat_mutes")
      .values({ member_id: member.id, until, muted_by: input.operatorId, created_at: now })
      .onConflict((oc) =>
        oc.column("member_id").doUpdateSet({ until, muted_by: input.operatorId, created_at: now }),
      )
      .execute();
    await audit(trx, "chat_member_muted", input.context, {
      memberId: member.id,
      target: { type: "member", id: member.id },
      after: { mutedUntil: until.toISOString() },
      detail: { hours: input.hours },
    });
    return { until };
  });
}

/**
 * Lifts a member's mute before its end, so they may post again at once;
 * audited. Lifting a mute that has ended or never was changes nothing.
 * Throws `chat_member_not_found`.
 */
export async function unmuteChatMember(
  db: Database,
  input: OperatorChatAct & { memberId: string },
) {
  if (!ID.test(input.memberId)) throw new PlatformError("chat_member_not_found");
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const lifted = await trx
      .deleteFrom("chat_mutes")
      .where("member_id", "=", input.memberId)
      .where("until", ">", now)
      .returning("until")
      .executeTakeFirst();
    if (!lifted) return { changed: false };
    await audit(trx, "chat_member_unmuted", input.context, {
      memberId: input.memberId,
      target: { type: "member", id: input.memberId },
      before: { mutedUntil: new Date(lifted.until).toISOString() },
      after: { mutedUntil: null },
    });
    return { changed: true };
  });
}
