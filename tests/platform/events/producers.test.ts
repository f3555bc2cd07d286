import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventHub } from "~/platform/events/hub.server";
import { latestEventId } from "~/platform/events/outbox.server";
import type { LiveEvent } from "~/platform/events/types";
import { deleteOtherSessions } from "~/platform/identity/sessions.server";
import { takeBreak } from "~/platform/protection/breaks.server";
import { useSeededDatabase } from "../../helpers/database";
import { withdrawalIn, withdrawingMember } from "../../helpers/withdrawals";

/**
 * The producers' hooks (issue 16): a withdrawal's decisions, a break and a
 * password change each announce themselves to the member, from the platform
 * function that makes the change.
 */
let hub: EventHub;
const seeded = useSeededDatabase((handle) => {
  hub = new EventHub(handle.db, handle.listen);
});
beforeAll(() => hub.start());
afterAll(() => hub.close());

/** The member's events published by `change` (a notification of the setup may still arrive late). */
async function eventsOf(memberId: string, change: () => Promise<unknown>) {
  const before = BigInt(await latestEventId(seeded.db));
  const events: LiveEvent[] = [];
  const stop = hub.subscribe([{ memberId }], (event) => events.push(event));
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
