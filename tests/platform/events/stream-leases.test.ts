import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { EventHub } from "~/platform/events/hub.server";
import { takeStreamLease } from "~/platform/events/stream-leases.server";
import { StreamRegistry } from "~/platform/events/streams.server";
import { createTestDatabase } from "../../helpers/database";
import { insertSession } from "../../helpers/missions";
import { insertMember } from "../../helpers/wallet";

/**
 * "At most 3 open streams a session" across processes (issue 16): every
 * stream holds a lease row, so two registries on one database (two portal
 * processes) share the allowance; a killed process's leases stop counting
 * when they expire; two openers racing for the last slot cannot both win.
 */
let handle: DatabaseHandle;
let hub: EventHub;
const db = () => handle.db;
const TTL = 50_000;

beforeAll(async () => {
  handle = await createTestDatabase({ poolSize: 8 });
  hub = new EventHub(handle.db, handle.listen);
  await hub.start();
});
afterAll(async () => {
  await hub?.close();
  await handle?.close();
});

async function newSession() {
  const memberId = await insertMember(db());
  await insertSession(db(), memberId, new Date());
  const row = await db()
    .selectFrom("sessions")
    .select("id")
    .where("member_id", "=", memberId)
    .executeTakeFirstOrThrow();
  return { sessionId: row.id, memberId };
}

const lease = (sessionId: string, processId = "p1", now?: Date) =>
  takeStreamLease(db(), {
    sessionId,
    streamId: randomUUID(),
    processId,
    limit: 3,
    ttlMs: TTL,
    now,
  });

const leaseCount = async (sessionId: string) =>
  (
    await db()
      .selectFrom("event_stream_leases")
      .select("stream_id")
      .where("session_id", "=", sessionId)
      .execute()
  ).length;

describe("stream leases", () => {
  it("counts a session's streams in every process: a fourth is refused wherever it opens", async () => {
    const { sessionId, memberId } = await newSession();
    const a = new StreamRegistry(db(), hub, undefined, "process-a");
    const b = new StreamRegistry(db(), hub, undefined, "process-b");
    const first = await a.open(sessionId, memberId, []);
    const second = await a.open(sessionId, memberId, []);
    const third = await b.open(sessionId, memberId, []);
    expect([first, second, third].every((stream) => stream !== null)).toBe(true);
    expect(await b.open(sessionId, memberId, [])).toBeNull();
    expect(await a.open(sessionId, memberId, [])).toBeNull();
    // A closed stream frees its slot for the other process.
    first!.close();
    await expect.poll(() => leaseCount(sessionId)).toBe(2);
    const again = await b.open(sessionId, memberId, []);
    expect(again).not.toBeNull();
    for (const stream of [second, third, again]) stream!.close();
    await expect.poll(() => leaseCount(sessionId)).toBe(0);
  });

  it("lets a killed process's leases stop counting once they expire", async () => {
    const { sessionId } = await newSession();
    const then = new Date();
    for (let i = 0; i < 3; i++) expect(await lease(sessionId, "killed", then)).toBe(true);
    expect(await lease(sessionId, "alive", new Date(then.getTime() + TTL - 1000))).toBe(false);
    expect(await lease(sessionId, "alive", new Date(then.getTime() + TTL + 1))).toBe(true);
    expect(await leaseCount(sessionId)).toBe(1);
  });

  it("refuses a lease for a session that no longer exists", async () => {
    expect(await lease("999999999")).toBe(false);
  });

  it("two concurrent openers race for the last slot: exactly one wins", async () => {
    const { sessionId } = await newSession();
    expect(await lease(sessionId)).toBe(true);
    expect(await lease(sessionId)).toBe(true);
    const race = () => Promise.all(["a", "b"].map((process) => lease(sessionId, process)));
    let results: boolean[];
    if (process.env.TEST_DATABASE_URL) {
      // On PostgreSQL, hold the leases table so both openers are inside their transactions
      // before either may write: only the session's row lock can then keep them apart.
      results = await db()
        .connection()
        .execute(async (connection) => {
          await sql`begin`.execute(connection);
          await sql`lock table event_stream_leases in share mode`.execute(connection);
          const racing = race();
          await new Promise((resolve) => setTimeout(resolve, 300));
          await sql`commit`.execute(connection);
          return racing;
        });
    } else {
      results = await race();
    }
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await leaseCount(sessionId)).toBe(3);
  });
});
