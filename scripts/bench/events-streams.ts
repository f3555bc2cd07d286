// The event channel (issue 16, ADR 22) on one process: BENCH_STREAMS (1,000)
// members each with an open stream of /resources/events (the route's loader,
// its Response read in process, as remix-serve would write it to a socket),
// then events published at BENCH_RATE (100/s) for BENCH_DURATION (10 s), each
// to a random member, through the database (outbox row + NOTIFY) and back
// through the listener. Measures the heap per idle stream (run with
// --expose-gc) and publish → delivered latency. BENCH_DATABASE_URL selects
// PostgreSQL; without it an in-memory PGlite. Prints one JSON line.
import { migrateToLatest, openDatabase } from "~/platform/db/open.server";
import { publishEvent } from "~/platform/events/outbox.server";
import { endLiveStreams } from "~/platform/events/streams.server";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createSession } from "~/platform/identity/sessions.server";
import { seedDemoBrand } from "~/platform/seed/seed.server";
import { loader } from "~/routes/resources+/events";
import { sessionCookieHeader } from "~/utils/session.server";

const url = process.env.BENCH_DATABASE_URL;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 10) * 1000;

const heap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

async function main() {
  const handle = url
    ? await openDatabase({ kind: "postgres", url, poolSize: 10 })
    : await openDatabase({ kind: "pglite" });
  const { db } = handle;
  await migrateToLatest(db);
  await seedDemoBrand(db);
  globalThis.__platformDatabase = Promise.resolve(handle);

  const members: { id: string; cookie: string }[] = [];
  const stamp = Date.now().toString(36);
  for (let index = 0; index < STREAMS; index++) {
    const row = await db
      .insertInto("members")
      .values({
        account: `ev${stamp}${index}`,
        type: 0,
        password_hash: "!bench",
        profile: "{}",
        created_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const session = await createSession(
      db,
      { memberId: row.id, site: "member", remember: false, ip: null, userAgent: null },
      identityPolicy(),
    );
    const header = await sessionCookieHeader(new Request("http://localhost/"), session);
    members.push({ id: row.id, cookie: header.split(";")[0]! });
  }
  // The first stream starts the process's listener; open it before measuring.
  const warm = new AbortController();
  await loader({
    request: new Request("http://localhost/resources/events", {
      headers: { Cookie: members[0]!.cookie },
      signal: warm.signal,
    }),
    params: {},
    context: {},
  });
  warm.abort();

  const latencies: number[] = [];
  const controllers: AbortController[] = [];
  const before = heap();
  for (const member of members) {
    const controller = new AbortController();
    controllers.push(controller);
    const response = await loader({
      request: new Request("http://localhost/resources/events", {
        headers: { Cookie: member.cookie },
        signal: controller.signal,
      }),
      params: {},
      context: {},
    });
    if (response.status !== 200) throw new Error(`stream refused: ${response.status}`);
    void read(response, latencies);
  }
  const after = heap();

  const started = performance.now();
  let published = 0;
  while (performance.now() - started < DURATION_MS) {
    const due = Math.floor(((performance.now() - started) / 1000) * RATE);
    for (; published < due; published++) {
      const member = members[Math.floor(Math.random() * members.length)]!;
      void publishEvent(db, {
        audience: { memberId: member.id },
        type: "balance",
        data: { main: String(performance.now()) },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const controller of controllers) controller.abort();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(
    JSON.stringify({
      kind: handle.kind,
      streams: STREAMS,
      rate: RATE,
      published,
      delivered: latencies.length,
      bytesPerStream: Math.round((after - before) / STREAMS),
      p50: at(0.5),
      p99: at(0.99),
    }),
  );
  // The streams give their slots back before the database closes under them.
  await endLiveStreams(handle);
  await handle.close();
  process.exit(0);
}

/** Reads a stream as a socket would, noting how long each balance event took to arrive. */
async function read(response: Response, latencies: number[]) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (chunk.done) return;
    const text = decoder.decode(chunk.value);
    const match = /"main":"([\d.]+)"/.exec(text);
    if (match) latencies.push(performance.now() - Number(match[1]));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
