// The graceful stop on PGlite (issue 18 part 6, ADR 25): requests in flight
// when SIGTERM arrives complete, an open event stream is ended, the process
// exits 0 within a few seconds, and a new process on the same data directory
// serves /healthz at once (PGlite was closed, not left locked).
// Run by scripts/cluster.sh; prints one JSON line, exits 1 on a failed check.
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { check, report, run } from "./checks";
import { followEvents, login } from "./http";
import { startPortal, stopPortal } from "./portals";

const PORT = Number(process.env.CLUSTER_PORT_BASE ?? 4220) + 1;
const SLOW_REQUESTS = 5;

/**
 * A login POST whose body arrives in two halves, `gapMs` apart: in flight on
 * the server (its action waits for the body) until the second half comes.
 */
function slowPost(base: string, gapMs: number): Promise<number> {
  const body = new URLSearchParams({ username: "player01", password: "Player123" }).toString();
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/login`, {
      method: "POST",
      headers: {
        Origin: base,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": Buffer.byteLength(body),
      },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), gapMs);
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "portal-graceful-"));
  const pgliteDir = join(dir, "pglite");
  try {
    const firstStarted = performance.now();
    const first = await startPortal({ name: "graceful-1", port: PORT, pgliteDir, logDir: dir });
    const firstStartMs = performance.now() - firstStarted;
    const cookie = await login(first.url, "player01", "Player123");
    check(cookie !== null, "player01 signs in");
    const stream = await followEvents(first.url, cookie!);
    check(stream.status === 200, "the event stream opens");

    const slow = Array.from({ length: SLOW_REQUESTS }, () => slowPost(first.url, 1_000));
    await sleep(300);
    const stopping = stopPortal(first);
    const statuses = await Promise.allSettled(slow);
    const stop = await stopping;
    await stream.ended;
    const answered = statuses.filter((s) => s.status === "fulfilled" && s.value < 500).length;
    check(
      answered === SLOW_REQUESTS,
      `every in-flight request answered (${answered}/${SLOW_REQUESTS})`,
    );
    check(stop.code === 0, `exit code 0 (got ${stop.code})`);
    check(stop.ms < 5_000, `stopped within 5 s (${Math.round(stop.ms)} ms)`);
    check(
      first.events.some((e) => e.event === "shutdown.done" && e.forced === false),
      "the database was closed after the drain",
    );

    const restarted = performance.now();
    const second = await startPortal({ name: "graceful-2", port: PORT, pgliteDir, logDir: dir });
    const restartMs = performance.now() - restarted;
    // Not "fast" in absolute terms (a start migrates, seeds idempotently and analyzes; the machine may be
    // busy), but not much slower than the first start on a new directory: a locked or damaged one would fail
    // or go through recovery.
    check(
      restartMs < Math.max(firstStartMs * 1.5, 10_000),
      `a restart on the same data directory serves /healthz (${Math.round(restartMs)} ms)`,
    );
    const again = await stopPortal(second);
    check(again.code === 0, "the restarted process stops cleanly too");
    report({
      test: "graceful-stop",
      inFlight: SLOW_REQUESTS,
      answered,
      stopMs: Math.round(stop.ms),
      firstStartMs: Math.round(firstStartMs),
      restartMs: Math.round(restartMs),
      shutdown: first.events.find((e) => e.event === "shutdown.done"),
    });
  } finally {
    if (process.exitCode) console.error(`logs kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

run(main);
