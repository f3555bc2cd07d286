import { maskCustomerName } from "../catalog/winners.server";
import type { Database } from "../db/open.server";
import { inTransaction } from "../db/transaction.server";
import { PlatformError } from "../errors";
import {
  blockedWordIn,
  CHAT_GAP_MS,
  CHAT_MAX_CHARS,
  CHAT_PAGE,
  isRoomName,
  LOBBY_ROOM,
  roomNodeId,
  roomTopic,
} from "./chat-rules";
import { publishEvent } from "../events/outbox.server";
import { roleOf, type TypeSets } from "../identity/member-types";
import type { BrandConfig } from "../system/brand-config.server";

export interface ChatMessage {
  id: string;
  room: string;
  author: string;
  text: string;
  at: Date;
}

/** What others see of a member: the nickname they chose, else the masked account. */
export const chatAuthor = (member: { account: string; nickname: string | null }) =>
  member.nickname?.trim() || maskCustomerName(member.account);

export interface ChatRoom {
  room: string;
  /** The table's game (the lobby has none), named in `language` when the catalog has it. */
  table: { nodeId: number; name: string; category: string } | null;
}

/** A room that exists: the lobby, or a live table or PVP room of the catalog; null otherwise. */
export async function findChatRoom(
  db: Database,
  room: string,
  language = "en",
): Promise<ChatRoom | null> {
  if (!isRoomName(room)) return null;
  if (room === LOBBY_ROOM) return { room, table: null };
  const game = await db
    .selectFrom("games")
    .select(["node_id", "name", "names", "category"])
    .where("node_id", "=", roomNodeId(room)!)
    .where("category", "in", ["LIVE", "PVP"])
    .executeTakeFirst();
  if (!game) return null;
  const names = (typeof game.names === "string" ? JSON.parse(game.names) : game.names) as Record<
    string,
    string
  > | null;
  return {
    room,
    table: { nodeId: game.node_id, name: names?.[language] ?? game.name, category: game.category },
  };
}

/** A room's latest messages that are not deleted, oldest first. */
export async function readChatRoom(
  db: Database,
  room: string,
  limit = CHAT_PAGE,
): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom("chat_messages as c")
    .innerJoin("members as m", "m.id", "c.member_id")
    .select(["c.id", "c.room", "c.body", "c.created_at", "m.account", "m.nickname"])
    .where("c.room", "=", room)
    .where("c.deleted_at", "is", null)
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({
    id: row.id,
    room: row.room,
    author: chatAuthor(row),
    text: row.body,
    at: new Date(row.created_at),
  }));
}

/** Until when a member is muted, or null. */
export async function mutedUntil(db: Database, memberId: string, now = new Date()) {
  const mute = await db
    .selectFrom("chat_mutes")
    .select("until")
    .where("member_id", "=", memberId)
    .where("until", ">", now)
    .executeTakeFirst();
  return mute ? new Date(mute.until) : null;
}

/** The text as stored: trimmed, 1–200 characters, no blocked word. */
export function checkChatText(text: string, blockedWords: readonly string[]) {
  const body = text.trim();
  if (!body) throw new PlatformError("chat_empty");
  if ([...body].length > CHAT_MAX_CHARS)
    throw new PlatformError("chat_too_long", { max: CHAT_MAX_CHARS });
  const word = blockedWordIn(body, blockedWords);
  if (word) throw new PlatformError("chat_blocked_word", { word });
  return body;
}

export interface NewChatMessage {
  memberId: string;
  room: string;
  text: string;
  /** The clock: tests move it to check the throttle. */
  now?: Date;
}

/**
 * Posts a message to a room and announces it to the room's topic in the same
 * transaction. The text is stored as typed (trimmed); it is text wherever it
 * is shown. Throws `chat_empty`, `chat_too_long` (max), `chat_blocked_word`
 * (word), `chat_room_unknown`, `chat_trial` (free-play accounts read only),
 * `chat_muted` (until) and `chat_too_fast` (one message per 2 s, counted
 * under a lock on the member so two posts at once cannot both pass).
 */
export async function postChatMessage(
  db: Database,
  input: NewChatMessage,
  brand: Pick<BrandConfig, "chat"> & TypeSets,
): Promise<ChatMessage> {
  const body = checkChatText(input.text, brand.chat.blockedWords);
  if (!(await findChatRoom(db, input.room))) throw new PlatformError("chat_room_unknown");
  const now = input.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const member = await trx
      .selectFrom("members")
      .select(["id", "account", "nickname", "type"])
      .where("id", "=", input.memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (roleOf(member.type, brand) === "trial") throw new PlatformError("chat_trial");
    const until = await mutedUntil(trx, member.id, now);
    if (until) throw new PlatformError("chat_muted", { until });
    const recent = await trx
      .selectFrom("chat_messages")
      .select("id")
      .where("member_id", "=", member.id)
      .where("created_at", ">", new Date(now.getTime() - CHAT_GAP_MS))
      .executeTakeFirst();
    if (recent) throw new PlatformError("chat_too_fast", { seconds: CHAT_GAP_MS / 1000 });
    const row = await trx
      .insertInto("chat_messages")
      .values({ room: input.room, member_id: member.id, body, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const message = {
      id: row.id,
      room: input.room,
      author: chatAuthor(member),
      text: body,
      at: now,
    };
    await publishEvent(trx, {
      audience: { topic: roomTopic(input.room) },
      type: "chat_message",
      data: { ...message, at: now.toISOString() },
    });
    return message;
  });
}
