import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activeMutes,
  deleteChatMessage,
  muteChatMember,
  recentChat,
  unmuteChatMember,
} from "~/platform/contact/chat-ops.server";
import { blockedWordIn } from "~/platform/contact/chat-rules";
import { postChatMessage, readChatRoom } from "~/platform/contact/chat.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { EventHub } from "~/platform/events/hub.server";
import type { Audience, LiveEvent } from "~/platform/events/types";
import { createTestDatabase } from "../../helpers/database";
import { insertGame } from "../../helpers/play";
import { refusal } from "../../helpers/rewards";
import { insertMember } from "../../helpers/wallet";

/**
 * Chat rooms (issue 16) on a real database: a message is stored and
 * announced to its room's topic only; the rules (length after trimming, the
 * 2-second throttle on an injected clock, the word list, trial accounts,
 * muted members until the mute ends); operator deletes and mutes, audited.
 */
let handle: DatabaseHandle;
let hub: EventHub;
let tableRoom: string;
const db = () => handle.db;
const brand = { chat: { blockedWords: ["scam", "idiot"] }, agentTypes: [1, 2], trialTypes: [4] };
const context = { ip: "203.0.113.9", userAgent: "vitest" };

beforeAll(async () => {
  handle = await createTestDatabase();
  hub = new EventHub(handle.db, handle.listen);
  await hub.start();
  await insertGame(db(), { nodeId: 7101, category: "LIVE" });
  tableRoom = "table-7101";
});
afterAll(async () => {
  await hub?.close();
  await handle?.close();
});

