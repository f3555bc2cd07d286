import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveCsEntry } from "~/platform/contact/cs-entries.server";
import { supportHoursAt } from "~/platform/contact/support-hours";
import {
  closeConversation,
  opsConversation,
  opsSupportUnread,
  replyToConversation,
  supportQueue,
} from "~/platform/contact/support-ops.server";
import {
  memberConversation,
  memberSupportUnread,
  postMemberMessage,
} from "~/platform/contact/support.server";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { decryptCsPath, encryptCsPath } from "~/platform/system/cs-cipher";
import { createTestDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";

/**
 * Customer service (issue 16) against a real database: the encrypted
 * targets, service hours on the brand's clock, and a support conversation
 * from the member's first message to the operator's reply, read and close.
 */
let handle: DatabaseHandle;
const db = () => handle.db;
const KEY = "11".repeat(32);
const context = { ip: "203.0.113.9", userAgent: "vitest" };

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle?.close());

const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof PlatformError) return error.code;
    throw error;
  }
  return null;
};

describe("customer-service targets", () => {
  it("round-trips, and a changed byte or another key is refused", () => {
    const sealed = encryptCsPath("https://cs.example/chat?x=1", KEY);
    expect(sealed).not.toContain("cs.example");
    expect(decryptCsPath(sealed, KEY)).toBe("https://cs.example/chat?x=1");
    const [v, iv, body, tag] = sealed.split(".");
    const flipped = body!.startsWith("A") ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(decryptCsPath([v, iv, flipped, tag].join("."), KEY)).toBeNull();
    expect(decryptCsPath(sealed, "22".repeat(32))).toBeNull();
    expect(decryptCsPath("https://cs.example/chat", KEY)).toBeNull();
  });

  it("follows only http(s) targets; SUPPORT leads to the member's page", () => {
    const entries = [
      { csType: "SUPPORT", label: "Chat" },
      { csType: "LIVECHAT", label: "Live", path: encryptCsPath("https://cs.example/", KEY) },
      { csType: "EVIL", label: "Evil", path: encryptCsPath("javascript:alert(1)", KEY) },
      { csType: "DATA", label: "Data", path: encryptCsPath("data:text/html,x", KEY) },
    ];
    expect(resolveCsEntry(entries, "LIVECHAT", KEY)).toEqual({
      kind: "redirect",
      url: "https://cs.example/",
    });
    expect(resolveCsEntry(entries, "SUPPORT", KEY)).toEqual({
      kind: "redirect",
      url: "/member/support",
    });
    expect(resolveCsEntry(entries, "EVIL", KEY)).toEqual({ kind: "refused" });
    expect(resolveCsEntry(entries, "DATA", KEY)).toEqual({ kind: "refused" });
    expect(resolveCsEntry(entries, "NOPE", KEY)).toEqual({ kind: "unknown" });
  });
});

describe("service hours", () => {
  const hours = { days: [1, 2, 3, 4, 5], from: "09:00", to: "21:00" };
  it("reads the brand's wall clock, not the server's", () => {
    // Monday 2026-11-23 03:30 UTC is 08:30 in Karachi (UTC+5): closed until 09:00 there.
    const early = supportHoursAt(hours, "Asia/Karachi", new Date("2026-11-23T03:30:00Z"));
    expect(early).toEqual({ open: false, opensAt: new Date("2026-11-23T04:00:00Z") });
    expect(supportHoursAt(hours, "Asia/Karachi", new Date("2026-11-23T04:00:00Z")).open).toBe(true);
    // The same instant is 03:30 in UTC, still closed; 16:00 UTC is 21:00 in Karachi: closed.
    expect(supportHoursAt(hours, "UTC", new Date("2026-11-23T03:30:00Z")).open).toBe(false);
    expect(supportHoursAt(hours, "Asia/Karachi", new Date("2026-11-23T16:00:00Z")).open).toBe(
      false,
    );
  });
  it("after Friday's close the next opening is Monday's", () => {
    // Friday 2026-11-27 22:00 Karachi.
    const friday = supportHoursAt(hours, "Asia/Karachi", new Date("2026-11-27T17:00:00Z"));
    expect(friday.opensAt).toEqual(new Date("2026-11-30T04:00:00Z"));
  });
});

