import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/platform/db/open.server";
import { eventHubFor } from "~/platform/events/hub.server";
import { endLiveStreams, liveStreamsFor } from "~/platform/events/streams.server";
import { createTestDatabase } from "../../helpers/database";
import { insertSession } from "../../helpers/missions";
import { insertMember } from "../../helpers/wallet";

/**
 * The event channel's part of a graceful stop (ADR 25): every open stream is
 * ended (or the server could never finish draining) and the hub stops.
 */
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe("ending the live streams for a stop", () => {
  it("ends every open stream of every session and leaves the hub without subscribers", async () => {
    const streams = await liveStreamsFor(handle);
    const hub = await eventHubFor(handle);
    const memberId = await insertMember(handle.db);
    await insertSession(handle.db, memberId, new Date());
    await insertSession(handle.db, memberId, new Date());
    const [s1, s2] = await handle.db
      .selectFrom("sessions")
      .select("id")
      .where("member_id", "=", memberId)
      .execute();
    let ended = 0;
    const sink = { event: () => undefined, ping: () => undefined, end: () => void ended++ };
    for (const session of [s1!, s1!, s2!]) {
      const stream = await streams.open(session.id, memberId, ["lottery"]);
      stream!.attach(sink);
    }
    expect(streams.openCount).toBe(3);

    await endLiveStreams(handle);

    expect(ended).toBe(3);
    expect(streams.openCount).toBe(0);
    expect(hub.subscriberCount).toBe(0);
  });
});
