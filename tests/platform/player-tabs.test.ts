import { describe, expect, test } from "vitest";
import { postMemberMessage } from "~/platform/contact/support.server";
import { markMessagesRead, postMessage } from "~/platform/content/messages.server";
import { OPERATOR_TYPE } from "~/platform/identity/member-types";
import { playerAgency } from "~/platform/players/agency.server";
import { playerMessages } from "~/platform/players/messages.server";
import { playerProtection } from "~/platform/players/protection.server";
import { requestAgeCheck } from "~/platform/protection/age.server";
import { takeBreak } from "~/platform/protection/breaks.server";
import { setLimit } from "~/platform/protection/limits.server";
import { saveRealitySettings } from "~/platform/protection/reality.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { PNG_BYTES } from "../helpers/age";
import { insertAgent } from "../helpers/agency";
import { useSeededDatabase } from "../helpers/database";
import { insertMember } from "../helpers/wallet";

/**
 * The player page's protection, messages and agency tabs on a real database:
 * each reads the one account's own rows (never another's) through the
 * contexts' own functions, and reading changes nothing.
 */

const handle = useSeededDatabase();
const context = { ip: "203.0.113.9", userAgent: "vitest" };
const T0 = new Date("2026-11-20T10:00:00Z");
const HOUR = 3_600_000;

describe("the protection tab", () => {
  test("limits with a waiting raise, breaks with who set them, reality settings and the age check", async () => {
    const db = handle.db;
    const brand = await getBrandConfig(db);
    const member = await insertMember(db);
    const other = await insertMember(db);
    const staff = await insertMember(db, { type: OPERATOR_TYPE });
    const none = await playerProtection(db, member, brand);
    expect(none).toEqual({
      limits: [],
      breaks: [],
      reality: {
        intervalMinutes: brand.realityCheck.defaultIntervalMinutes,
        sessionLimitMinutes: null,
        chosen: false,
      },
      age: { status: "none", birthday: null, reason: null },
    });

    const limit = (memberId: string, kind: "deposit" | "loss", amount: bigint, at: Date) =>
      setLimit(db, { memberId, kind, period: "day", amount }, context, at);
    await limit(member, "loss", 5_000n, T0);
    await limit(member, "deposit", 1_000n, T0);
    // A raise waits a day, then for the member to confirm it.
    await limit(member, "deposit", 2_000n, new Date(T0.getTime() + HOUR));
    await limit(other, "deposit", 9_000n, T0);
    await takeBreak(
      db,
      { memberId: member, kind: "time_out", length: 1, source: "member", actorId: member },
      context,
      T0,
    );
    await takeBreak(
      db,
      { memberId: member, kind: "exclusion", length: 6, source: "operator", actorId: staff },
      context,
      new Date(T0.getTime() + 2 * 24 * HOUR),
    );
    await saveRealitySettings(
      db,
      member,
      { intervalMinutes: 15, sessionLimitMinutes: 45 },
      brand,
      context,
    );
    await requestAgeCheck(
      db,
      { memberId: member, birthday: "1990-05-17", document: { bytes: PNG_BYTES } },
      brand.timeZone,
      context,
    );

    const read = await playerProtection(db, member, brand);
    expect(read.limits).toEqual([
      {
        kind: "deposit",
        period: "day",
        amount: "1000",
        pending: {
          amount: "2000",
          since: new Date(T0.getTime() + HOUR).toISOString(),
          from: new Date(T0.getTime() + 25 * HOUR).toISOString(),
        },
      },
      { kind: "loss", period: "day", amount: "5000", pending: null },
    ]);
    const staffAccount = await db
      .selectFrom("members")
      .select("account")
      .where("id", "=", staff)
      .executeTakeFirstOrThrow();
    const memberAccount = await db
      .selectFrom("members")
      .select("account")
      .where("id", "=", member)
      .executeTakeFirstOrThrow();
    expect(read.breaks).toEqual([
      expect.objectContaining({
        kind: "exclusion",
        source: "operator",
        setBy: staffAccount.account,
        reopenRequestedAt: null,
      }),
      expect.objectContaining({
        kind: "time_out",
        source: "member",
        setBy: memberAccount.account,
        startsAt: T0.toISOString(),
        endsAt: new Date(T0.getTime() + 24 * HOUR).toISOString(),
      }),
    ]);
    expect(read.reality).toEqual({ intervalMinutes: 15, sessionLimitMinutes: 45, chosen: true });
    expect(read.age).toEqual({ status: "pending", birthday: "1990-05-17", reason: null });
  });
});

