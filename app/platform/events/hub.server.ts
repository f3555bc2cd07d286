import { EVENT_CHANNEL, eventsAfter, latestEventId, readEvents } from "./outbox.server";
import type { Audience, LiveEvent } from "./types";
import type { Listen } from "../db/listen.server";
import type { Database, DatabaseHandle } from "../db/open.server";

export type Deliver = (event: LiveEvent) => void;

export const audienceKey = (audience: Audience) =>
  "memberId" in audience ? `m:${audience.memberId}` : `t:${audience.topic}`;

/** Ids already delivered, so a catch-up after a reconnect does not send an event twice. */
const REMEMBERED_IDS = 2000;

/**
 * One listener per process (ADR 22): LISTENs on the event channel, reads the
 * rows a batch of notifications names, and hands each event to the streams of
 * its member or topic, in memory. Every process has its own, so an event
 * published anywhere reaches members connected anywhere.
 */
export class EventHub {
  private readonly subscribers = new Map<string, Set<Deliver>>();
  private readonly pending = new Set<string>();
  private readonly delivered = new Set<string>();
  private lastSeen = "0";
  private flushing: Promise<void> | null = null;
  private started: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly listen: Listen,
  ) {}

  /** Starts listening (once); resolves when notifications are being received. */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.lastSeen = await latestEventId(this.db);
      this.stopListening = await this.listen(
        EVENT_CHANNEL,
        (id) => this.notified(id),
        () => void this.catchUp(),
      );
    })();
    return this.started;
  }

  /** Delivers events for any of `audiences` to `deliver` until the returned function is called. */
  subscribe(audiences: readonly Audience[], deliver: Deliver): () => void {
    const keys = audiences.map(audienceKey);
    for (const key of keys) {
      let set = this.subscribers.get(key);
      if (!set) this.subscribers.set(key, (set = new Set()));
      set.add(deliver);
    }
    return () => {
      for (const key of keys) {
        const set = this.subscribers.get(key);
        set?.delete(deliver);
        if (set?.size === 0) this.subscribers.delete(key);
      }
    };
  }

  get subscriberCount() {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  async close() {
    this.closed = true;
    await this.stopListening?.();
    this.subscribers.clear();
  }

  private notified(id: string) {
    if (this.closed) return;
    this.pending.add(id);
    // Notifications that arrive while a read is running wait for it and go in the next batch.
    this.flushing ??= this.flush().finally(() => {
      this.flushing = null;
      if (this.pending.size > 0) this.notified([...this.pending][0]!);
    });
  }

  private async flush() {
    await Promise.resolve();
    const ids = [...this.pending];
    this.pending.clear();
    try {
      for (const event of await readEvents(this.db, ids)) this.dispatch(event);
    } catch (error) {
      // A read still running when the database closed (shutdown, a test's teardown) has no one to tell.
      if (!this.closed)
        console.error(`events: reading ${ids.length} notified events failed: ${String(error)}`);
    }
  }

  /** After a lost connection: whatever was committed since the last event seen. */
  private async catchUp() {
    try {
      for (const event of await eventsAfter(this.db, this.lastSeen)) this.dispatch(event);
    } catch (error) {
      if (!this.closed)
        console.error(`events: catching up after a reconnect failed: ${String(error)}`);
    }
  }

  private dispatch(event: LiveEvent) {
    if (this.delivered.has(event.id)) return;
    this.delivered.add(event.id);
    if (this.delivered.size > REMEMBERED_IDS) {
      this.delivered.delete(this.delivered.values().next().value!);
    }
    if (BigInt(event.id) > BigInt(this.lastSeen)) this.lastSeen = event.id;
    const set = this.subscribers.get(audienceKey(event.audience));
    if (!set) return;
    for (const deliver of [...set]) {
      try {
        deliver(event);
      } catch (error) {
        console.error(`events: a subscriber failed on ${event.type}: ${String(error)}`);
      }
    }
  }
}

declare global {
  // Like the database handle, survives module re-evaluation in development: one LISTEN per process.
  var __eventHubs: WeakMap<DatabaseHandle, EventHub> | undefined;
}
const hubs = (globalThis.__eventHubs ??= new WeakMap<DatabaseHandle, EventHub>());

/** The process's hub for an opened database, listening. */
export async function eventHubFor(handle: DatabaseHandle): Promise<EventHub> {
  let hub = hubs.get(handle);
  if (!hub) hubs.set(handle, (hub = new EventHub(handle.db, handle.listen)));
  await hub.start();
  return hub;
}

/** A graceful stop: the process's hub stops listening (on PostgreSQL its dedicated client would keep the process alive). */
export async function closeEventHub(handle: DatabaseHandle) {
  await hubs.get(handle)?.close();
}
