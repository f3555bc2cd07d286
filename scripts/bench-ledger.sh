#!/usr/bin/env bash
# `npm run bench:ledger`: transfers per second through the platform's ledger
# (transferBetweenWallets, 8 concurrent workers, one connection each) on a
# throwaway PostgreSQL 15, next to `pgbench -b tpcb-like` with 8 clients on the
# same server in the same run: the ceiling for a transaction that updates a
# few rows and inserts one. Aim: ledger ≥ 0.5× pgbench.
# Knobs: BENCH_WORKERS (8), BENCH_DURATION (15 s), BENCH_MEMBERS (1000), PGBENCH_SCALE (8).
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/pg-throwaway.sh
source ./scripts/pg-throwaway.sh

WORKERS="${BENCH_WORKERS:-8}"
DURATION="${BENCH_DURATION:-15}"
SCALE="${PGBENCH_SCALE:-8}"
# Bundled under node_modules/.cache so the bundle's bare imports resolve to the project's packages.
BUNDLE=node_modules/.cache/bench/ledger-throughput.mjs

pg_throwaway_start
LEDGER_URL="$(pg_throwaway_createdb bench_ledger)"
PGBENCH_URL="$(pg_throwaway_createdb bench_pgbench)"

npx esbuild scripts/bench/ledger-throughput.ts --bundle --platform=node --format=esm --target=node20 \
  --alias:~=./app --packages=external --log-level=warning --outfile="$BUNDLE"

echo "[bench:ledger] pgbench -i -s $SCALE"
"$PG_BIN/pgbench" -q -i -s "$SCALE" "$PGBENCH_URL" >/dev/null 2>&1
echo "[bench:ledger] pgbench -b tpcb-like -c $WORKERS -j 2 -T $DURATION"
PGBENCH_TPS="$("$PG_BIN/pgbench" -n -b tpcb-like -c "$WORKERS" -j 2 -T "$DURATION" "$PGBENCH_URL" 2>/dev/null \
  | sed -n 's/^tps = \([0-9.]*\).*/\1/p' | tail -n 1)"

echo "[bench:ledger] ledger transfers, $WORKERS workers, ${DURATION}s"
LEDGER_JSON="$(BENCH_DATABASE_URL="$LEDGER_URL" BENCH_WORKERS="$WORKERS" BENCH_DURATION="$DURATION" node "$BUNDLE")"

node -e '
  const ledger = JSON.parse(process.argv[1]);
  const pgbench = Number(process.argv[2]);
  const ratio = ledger.tps / pgbench;
  const f = (n, d = 1) => n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  console.log("");
  console.log("| measure (PostgreSQL 15, " + ledger.workers + " concurrent clients, same server, same run) | value |");
  console.log("|---|---|");
  console.log("| `pgbench -b tpcb-like` | " + f(pgbench) + " tps |");
  console.log("| ledger transfers (`transferBetweenWallets`) | " + f(ledger.tps) + " /s (p50 " + f(ledger.p50, 2) + " ms, p99 " + f(ledger.p99, 2) + " ms) |");
  console.log("| ratio | " + f(ratio, 2) + "× — " + (ratio >= 0.5 ? "PASS" : "MISS") + " (aim ≥ 0.5×) |");
' "$LEDGER_JSON" "$PGBENCH_TPS"
