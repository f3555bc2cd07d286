import { subscribe } from "node:diagnostics_channel";
import type { Server } from "node:http";
import type { DatabaseHandle } from "./open.server";

/** How long the drain may take before the process closes the database anyway and leaves. */
export const DRAIN_GRACE_MS = 10_000;

export interface DrainSteps {
  /** The open database; rejects when it never opened (the signal came during a failed start). */
  handle: () => Promise<DatabaseHandle>;
  /** Stops the scheduler's timer and waits for a run under way. */
  stopScheduler: () => Promise<void>;
  /** Ends the open event streams and the hub's LISTEN. */
  endStreams: (handle: DatabaseHandle) => Promise<void>;
  log: (event: string, detail: Record<string, unknown>) => void;
  graceMs?: number;
}

/**
 * The HTTP servers that have answered requests in this process, each with a
 * promise of its `close` event, which Node emits once the server was closed
 * and its last connection has ended. remix-serve keeps its server to itself;
 * Node's diagnostics channel hands it to us with the first request.
 */
const servers = new Map<Server, Promise<void>>();
let watching = false;
function watchServers() {
  if (watching) return;
  watching = true;
  subscribe("http.server.request.start", (message) => {
    const { server } = message as { server: Server };
    if (!servers.has(server))
      servers.set(server, new Promise((resolve) => server.once("close", () => resolve())));
  });
}

/**
 * The app's half of a graceful stop (ADR 25). remix-serve answers SIGTERM
 * and SIGINT with `server.close()`, which stops accepting and lets in-flight
 * requests finish, but never exits: an open PGlite or pool would keep the
 * process (PGlite even runs timers of its own), and an open event stream
 * would keep its connection, for good. So, in order: the scheduler stops, the
 * streams end, the server drains (its `close` event: the last in-flight
 * response was written), then the database closes and the process exits 0.
 * If the drain takes longer than the grace period, the database is closed
 * regardless (PGlite must not be left locked) and the exit code says so.
 */
export function drainOnSignals(steps: DrainSteps) {
  watchServers();
  let draining = false;
  const drain = async (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    const started = performance.now();
    steps.log("shutdown", { signal });
    let handle: DatabaseHandle;
    try {
      handle = await steps.handle();
    } catch {
      process.exit(1);
    }
    let closing: Promise<never> | null = null;
    const close = (forced: boolean) =>
      (closing ??= (async () => {
        await handle
          .close()
          .catch((error: unknown) => steps.log("database.close_failed", { error: String(error) }));
        steps.log("shutdown.done", { forced, ms: Math.round(performance.now() - started) });
        process.exit(forced ? 1 : 0);
      })());
    setTimeout(() => void close(true), steps.graceMs ?? DRAIN_GRACE_MS).unref();
    await steps.stopScheduler();
    await steps.endStreams(handle);
    // Connections that fall idle after close() (keep-alive between requests) would wait for their
    // keep-alive timeout; the drain closes them as soon as they do.
    const idle = setInterval(() => {
      for (const server of servers.keys()) server.closeIdleConnections();
    }, 100);
    await Promise.all(servers.values());
    clearInterval(idle);
    await close(false);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, (s) => void drain(s));
}
