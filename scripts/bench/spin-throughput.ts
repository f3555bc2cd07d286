// Spins per second of the demo slot through the seamless wallet: every spin is
// a real-money round of `playRound` (seed nonce, engine, game_rounds row,
// seamless debit + credit, ledger entries, bets row), played by BENCH_PLAYERS
// (20) members at once, each spinning one after another like a player does.
// Run by scripts/bench-spins.sh (bundled with esbuild). BENCH_DATABASE_URL
// selects PostgreSQL; without it an in-memory PGlite. BENCH_DURATION (15 s).
// BENCH_UPLINE=1 puts every player under one sub-agent of one top agent, so
// each spin also writes the two uplines' agent rollup rows of the day (the
// hot rows every team member shares, ADR 0026).
// Prints one JSON line.
import { randomBytes } from "node:crypto";
import { migrateToLatest, openDatabase, type Database } from "~/platform/db/open.server";
import { playRound } from "~/platform/play/demo/rounds.server";
import { findGameSession, type GameSession } from "~/platform/play/game-sessions.server";
import { seedDemoBrand } from "~/platform/seed/seed.server";
import { benchPlayer, firstSlot } from "./players";

const url = process.env.BENCH_DATABASE_URL;
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 20);
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 15) * 1000;
const STAKE = 100n;

/** The machinery's throughput, not a person's pace: no 2.5 s spin gap (issue 17). */
const NO_PACE = { spinGapMs: 0 };

/** A top agent and a sub-agent under it; returns the sub-agent. */
async function benchUpline(db: Database) {
  let parent: string | null = null;
  for (const [type, name] of [
    [1, "top"],
    [2, "sub"],
  ] as const) {
    const row: { id: string } = await db
      .insertInto("members")
      .values({
        account: `spin${name}_${Date.now()}`,
        type,
        parent_id: parent,
        password_hash: "!bench",
        profile: "{}",
        created_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    parent = row.id;
  }
  return parent;
}

async function main() {
  const handle = url
    ? await openDatabase({ kind: "postgres", url, poolSize: PLAYERS })
    : await openDatabase({ kind: "pglite" });
  const { db } = handle;
  await migrateToLatest(db);
  await seedDemoBrand(db);
  const game = await firstSlot(db);
  const sessions: GameSession[] = [];
  const upline = process.env.BENCH_UPLINE === "1" ? await benchUpline(db) : null;
  for (let index = 0; index < PLAYERS; index++) {
    const { token } = await benchPlayer(db, `spin${index}_${Date.now()}`, game, upline);
    const session = (await findGameSession(db, token))!;
    // One spin before the clock starts: the seed pair and the accounts exist, as they do for a player in a game.
    await playRound(
      db,
      session,
      { roundKey: randomBytes(12).toString("base64url"), stake: STAKE },
      NO_PACE,
    );
    sessions.push(session);
  }

  let spins = 0;
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_MS;
  const player = async (session: GameSession) => {
    while (performance.now() < deadline) {
      const started = performance.now();
      await playRound(
        db,
        session,
        { roundKey: randomBytes(12).toString("base64url"), stake: STAKE },
        NO_PACE,
      );
      latencies.push(performance.now() - started);
      spins++;
    }
  };
  const started = performance.now();
  await Promise.all(sessions.map(player));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(
    JSON.stringify({
      database: url ? "postgresql" : "pglite",
      players: PLAYERS,
      spins,
      seconds,
      perSecond: spins / seconds,
      p50: at(0.5),
      p99: at(0.99),
    }),
  );
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
