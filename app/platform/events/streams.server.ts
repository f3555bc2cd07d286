import { randomUUID } from "node:crypto";
import { closeEventHub, eventHubFor, type EventHub } from "./hub.server";
import {
  PROCESS_ID,
  releaseStreamLease,
  renewStreamLeases,
  takeStreamLease,
} from "./stream-leases.server";
import type { LiveEvent } from "./types";
import type { Database, DatabaseHandle } from "../db/open.server";

export interface StreamSink {
  event(event: LiveEvent): void;
  /** A heartbeat, so proxies keep the connection and the browser notices a dead one. */
  ping(): void;
  end(): void;
}

export interface StreamLimits {
  perSession: number;
  heartbeatMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { perSession: 3, heartbeatMs: 20_000 };

/** A lease outlives one missed heartbeat, not two: a killed process's streams stop counting soon. */
const leaseTtl = (limits: StreamLimits) => Math.round(limits.heartbeatMs * 2.5);

/**
 * A member's open stream. Subscribed from the moment it is opened, so what is
 * published while its replay is read waits in `queue` until the sink is
 * attached; after that an idle stream holds a sink and two closures.
 */
export class OpenStream {
  private sink: StreamSink | null = null;
  private queue: LiveEvent[] | null = [];
  private afterId = 0n;
  private closed = false;
  unsubscribe: () => void = () => undefined;
  /** Its lease's id in `event_stream_leases`. */
  readonly id = randomUUID();

  constructor(
    readonly sessionId: string,
    readonly memberId: string,
    private readonly onClose: (stream: OpenStream) => void,
  ) {}

  /** Sends `replayed` (events read from the outbox), then what queued meanwhile, then live. */
  attach(sink: StreamSink, replayed: readonly LiveEvent[] = []) {
    this.sink = sink;
    for (const event of replayed) this.send(event);
    const queued = this.queue ?? [];
    this.queue = null;
    for (const event of queued) this.send(event);
  }

  deliver(event: LiveEvent) {
    if (this.queue) this.queue.push(event);
    else this.send(event);
  }

  ping() {
    this.sink?.ping();
  }

  /** Ends the stream; `endSink` false when the response itself is closing (the client left). */
  close(endSink = true) {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    this.onClose(this);
    const sink = this.sink;
    this.sink = null;
    if (endSink) sink?.end();
  }

  private send(event: LiveEvent) {
    const id = BigInt(event.id);
    if (id <= this.afterId) return;
    this.afterId = id;
    this.sink?.event(event);
  }
}

/**
 * The process's open streams: at most `perSession` per login session across
 * every process (each stream holds a lease row, renewed with the heartbeat),
 * one timer for every stream's heartbeat and for ending streams whose session
 * is gone (signed out, expired, ended by a password change or a break).
 */
export class StreamRegistry {
  private readonly bySession = new Map<string, Set<OpenStream>>();
  /** Lease releases under way: a stop waits for them, as the database must not close under them. */
  private readonly releasing = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly hub: EventHub,
    private readonly limits: StreamLimits = DEFAULT_STREAM_LIMITS,
    private readonly processId = PROCESS_ID,
  ) {}

  get openCount() {
    let count = 0;
    for (const set of this.bySession.values()) count += set.size;
    return count;
  }

  /** A new stream for the session, or null when it already has its allowance open in any process. */
  async open(
    sessionId: string,
    memberId: string,
    topics: readonly string[],
  ): Promise<OpenStream | null> {
    const stream = new OpenStream(sessionId, memberId, (closed) => this.forget(closed));
    const leased = await takeStreamLease(this.db, {
      sessionId,
      streamId: stream.id,
      processId: this.processId,
      limit: this.limits.perSession,
      ttlMs: leaseTtl(this.limits),
    });
    if (!leased) return null;
    let set = this.bySession.get(sessionId);
    if (!set) this.bySession.set(sessionId, (set = new Set()));
    set.add(stream);
    stream.unsubscribe = this.hub.subscribe(
      [{ memberId }, ...topics.map((topic) => ({ topic }))],
      (event) => {
        stream.deliver(event);
        if (event.type === "signed_out") void this.endGoneSessions([sessionId]);
      },
    );
    this.timer ??= setInterval(() => void this.tick(), this.limits.heartbeatMs).unref();
    return stream;
  }

  /** Ends the streams of sessions that no longer exist; returns how many sessions ended. */
  async endGoneSessions(sessionIds = [...this.bySession.keys()], now = new Date()) {
    if (sessionIds.length === 0) return 0;
    const alive = await this.db
      .selectFrom("sessions")
      .select("id")
      .where("id", "in", sessionIds)
      .where("expires_at", ">", now)
      .execute();
    const aliveIds = new Set(alive.map((row) => row.id));
    let ended = 0;
    for (const sessionId of sessionIds) {
      if (aliveIds.has(sessionId)) continue;
      const streams = this.bySession.get(sessionId);
      if (!streams) continue;
      ended++;
      for (const stream of [...streams]) stream.close();
    }
    return ended;
  }

  /**
   * Ends every open stream (a graceful stop), so their responses finish and the server can
   * drain, and gives their slots back before the database closes.
   */
  async endAll() {
    for (const set of [...this.bySession.values()]) for (const stream of [...set]) stream.close();
    await Promise.allSettled([...this.releasing]);
  }

  private async tick() {
    const ids: string[] = [];
    for (const set of this.bySession.values())
      for (const stream of set) {
        stream.ping();
        ids.push(stream.id);
      }
    try {
      await renewStreamLeases(this.db, ids, leaseTtl(this.limits));
      await this.endGoneSessions();
    } catch (error) {
      console.error(`events: checking the streams' sessions failed: ${String(error)}`);
    }
  }

  private forget(stream: OpenStream) {
    const release = releaseStreamLease(this.db, stream.id)
      .catch((error: unknown) => {
        // Left behind, the lease expires on its own within two heartbeats.
        console.error(`events: releasing a stream's lease failed: ${String(error)}`);
      })
      .finally(() => this.releasing.delete(release));
    this.releasing.add(release);
    const set = this.bySession.get(stream.sessionId);
    set?.delete(stream);
    if (set?.size === 0) this.bySession.delete(stream.sessionId);
    if (this.bySession.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}

declare global {
  // Open streams outlive a module re-evaluation in development; so does their count per session.
  var __liveStreams: WeakMap<DatabaseHandle, StreamRegistry> | undefined;
}
const registries = (globalThis.__liveStreams ??= new WeakMap<DatabaseHandle, StreamRegistry>());

/** The process's stream registry over its listening hub. */
export async function liveStreamsFor(handle: DatabaseHandle): Promise<StreamRegistry> {
  const hub = await eventHubFor(handle);
  let registry = registries.get(handle);
  if (!registry) registries.set(handle, (registry = new StreamRegistry(handle.db, hub)));
  return registry;
}

/**
 * A graceful stop: ends the process's open streams (each would otherwise keep
 * its connection, and so the server, open for good) and stops the hub's LISTEN.
 */
export async function endLiveStreams(handle: DatabaseHandle) {
  await registries.get(handle)?.endAll();
  await closeEventHub(handle);
}