describe("the messages tab", () => {
  test("the inbox read and unread, the support conversation, and feedback only when asked for", async () => {
    const db = handle.db;
    const member = await insertMember(db);
    const other = await insertMember(db);
    expect(await playerMessages(db, member, { feedback: true })).toEqual({
      inbox: { rows: [], total: 0 },
      support: [],
      feedback: { rows: [], total: 0 },
    });

    await postMessage(db, member, "withdrawal_paid", { amount: "100" }, T0);
    await markMessagesRead(db, member);
    await postMessage(db, member, "deposit_arrived", { amount: "500" }, T0);
    await postMessage(db, other, "deposit_arrived", { amount: "700" }, T0);
    await postMemberMessage(db, { memberId: member, body: "Where is my deposit?", now: T0 });
    await postMemberMessage(db, { memberId: other, body: "Hello", now: T0 });
    const thread = await db
      .insertInto("feedback_threads")
      .values({
        member_id: member,
        question_type: "game",
        content: "The game froze.",
        created_at: T0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const read = await playerMessages(db, member, { feedback: true });
    expect(read.inbox.total).toBe(2);
    expect(read.inbox.rows.map((row) => [row.kind, row.read])).toEqual([
      ["deposit_arrived", false],
      ["withdrawal_paid", true],
    ]);
    expect(read.support).toEqual([
      { id: expect.any(String), status: "open", unread: 1, lastMessageAt: T0.toISOString() },
    ]);
    expect(read.feedback).toEqual({
      total: 1,
      rows: [{ id: thread.id, questionType: "game", status: "open", createdAt: T0.toISOString() }],
    });
    // Staff reading the tab leaves the member's unread, and the staff's, as they were.
    const again = await playerMessages(db, member, { feedback: false });
    expect(again.inbox.rows[0]?.read).toBe(false);
    expect(again.support[0]?.unread).toBe(1);
    expect(again.feedback).toBeNull();
  });
});

describe("the agency tab", () => {
  test("the upline to the top agent, and the direct downline a page at a time", async () => {
    const db = handle.db;
    const brand = await getBrandConfig(db);
    const top = await insertAgent(db);
    const sub = await insertAgent(db, { parentId: top });
    const member = await insertMember(db, { parentId: sub });
    const second = await insertMember(db, { parentId: sub });
    const under = await insertMember(db, { parentId: member });
    const paging = { page: 1, pageSize: 25 };

    const memberView = await playerAgency(db, member, paging, brand);
    expect(memberView.upline.map((agent) => [agent.id, agent.role, agent.depth])).toEqual([
      [sub, "agent", 1],
      [top, "agent", 2],
    ]);
    expect(memberView.downline.rows.map((row) => row.id)).toEqual([under]);

    const topView = await playerAgency(db, top, paging, brand);
    expect(topView.upline).toEqual([]);
    // Direct downlines only: the sub-agent, not the members under it.
    expect(topView.downline).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(topView.downline.rows).toEqual([
      expect.objectContaining({ id: sub, role: "agent", status: "active" }),
    ]);

    const firstPage = await playerAgency(db, sub, { page: 1, pageSize: 1 }, brand);
    expect(firstPage.downline).toMatchObject({ total: 2, page: 1, pageCount: 2 });
    const secondPage = await playerAgency(db, sub, { page: 2, pageSize: 1 }, brand);
    expect(
      new Set([...firstPage.downline.rows, ...secondPage.downline.rows].map((row) => row.id)),
    ).toEqual(new Set([member, second]));
  });
});