function collect(on: EventHub, audience: Audience) {
  const events: LiveEvent[] = [];
  const stop = on.subscribe([audience], (event) => events.push(event));
  return { events, stop };
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
const storedCount = async (memberId: string) =>
  (
    await db()
      .selectFrom("chat_messages")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow()
  ).n;

describe("posting", () => {
  it("stores a trimmed message and announces it to its room's topic only", async () => {
    const memberId = await insertMember(db());
    const room = collect(hub, { topic: `room:${tableRoom}` });
    const lobby = collect(hub, { topic: "room:lobby" });
    const mine = collect(hub, { memberId });
    const message = await postChatMessage(
      db(),
      { memberId, room: tableRoom, text: "  <b>hello</b> table  " },
      brand,
    );
    await settle();
    room.stop();
    lobby.stop();
    mine.stop();
    expect(message.text).toBe("<b>hello</b> table");
    const shown = await readChatRoom(db(), tableRoom);
    expect(shown.at(-1)).toMatchObject({ id: message.id, text: "<b>hello</b> table" });
    expect(room.events.map((event) => event.type)).toEqual(["chat_message"]);
    expect(room.events[0]!.data).toMatchObject({ id: message.id, room: tableRoom });
    expect(lobby.events).toEqual([]);
    expect(mine.events).toEqual([]);
  });

  it("refuses an unknown room", async () => {
    const memberId = await insertMember(db());
    for (const room of ["table-999999", "casino", "table-0"])
      expect(await refusal(postChatMessage(db(), { memberId, room, text: "hi" }, brand))).toEqual({
        code: "chat_room_unknown",
        details: {},
      });
  });
});

describe("the rules", () => {
  it("counts the length after trimming: 1 to 200 characters", async () => {
    const memberId = await insertMember(db());
    const post = (text: string, now: Date) =>
      postChatMessage(db(), { memberId, room: "lobby", text, now }, brand);
    expect((await refusal(post("   \n ", new Date()))).code).toBe("chat_empty");
    expect(await refusal(post("x".repeat(201), new Date()))).toEqual({
      code: "chat_too_long",
      details: { max: 200 },
    });
    await post(`  ${"x".repeat(200)}  `, new Date());
    expect(await storedCount(memberId)).toBe("1");
  });

  it("lets a member post once per 2 seconds", async () => {
    const memberId = await insertMember(db());
    const start = new Date("2026-01-01T10:00:00Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    const post = (ms: number) =>
      postChatMessage(db(), { memberId, room: "lobby", text: "hi", now: at(ms) }, brand);
    await post(0);
    expect(await refusal(post(1999))).toEqual({ code: "chat_too_fast", details: { seconds: 2 } });
    await post(2000);
    expect(await storedCount(memberId)).toBe("2");
  });

  it("refuses the brand's words as whole words in any case", async () => {
    expect(blockedWordIn("what a SCAM!", ["scam"])).toBe("scam");
    expect(blockedWordIn("scampi for dinner", ["scam"])).toBeNull();
    expect(blockedWordIn("ok", [])).toBeNull();
    const memberId = await insertMember(db());
    expect(
      await refusal(postChatMessage(db(), { memberId, room: "lobby", text: "You Idiot" }, brand)),
    ).toEqual({ code: "chat_blocked_word", details: { word: "idiot" } });
    expect(await storedCount(memberId)).toBe("0");
  });

  it("lets a trial account read but not write", async () => {
    const memberId = await insertMember(db(), { type: 4 });
    expect(
      (await refusal(postChatMessage(db(), { memberId, room: "lobby", text: "hi" }, brand))).code,
    ).toBe("chat_trial");
    expect(await storedCount(memberId)).toBe("0");
  });
});

describe("the operators", () => {
  it("mutes a member until the end of the period, audited", async () => {
    const operatorId = await insertMember(db(), { type: 9 });
    const memberId = await insertMember(db());
    const now = new Date();
    const { until } = await muteChatMember(db(), {
      memberId,
      hours: 24,
      operatorId,
      context,
      now,
    });
    expect(until.getTime() - now.getTime()).toBe(24 * 3_600_000);
    const post = (at: Date) =>
      postChatMessage(db(), { memberId, room: "lobby", text: "hi", now: at }, brand);
    expect(await refusal(post(new Date(until.getTime() - 1000)))).toEqual({
      code: "chat_muted",
      details: { until },
    });
    expect(await storedCount(memberId)).toBe("0");
    await post(until);
    expect(await storedCount(memberId)).toBe("1");
    expect((await activeMutes(db(), now)).some((mute) => mute.memberId === memberId)).toBe(true);
    expect(
      (await refusal(muteChatMember(db(), { memberId, hours: 2, operatorId, context }))).code,
    ).toBe("chat_mute_period");
    const audited = await db()
      .selectFrom("audit_log")
      .select(["detail"])
      .where("event", "=", "chat_member_muted")
      .where("member_id", "=", memberId)
      .orderBy("id")
      .execute();
    expect(audited).toHaveLength(1);
  });

  it("lifts a mute early: the member posts again at once, audited once", async () => {
    const operatorId = await insertMember(db(), { type: 9 });
    const memberId = await insertMember(db());
    await muteChatMember(db(), { memberId, hours: 168, operatorId, context });
    const post = () => postChatMessage(db(), { memberId, room: "lobby", text: "back" }, brand);
    expect((await refusal(post())).code).toBe("chat_muted");
    expect(await unmuteChatMember(db(), { memberId, operatorId, context })).toEqual({
      changed: true,
    });
    await post();
    expect(await storedCount(memberId)).toBe("1");
    expect((await activeMutes(db())).some((mute) => mute.memberId === memberId)).toBe(false);
    expect(await unmuteChatMember(db(), { memberId, operatorId, context })).toEqual({
      changed: false,
    });
    const audited = await db()
      .selectFrom("audit_log")
      .select("detail")
      .where("event", "=", "chat_member_unmuted")
      .where("member_id", "=", memberId)
      .orderBy("id")
      .execute();
    expect(audited).toHaveLength(1);
  });

  it("deletes a message: gone from the room, announced, audited, once", async () => {
    const operatorId = await insertMember(db(), { type: 9 });
    const memberId = await insertMember(db());
    const message = await postChatMessage(
      db(),
      { memberId, room: tableRoom, text: "delete me" },
      brand,
    );
    const room = collect(hub, { topic: `room:${tableRoom}` });
    expect(await deleteChatMessage(db(), { messageId: message.id, operatorId, context })).toEqual({
      changed: true,
    });
    expect(await deleteChatMessage(db(), { messageId: message.id, operatorId, context })).toEqual({
      changed: false,
    });
    await settle();
    room.stop();
    // The post's own notification may still arrive after the subscription: count the deletions.
    const deletions = room.events.filter((event) => event.type === "chat_deleted");
    expect(deletions.map((event) => [event.type, event.data])).toEqual([
      ["chat_deleted", { id: message.id, room: tableRoom }],
    ]);
    expect((await readChatRoom(db(), tableRoom)).some((shown) => shown.id === message.id)).toBe(
      false,
    );
    const recent = await recentChat(db());
    const listed = recent.find((entry) => entry.room === tableRoom)!.messages;
    expect(listed.find((shown) => shown.id === message.id)?.deleted).toBe(true);
    const audited = await db()
      .selectFrom("audit_log")
      .select("id")
      .where("event", "=", "chat_message_deleted")
      .where("member_id", "=", memberId)
      .orderBy("id")
      .execute();
    expect(audited).toHaveLength(1);
    expect(
      (await refusal(deleteChatMessage(db(), { messageId: "987654321", operatorId, context })))
        .code,
    ).toBe("chat_message_not_found");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two processes on one PostgreSQL", () => {
  it("a room message posted through one process reaches a listener on the other", async () => {
    expect(handle.kind).toBe("postgres");
    const processB = new EventHub(handle.db, handle.listen);
    await processB.start();
    try {
      const memberId = await insertMember(db());
      const arriving = new Promise<LiveEvent>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no event within 1 s")), 1000);
        const stop = processB.subscribe([{ topic: "room:lobby" }], (event) => {
          if (event.type !== "chat_message") return;
          clearTimeout(timer);
          stop();
          resolve(event);
        });
      });
      const message = await postChatMessage(
        db(),
        { memberId, room: "lobby", text: "from A" },
        brand,
      );
      expect((await arriving).data).toMatchObject({ id: message.id, text: "from A" });
    } finally {
      await processB.close();
    }
  });
});
