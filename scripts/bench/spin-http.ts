// Latency of a spin POST over HTTP: BENCH_PLAYERS (20) members, each with a
// launched real-money slot session, POST the demo game's spin form to a
// running production server (BENCH_BASE_URL) one after another for
// BENCH_DURATION (15 s); the server's database is BENCH_DATABASE_URL, where
// this script creates the members and their sessions first. Measures the POST
// (the action and its redirect answer), not the page that follows.
// Run by scripts/bench-spins.sh. Prints one JSON line.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { openDatabase } from "~/platform/db/open.server";
import { getBrandConfig, writeSetting } from "~/platform/system/settings.server";
import { benchPlayer, firstSlot } from "./players";

const url = process.env.BENCH_DATABASE_URL;
const base = process.env.BENCH_BASE_URL;
if (!url || !base) throw new Error("BENCH_DATABASE_URL and BENCH_BASE_URL are required");
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20);
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 15) * 1000;

async function spin(token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/demo-games/${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base!, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "spin",
      roundKey: randomBytes(12).toString("base64url"),
      stake: "100",
    }),
  });
  await response.arrayBuffer();
  if (response.status !== 302 && response.status !== 303)
    throw new Error(`spin answered ${response.status}`);
  return performance.now() - started;
}

async function main() {
  const handle = await openDatabase({ kind: "postgres", url: url!, poolSize: 2 });
  const { db } = handle;
  // The machinery's latency, not a person's pace: the brand's 2.5 s spin gap (issue 17) is lifted
  // for the bench, and the server's brand cache (STATUS_CACHE_MS, 2 s) is waited out.
  const brand = await getBrandConfig(db);
  await writeSetting(db, "brand", {
    ...brand,
    realityCheck: { ...brand.realityCheck, spinGapMs: 0 },
  });
  await sleep(2_500);
  const game = await firstSlot(db);
  const tokens: string[] = [];
  for (let index = 0; index < PLAYERS; index++)
    tokens.push((await benchPlayer(db, `httpspin${index}_${Date.now()}`, game)).token);
  await handle.close();
  // Warm-up: one spin each (seed pairs, accounts, the server's JIT).
  await Promise.all(tokens.map(spin));

  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_MS;
  const player = async (token: string) => {
    while (performance.now() < deadline) latencies.push(await spin(token));
  };
  const started = performance.now();
  await Promise.all(tokens.map(player));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(
    JSON.stringify({
      players: PLAYERS,
      spins: latencies.length,
      seconds,
      perSecond: latencies.length / seconds,
      p50: at(0.5),
      p99: at(0.99),
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
