import { describe, expect, test } from "vitest";
import type { Database } from "~/platform/db/open.server";
import { OPS_QUEUES, opsQueueCounts, type OpsQueue } from "~/platform/system/ops-queues.server";
import { rejectWithdrawal } from "~/platform/wallet/withdrawals.server";
import { useSeededDatabase } from "../../helpers/database";
import { insertMember } from "../../helpers/wallet";
import { operatorId, TINY_PNG, withdrawalIn, withdrawingMember } from "../../helpers/withdrawals";

/**
 * The staff home's counts against a real database: each queue counts the items
 * in its waiting states and dates the longest-waiting one; handled items (dated
 * before anything waiting, so they would be the oldest if they were read) are
 * neither counted nor dated; only the queues asked for are read.
 */
const handle = useSeededDatabase();

/** Waiting items are dated in 2000, handled ones in 1990: older than anything the seed has. */
const at = (day: string, time = "00:00") => new Date(`${day}T${time}:00Z`);
const HANDLED = at("1990-01-01");

const countsOf = async (db: Database) =>
  new Map((await opsQueueCounts(db, OPS_QUEUES)).map((row) => [row.queue, row]));

async function backdate(db: Database, id: string, values: { created_at: Date; decided_at?: Date }) {
  await db.updateTable("withdrawals").set(values).where("id", "=", id).execute();
}

async function addWithdrawals(db: Database) {
  const member = await withdrawingMember(db);
  const first = await withdrawalIn(db, member, 10_000n, "pending");
  await backdate(db, first, { created_at: at("2000-01-01") });
  await withdrawalIn(db, member, 11_000n, "pending");
  const approved = await withdrawalIn(db, member, 12_000n, "approved");
  await backdate(db, approved, { created_at: HANDLED, decided_at: at("2000-01-02") });
  const paid = await withdrawalIn(db, member, 13_000n, "paid");
  const rejected = await withdrawalIn(db, member, 14_000n, "pending");
  await rejectWithdrawal(
    db,
    rejected,
    { operatorId: await operatorId(db), context: { ip: null, userAgent: null } },
    "test",
  );
  for (const id of [paid, rejected])
    await backdate(db, id, { created_at: HANDLED, decided_at: HANDLED });
}

async function addAgeChecks(db: Database) {
  const check = (status: "pending" | "verified" | "rejected", created: Date) =>
    insertMember(db).then((memberId) =>
      db
        .insertInto("age_checks")
        .values({
          member_id: memberId,
          birthday: "1990-05-05",
          content_type: "image/png",
          size: TINY_PNG.byteLength,
          bytes: Buffer.from(TINY_PNG),
          status,
          reason: status === "rejected" ? "blurred" : null,
          created_at: created,
          decided_at: status === "pending" ? null : created,
        })
        .execute(),
    );
  await check("pending", at("2000-01-03"));
  await check("verified", HANDLED);
  await check("rejected", HANDLED);
}

async function addFeedback(db: Database) {
  const memberId = await insertMember(db);
  const thread = (status: "open" | "answered" | "closed", created: Date) =>
    db
      .insertInto("feedback_threads")
      .values({
        member_id: memberId,
        question_type: "other",
        content: "Where is my bonus please",
        status,
        created_at: created,
        answered_at: status === "open" ? null : created,
        closed_at: status === "closed" ? created : null,
      })
      .execute();
  await thread("open", at("2000-01-04"));
  await thread("answered", HANDLED);
  await thread("closed", HANDLED);
}

