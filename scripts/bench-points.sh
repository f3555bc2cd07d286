#!/usr/bin/env bash
# `bash scripts/bench-points.sh`: the points sweep's cost per settled bet
# (scripts/bench/points-sweep.ts) on PGlite and on a throwaway PostgreSQL 15.
# Knobs: BENCH_BETS (20,000), BENCH_PLAYERS (20). Prints a markdown table.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/pg-throwaway.sh
source ./scripts/pg-throwaway.sh

# Beside node_modules, so the bundle's external packages resolve.
OUT=node_modules/.cache/bench-points
mkdir -p "$OUT"
trap 'pg_throwaway_stop' EXIT
npx esbuild scripts/bench/points-sweep.ts --bundle --platform=node --format=esm --target=node20 \
  --alias:~=./app --packages=external --log-level=warning --outfile="$OUT/points-sweep.mjs"

echo "[bench:points] PGlite (in memory)"
PGLITE_JSON="$(env -u DATABASE_URL node "$OUT/points-sweep.mjs")"
pg_throwaway_start
echo "[bench:points] PostgreSQL 15"
PG_JSON="$(BENCH_DATABASE_URL="$(pg_throwaway_createdb bench_points)" node "$OUT/points-sweep.mjs")"

node -e '
  const rows = process.argv.slice(1).map((text) => JSON.parse(text));
  const f = (n, d = 1) => n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  console.log("");
  console.log("| engine | settled bets swept | entries | sweep | per bet | empty sweep |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const [name, r] of [["PGlite", rows[0]], ["PostgreSQL 15", rows[1]]])
    console.log("| " + name + " | " + r.bets.toLocaleString("en-US") + " | " + r.entries + " | " + f(r.ms) + " ms | " + f(r.perBetMs * 1000, 1) + " µs | " + f(r.emptyMs) + " ms |");
' "$PGLITE_JSON" "$PG_JSON"
