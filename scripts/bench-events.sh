#!/usr/bin/env bash
# `npm run bench:events`: 1,000 concurrent event streams on one process
# (BENCH_STREAMS), events published at 100/s (BENCH_RATE) for 10 s
# (BENCH_DURATION): heap per idle stream and publish → delivered latency, on
# PGlite and on a throwaway PostgreSQL 15. Prints a markdown table.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/pg-throwaway.sh
source ./scripts/pg-throwaway.sh

OUT=node_modules/.cache/bench
mkdir -p "$OUT"
npx esbuild scripts/bench/events-streams.ts --bundle --platform=node --format=esm --target=node20 \
  --alias:~=./app --packages=external --log-level=warning --outfile="$OUT/events-streams.mjs"

echo "[bench:events] PGlite (in memory)"
PGLITE_JSON="$(env -u DATABASE_URL node --expose-gc "$OUT/events-streams.mjs")"
pg_throwaway_start
echo "[bench:events] PostgreSQL 15"
PG_JSON="$(BENCH_DATABASE_URL="$(pg_throwaway_createdb bench_events)" node --expose-gc "$OUT/events-streams.mjs")"

node -e '
  const runs = process.argv.slice(1).map((text) => JSON.parse(text));
  const f = (n, d = 1) => n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  console.log("");
  console.log("| database | streams | events/s | delivered | heap per idle stream | p50 | p99 |");
  console.log("|---|---|---|---|---|---|---|");
  for (const run of runs)
    console.log("| " + run.kind + " | " + run.streams + " | " + run.rate + " | " + run.delivered + " of " + run.published + " | " + f(run.bytesPerStream / 1024) + " KB | " + f(run.p50, 2) + " ms | " + f(run.p99, 2) + " ms |");
' "$PGLITE_JSON" "$PG_JSON"