async function addSupport(db: Database) {
  const operator = await operatorId(db);
  /** A conversation of one new member: its messages in order, then its status. */
  const conversation = async (
    messages: { author: "member" | "operator"; at: Date }[],
    closed = false,
  ) => {
    const memberId = await insertMember(db);
    const last = messages.at(-1)!.at;
    const lastMember = messages.filter((message) => message.author === "member").at(-1)?.at;
    const { id } = await db
      .insertInto("support_conversations")
      .values({
        member_id: memberId,
        status: closed ? "closed" : "open",
        last_member_message_at: lastMember ?? null,
        last_message_at: last,
        closed_at: closed ? last : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const message of messages)
      await db
        .insertInto("support_messages")
        .values({
          conversation_id: id,
          author: message.author,
          operator_id: message.author === "operator" ? operator : null,
          body: "hello",
          created_at: message.at,
        })
        .execute();
  };
  // Two member messages unanswered: waiting since the first.
  await conversation([
    { author: "member", at: at("2000-01-05", "10:00") },
    { author: "member", at: at("2000-01-05", "11:00") },
  ]);
  // Answered, then the member wrote again: waiting since that message only.
  await conversation([
    { author: "member", at: HANDLED },
    { author: "operator", at: at("1990-01-02") },
    { author: "member", at: at("2000-01-06") },
  ]);
  // The operators had the last word; a closed conversation.
  await conversation([
    { author: "member", at: HANDLED },
    { author: "operator", at: at("1990-01-02") },
  ]);
  await conversation([{ author: "member", at: HANDLED }], true);
}

async function addApplications(db: Database) {
  const promotion = await db
    .selectFrom("promotions")
    .select("id")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const entry = async (state: "applying" | "rejected" | "joined", created: Date) =>
    db
      .insertInto("promotion_entries")
      .values({
        promotion_id: promotion.id,
        member_id: await insertMember(db),
        period_key: "once",
        state,
        reject_reason: state === "rejected" ? "not eligible" : null,
        created_at: created,
        updated_at: created,
      })
      .execute();
  await entry("applying", at("2000-01-07"));
  await entry("rejected", HANDLED);
  await entry("joined", HANDLED);
}

async function addRedemptions(db: Database) {
  const item = await db.selectFrom("mall_items").select("id").executeTakeFirstOrThrow();
  const entry = await db.selectFrom("entries").select("id").executeTakeFirstOrThrow();
  const memberId = await insertMember(db);
  const redemption = (status: "process" | "approved" | "rejected" | "complete", created: Date) =>
    db
      .insertInto("redemptions")
      .values({
        member_id: memberId,
        item_id: item.id,
        quantity: 1,
        points: "100",
        status,
        form_key: `${status}-${created.getTime()}`,
        spend_entry_id: entry.id,
        created_at: created,
        decided_at: status === "process" ? null : created,
      })
      .execute();
  await redemption("process", at("2000-01-09"));
  await redemption("approved", at("2000-01-08"));
  await redemption("rejected", HANDLED);
  await redemption("complete", HANDLED);
}

async function addAdjustments(db: Database) {
  const memberId = await insertMember(db);
  const staffId = await operatorId(db);
  const adjustment = (status: "pending" | "rejected", requested: Date) =>
    db
      .insertInto("manual_adjustments")
      .values({
        member_id: memberId,
        direction: "credit",
        amount: "500000",
        reason: "goodwill",
        note: "queue test",
        request_key: `queue-${status}-${requested.getTime()}`,
        needs_approval: true,
        status,
        requested_by: staffId,
        requested_at: requested,
        decided_by: status === "pending" ? null : memberId,
        decided_at: status === "pending" ? null : requested,
      })
      .execute();
  await adjustment("pending", at("2000-01-10"));
  await adjustment("rejected", HANDLED);
}

describe("opsQueueCounts", () => {
  test("counts what waits in each queue and dates the oldest; handled items are not counted", async () => {
    const db = handle.db;
    const before = await countsOf(db);
    await addWithdrawals(db);
    await addAgeChecks(db);
    await addFeedback(db);
    await addSupport(db);
    await addApplications(db);
    await addRedemptions(db);
    await addAdjustments(db);
    const after = await countsOf(db);
    const expected: Record<OpsQueue, { added: number; oldestAt: Date }> = {
      withdrawals_pending: { added: 2, oldestAt: at("2000-01-01") },
      withdrawals_approved: { added: 1, oldestAt: at("2000-01-02") },
      age_checks: { added: 1, oldestAt: at("2000-01-03") },
      feedback: { added: 1, oldestAt: at("2000-01-04") },
      support: { added: 2, oldestAt: at("2000-01-05", "10:00") },
      promotion_applications: { added: 1, oldestAt: at("2000-01-07") },
      points_redemptions: { added: 2, oldestAt: at("2000-01-08") },
      adjustments: { added: 1, oldestAt: at("2000-01-10") },
    };
    for (const queue of OPS_QUEUES) {
      expect(after.get(queue)!.count - before.get(queue)!.count, queue).toBe(expected[queue].added);
      expect(after.get(queue)!.oldestAt, queue).toEqual(expected[queue].oldestAt);
    }
  });

  test("reads only the queues asked for, in the catalogue's order; an empty queue has no oldest", async () => {
    const db = handle.db;
    expect(await opsQueueCounts(db, [])).toEqual([]);
    const asked = await opsQueueCounts(db, ["feedback", "age_checks"]);
    expect(asked.map((row) => row.queue)).toEqual(["age_checks", "feedback"]);
    await db
      .updateTable("age_checks")
      .set({ status: "verified", decided_at: new Date() })
      .where("status", "=", "pending")
      .execute();
    expect(await opsQueueCounts(db, ["age_checks"])).toEqual([
      { queue: "age_checks", count: 0, oldestAt: null },
    ]);
  });
});
