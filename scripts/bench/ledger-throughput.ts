// Transfers per second through the platform's ledger service on PostgreSQL.
// Run by scripts/bench-ledger.sh (which bundles this file with esbuild and
// starts a throwaway PostgreSQL); reads BENCH_DATABASE_URL, BENCH_WORKERS (8),
// BENCH_DURATION (15 s), BENCH_MEMBERS (1000). Prints one JSON line.
import { migrateToLatest, openDatabase } from "~/platform/db/open.server";
import { confirmDeposit, createDeposit } from "~/platform/wallet/deposits.server";
import { MAIN } from "~/platform/wallet/ledger.server";
import type { WalletPolicy } from "~/platform/wallet/policy";
import { transferBetweenWallets } from "~/platform/wallet/transfers.server";

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is required");
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 15) * 1000;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);

const policy: WalletPolicy = {
  isSingle: false,
  vendorWallets: ["V1"],
  depositChannels: [{ code: "bench", kind: "embedded", min: 1, max: Number.MAX_SAFE_INTEGER }],
  withdraw: { min: 1, max: 1, dailyCount: 1 },
  autoReceiveMinutes: 60,
  payeeProviders: [],
};

async function main() {
  // One connection per worker, as pgbench's -c gives it one per client.
  const handle = await openDatabase({ kind: "postgres", url: url!, poolSize: WORKERS });
  const { db } = handle;
  await migrateToLatest(db);
  const members: string[] = [];
  for (let index = 0; index < MEMBERS; index++) {
    const row = await db
      .insertInto("members")
      .values({
        account: `bench${index}_${Date.now()}`,
        type: 0,
        password_hash: "!bench",
        profile: "{}",
        created_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const deposit = await createDeposit(
      db,
      { memberId: row.id, channel: "bench", amount: 1_000_000_000n, key: `open-${row.id}` },
      policy,
    );
    await confirmDeposit(db, deposit.id);
    // Both wallets hold money (no transfer is refused) and their accounts are cached before the clock starts.
    await transferBetweenWallets(
      db,
      { memberId: row.id, from: MAIN, to: "V1", amount: 500_000_000n, key: `warm-${row.id}` },
      policy,
    );
    members.push(row.id);
  }

  let done = 0;
  let refused = 0;
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_MS;
  let sequence = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const memberId = members[Math.floor(Math.random() * members.length)]!;
      const inbound = Math.random() < 0.5;
      const started = performance.now();
      await transferBetweenWallets(
        db,
        {
          memberId,
          from: inbound ? MAIN : "V1",
          to: inbound ? "V1" : MAIN,
          amount: 1n,
          key: `bench-${process.pid}-${sequence++}`,
        },
        policy,
      ).then(
        () => done++,
        (error: unknown) => {
          // Counted apart: a refused transfer is cheaper than a posted one and must not inflate the rate.
          if ((error as { code?: string }).code !== "insufficient_balance") throw error;
          refused++;
        },
      );
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: WORKERS }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(
    JSON.stringify({
      transfers: done,
      refused,
      seconds,
      tps: done / seconds,
      p50: at(0.5),
      p99: at(0.99),
      workers: WORKERS,
    }),
  );
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
