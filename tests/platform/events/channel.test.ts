import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { EventHub } from "~/platform/events/hub.server";
import {
  OUTBOX_KEEP_MS,
  publishEvent,
  pruneOutbox,
  replayEvents,
} from "~/platform/events/outbox.server";
import type { Audience, LiveEvent } from "~/platform/events/types";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import { createTestDatabase } from "../../helpers/database";
import { formKey, insertMember, testWalletPolicy } from "../../helpers/wallet";

/**
 * The event channel (issue 16, ADR 22) on a real database: an event goes out
 * only when its transaction commits, only to its own member's subscribers,
 * is replayed after an id from the outbox, and is pruned after the window.
 */
let handle: DatabaseHandle;
let hub: EventHub;
const db = () => handle.db;

beforeAll(async () => {
  handle = await createTestDatabase();
  hub = new EventHub(handle.db, handle.listen);
  await hub.start();
});
afterAll(async () => {
  await hub?.close();
  await handle?.close();
});

/** Events for `audience` on `on` during `ms`. */
function collect(on: EventHub, audience: Audience) {
  const events: LiveEvent[] = [];
  const stop = on.subscribe([audience], (event) => events.push(event));
  return { events, stop };
}

/** Resolves with the first event for `audience` on `on`, or rejects after `ms`. */
function nextEvent(on: EventHub, audience: Audience, ms = 1000): Promise<LiveEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no event within ${ms} ms`));
    }, ms);
    const stop = on.subscribe([audience], (event) => {
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

describe("publishing in the transaction", () => {
  it("announces nothing when the transaction rolls back", async () => {
    const seen = collect(hub, { memberId: "900001" });
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await publishEvent(trx, {
            audience: { memberId: "900001" },
            type: "balance",
            data: { main: "100" },
          });
          throw new Error("the change failed");
        }),
    ).rejects.toThrow("the change failed");
    await settle();
    seen.stop();
    expect(seen.events).toEqual([]);
    const stored = await db()
      .selectFrom("event_outbox")
      .select("id")
      .where("member_id", "=", "900001")
      .execute();
    expect(stored).toEqual([]);
  });

  it("delivers a committed event to its member's subscriber and not to another member's", async () => {
    const other = collect(hub, { memberId: "900003" });
    const arriving = nextEvent(hub, { memberId: "900002" });
    await db()
      .transaction()
      .execute((trx) =>
        publishEvent(trx, {
          audience: { memberId: "900002" },
          type: "deposit",
          data: { status: "credited", amount: "50000" },
        }),
      );
    const event = await arriving;
    expect(event).toMatchObject({
      audience: { memberId: "900002" },
      type: "deposit",
      data: { status: "credited", amount: "50000" },
    });
    await settle();
    other.stop();
    expect(other.events).toEqual([]);
  });

  it("announces a confirmed deposit: its balance, the deposit and the message, in that order", async () => {
    const memberId = await insertMember(db());
    const seen = collect(hub, { memberId });
    const deposit = await createDeposit(
      db(),
      { memberId, channel: "demo-pay", amount: 50_000n, key: formKey() },
      testWalletPolicy(),
    );
    await confirmDeposit(db(), deposit.id);
    await settle();
    seen.stop();
    expect(seen.events.map((event) => [event.type, event.data])).toEqual([
      ["balance", { main: "50000" }],
      ["deposit", { status: "credited", amount: "50000" }],
      ["message", { kind: "deposit_arrived", unread: 1 }],
    ]);
  });
});

describe("the outbox", () => {
  it("replays a member's and the topics' events after an id, and nobody else's", async () => {
    const publish = (audience: Audience) =>
      publishEvent(db(), { audience, type: "announcement", data: { id: "1" } });
    await publish({ memberId: "910001" });
    const [first] = await db()
      .selectFrom("event_outbox")
      .select("id")
      .where("member_id", "=", "910001")
      .execute();
    await publish({ memberId: "910002" });
    await publish({ topic: "lottery" });
    await publish({ memberId: "910001" });
    await publish({ topic: "room:9" });
    const replayed = await replayEvents(db(), first!.id, {
      memberId: "910001",
      topics: ["lottery"],
    });
    expect(replayed?.map((event) => event.audience)).toEqual([
      { topic: "lottery" },
      { memberId: "910001" },
    ]);
  });

  it("prunes events past the replay window, and then asks an old id to revalidate", async () => {
    const now = new Date();
    const [oldest] = await db().selectFrom("event_outbox").select("id").orderBy("id").execute();
    expect(await pruneOutbox(db(), new Date(now.getTime() + OUTBOX_KEEP_MS - 60_000))).toBe(0);
    await publishEvent(db(), {
      audience: { memberId: "920001" },
      type: "balance",
      data: { main: null },
    });
    await db()
      .updateTable("event_outbox")
      .set({ created_at: new Date(now.getTime() - OUTBOX_KEEP_MS - 60_000) })
      .where((eb) => eb.or([eb("member_id", "is", null), eb("member_id", "!=", "920001")]))
      .execute();
    expect(await pruneOutbox(db(), now)).toBeGreaterThan(0);
    const left = await db().selectFrom("event_outbox").select("member_id").execute();
    expect(left).toEqual([{ member_id: "920001" }]);
    expect(await replayEvents(db(), oldest!.id, { memberId: "920001", topics: [] })).toBeNull();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two processes on one PostgreSQL", () => {
  it("an event published through one process reaches a stream on the other within 1 s", async () => {
    expect(handle.kind).toBe("postgres");
    // Each hub LISTENs on its own dedicated connection, as each portal process does.
    const processB = new EventHub(handle.db, handle.listen);
    await processB.start();
    try {
      const started = performance.now();
      const arriving = nextEvent(processB, { memberId: "930001" }, 1000);
      await publishEvent(db(), {
        audience: { memberId: "930001" },
        type: "withdrawal",
        data: { status: "approved", amount: "1000" },
      });
      expect((await arriving).type).toBe("withdrawal");
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await processB.close();
    }
  });
});
