// What the loader benches share: p50/p95/max of BENCH_RUNS timed calls after 3 warm-ups,
// the database they build, and calls to a route's loader as a signed-in member.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type DatabaseHandle } from "~/platform/db/open.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createSession, type Site } from "~/platform/identity/sessions.server";
import { sessionCookieHeader } from "~/utils/session.server";

export async function timeRuns(run: () => Promise<unknown>, runs: number) {
  for (let n = 0; n < 3; n++) await run();
  const samples: number[] = [];
  for (let n = 0; n < runs; n++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: samples[samples.length - 1]! };
}

/** The bench's database: PostgreSQL at BENCH_DATABASE_URL, else PGlite in a temporary directory (removed by `close`). */
export async function benchDatabase(name: string) {
  const url = process.env.BENCH_DATABASE_URL;
  const dir = url ? null : mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const handle = url
    ? await openDatabase({ kind: "postgres", url, poolSize: 4 })
    : await openDatabase({ kind: "pglite", dataDir: dir! });
  return {
    handle,
    engine: url ? "postgresql" : "pglite",
    close: async () => {
      await handle.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Serves the routes from `handle` and signs `memberId` in on `site`: returns a
 * maker of timed calls to a route's loader with that session's Request.
 */
export async function signedInLoaders(handle: DatabaseHandle, memberId: string, site: Site) {
  globalThis.__platformDatabase = Promise.resolve(handle);
  const session = await createSession(
    handle.db,
    { memberId, site, remember: false, ip: null, userAgent: null },
    identityPolicy(),
  );
  const cookie = (await sessionCookieHeader(new Request("http://localhost/"), session)).split(
    ";",
  )[0]!;
  return (loader: (args: never) => Promise<Response>, path: string, signedIn = true) =>
    async () => {
      const response = await loader({
        request: new Request(`http://localhost${path}`, {
          headers: signedIn ? { Cookie: cookie } : {},
        }),
        params: {},
        context: {},
      } as never);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      await response.text();
    };
}
