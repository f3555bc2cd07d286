import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerFeedback, closeFeedback } from "~/platform/contact/feedback-ops.server";
import { createFeedback } from "~/platform/contact/feedback.server";
import { EventHub } from "~/platform/events/hub.server";
import { latestEventId } from "~/platform/events/outbox.server";
import type { Audience, LiveEvent } from "~/platform/events/types";
import { deleteOtherSessions } from "~/platform/identity/sessions.server";
import { decideAgeCheck, requestAgeCheck } from "~/platform/protection/age.server";
import { takeBreak } from "~/platform/protection/breaks.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { PNG_BYTES } from "../../helpers/age";
import { useSeededDatabase } from "../../helpers/database";
import {
  operatorId as operatorIdOf,
  withdrawalIn,
  withdrawingMember,
} from "../../helpers/withdrawals";

/**
 * The producers' hooks (issue 16): a withdrawal's decisions, a break and a
 * password change each announce themselves to the member, and what joins or
 * leaves a staff queue to the operators' `ops:queues` topic, from the platform
 * function that makes the change.
 */
let hub: EventHub;
const seeded = useSeededDatabase((handle) => {
  hub = new EventHub(handle.db, handle.listen);
});
beforeAll(() => hub.start());
afterAll(() => hub.close());

/** The member's (or a topic's) events published by `change` (a notification of the setup may still arrive late). */
async function eventsOf(
  memberId: string,
  change: () => Promise<unknown>,
  audience: Audience = { memberId },
) {
  const before = BigInt(await latestEventId(seeded.db));
  const events: LiveEvent[] = [];
  const stop = hub.subscribe([audience], (event) => events.push(event));
  await change();
  await new Promise((resolve) => setTimeout(resolve, 300));
  stop();
  return events
    .filter((event) => BigInt(event.id) > before)
    .map((event) => [event.type, event.data]);
}

describe("producers", () => {
  it("announces a withdrawal approved and paid, and the balance it moved", async () => {
    const member = await withdrawingMember(seeded.db);
    const events = await eventsOf(member.memberId, () =>
      withdrawalIn(seeded.db, member, 20_000n, "paid"),
    );
    expect(events).toEqual([
      ["balance", { main: "980000" }],
      ["withdrawal", { status: "approved", amount: "20000" }],
      ["message", { kind: "withdrawal_approved", unread: 2 }],
      ["withdrawal", { status: "paid", amount: "20000" }],
      ["message", { kind: "withdrawal_paid", unread: 3 }],
    ]);
  });

  it("tells the operators' queues topic of a withdrawal requested, approved and paid, and of a feedback", async () => {
    const member = await withdrawingMember(seeded.db);
    const queues = { topic: "ops:queues" };
    const withdrawals = { queue: "withdrawals" };
    expect(
      await eventsOf(
        member.memberId,
        () => withdrawalIn(seeded.db, member, 20_000n, "paid"),
        queues,
      ),
    ).toEqual([
      ["ops_queue", withdrawals],
      ["ops_queue", withdrawals],
      ["ops_queue", withdrawals],
    ]);
    const brand = await getBrandConfig(seeded.db);
    expect(
      await eventsOf(
        member.memberId,
        () =>
          createFeedback(
            seeded.db,
            {
              memberId: member.memberId,
              questionType: "deposit",
              content: "My deposit of this morning has not arrived yet",
              images: [],
            },
            brand.feedback,
          ),
        queues,
      ),
    ).toEqual([["ops_queue", { queue: "feedback" }]]);
  });

  it("tells the operators' queues topic of a staff decision too: an age check, a feedback answered and closed", async () => {
    const db = seeded.db;
    const member = await withdrawingMember(db, { balance: 0n });
    const queues = { topic: "ops:queues" };
    const context = { ip: "203.0.113.9", userAgent: "vitest" };
    const operatorId = await operatorIdOf(db);
    await requestAgeCheck(
      db,
      { memberId: member.memberId, birthday: "1990-01-01", document: { bytes: PNG_BYTES } },
      "UTC",
      context,
    );
    const check = await db
      .selectFrom("age_checks")
      .select("id")
      .where("member_id", "=", member.memberId)
      .executeTakeFirstOrThrow();
    expect(
      await eventsOf(
        member.memberId,
        () =>
          decideAgeCheck(
            db,
            { checkId: check.id, operatorId, decision: { verify: true } },
            context,
          ),
        queues,
      ),
    ).toEqual([["ops_queue", { queue: "age_checks" }]]);

    const brand = await getBrandConfig(db);
    const threadId = await createFeedback(
      db,
      {
        memberId: member.memberId,
        questionType: "deposit",
        content: "Where is my deposit of this morning, please?",
        images: [],
      },
      brand.feedback,
    );
    const act = { threadId, operatorId, context };
    expect(
      await eventsOf(
        member.memberId,
        async () => {
          await answerFeedback(db, { ...act, body: "It arrived at noon." });
          await closeFeedback(db, act);
        },
        queues,
      ),
    ).toEqual([
      ["ops_queue", { queue: "feedback" }],
      ["ops_queue", { queue: "feedback" }],
    ]);
  });

  it("tells the member's streams that their sessions ended on a break and on a password change", async () => {
    const member = await withdrawingMember(seeded.db, { balance: 0n });
    const context = { ip: "203.0.113.9", userAgent: "vitest" };
    expect(
      await eventsOf(member.memberId, () => deleteOtherSessions(seeded.db, member.memberId)),
    ).toEqual([["signed_out", { reason: "password_changed" }]]);
    expect(
      await eventsOf(member.memberId, () =>
        takeBreak(
          seeded.db,
          {
            memberId: member.memberId,
            kind: "time_out",
            length: 1,
            source: "member",
            actorId: member.memberId,
          },
          context,
        ),
      ),
    ).toEqual([["signed_out", { reason: "break" }]]);
  });
});