describe("a support conversation", () => {
  it("member → operator reply → member unread, announced to that member only → read", async () => {
    const member = await insertMember(db());
    const other = await insertMember(db());
    const operator = await insertMember(db());
    const t0 = new Date("2026-11-23T10:00:00Z");
    const conversationId = await postMemberMessage(db(), {
      memberId: member,
      body: "  Where is my deposit?  ",
      now: t0,
    });
    await postMemberMessage(db(), { memberId: other, body: "Hello", now: t0 });
    const queue = await supportQueue(db());
    expect(queue.find((row) => row.id === conversationId)?.unread).toBe(1);
    expect(
      (await supportQueue(db(), { waitingOnly: true })).some((row) => row.id === conversationId),
    ).toBe(true);
    expect(await opsSupportUnread(db())).toBeGreaterThanOrEqual(2);

    const seen = await opsConversation(db(), conversationId);
    expect(seen?.messages.map((message) => message.body)).toEqual(["Where is my deposit?"]);
    expect((await supportQueue(db())).find((row) => row.id === conversationId)?.unread).toBe(0);

    const before = await db()
      .selectFrom("event_outbox")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirstOrThrow();
    await replyToConversation(db(), {
      conversationId,
      operatorId: operator,
      context,
      body: "It is on its way",
    });
    const events = await db()
      .selectFrom("event_outbox")
      .selectAll()
      .where("id", ">", String(before.id ?? 0))
      .execute();
    expect(events.map((event) => [event.member_id, event.type])).toEqual([
      [member, "support_message"],
    ]);
    // Answered, it no longer waits for staff; it stays among the open ones.
    const waiting = await supportQueue(db(), { waitingOnly: true });
    expect(waiting.some((row) => row.id === conversationId)).toBe(false);
    expect((await supportQueue(db())).some((row) => row.id === conversationId)).toBe(true);
    expect(await memberSupportUnread(db(), member)).toBe(1);
    expect(await memberSupportUnread(db(), other)).toBe(0);

    const read = await memberConversation(db(), member);
    expect(read.messages.map((message) => message.author)).toEqual(["member", "operator"]);
    expect(await memberSupportUnread(db(), member)).toBe(0);
    const audited = await db()
      .selectFrom("audit_log")
      .select("event")
      .where("event", "=", "support_replied")
      .orderBy("id")
      .execute();
    expect(audited.length).toBe(1);
  });

  it("throttles to one message per 2 s, closes, and the member's next message reopens it", async () => {
    const member = await insertMember(db());
    const operator = await insertMember(db());
    const t0 = new Date("2026-11-23T11:00:00Z");
    const id = await postMemberMessage(db(), { memberId: member, body: "one", now: t0 });
    expect(
      await codeOf(
        postMemberMessage(db(), {
          memberId: member,
          body: "two",
          now: new Date(t0.getTime() + 1999),
        }),
      ),
    ).toBe("support_throttled");
    expect(
      await closeConversation(db(), { conversationId: id, operatorId: operator, context }),
    ).toEqual({ changed: true });
    expect(
      await codeOf(
        replyToConversation(db(), { conversationId: id, operatorId: operator, context, body: "x" }),
      ),
    ).toBe("support_closed");
    expect((await supportQueue(db())).some((row) => row.id === id)).toBe(false);
    await postMemberMessage(db(), {
      memberId: member,
      body: "three",
      now: new Date(t0.getTime() + 2000),
    });
    expect((await memberConversation(db(), member)).status).toBe("open");
  });

  it("refuses empty and over-long messages and unknown conversations, storing nothing", async () => {
    const member = await insertMember(db());
    expect(await codeOf(postMemberMessage(db(), { memberId: member, body: "   " }))).toBe(
      "support_message_required",
    );
    expect(
      await codeOf(postMemberMessage(db(), { memberId: member, body: "x".repeat(1001) })),
    ).toBe("support_message_too_long");
    expect((await memberConversation(db(), member)).status).toBe("new");
    expect(await opsConversation(db(), "99999999")).toBeNull();
    expect(await opsConversation(db(), "1 or 1=1")).toBeNull();
  });
});
