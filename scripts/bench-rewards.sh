#!/usr/bin/env bash
# `npm run bench:rewards`: loader time of the reward centre (its three tabs),
# /promotions (member and visitor) and the portal layout (the header's
# unclaimed count) for a member who joined 40 of 60 extra promotions
# (BENCH_PROMOTIONS, BENCH_JOINED), on PGlite (a temporary directory) and on
# a throwaway PostgreSQL 15. BENCH_RUNS (30) timed calls per loader after 3
# warm-ups. Prints a markdown table.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/pg-throwaway.sh
source ./scripts/pg-throwaway.sh

OUT=node_modules/.cache/bench
mkdir -p "$OUT"
npx esbuild scripts/bench/reward-loaders.ts --bundle --platform=node --format=esm --target=node20 \
  --alias:~=./app --packages=external --jsx=automatic --log-level=warning --outfile="$OUT/reward-loaders.mjs"

echo "[bench:rewards] PGlite (temporary directory)"
PGLITE_JSON="$(env -u DATABASE_URL node "$OUT/reward-loaders.mjs")"

pg_throwaway_start
trap 'pg_throwaway_stop' EXIT
echo "[bench:rewards] PostgreSQL 15"
PG_JSON="$(BENCH_DATABASE_URL="$(pg_throwaway_createdb bench_rewards)" node "$OUT/reward-loaders.mjs")"

node -e '
  const runs = process.argv.slice(1).map((text) => JSON.parse(text));
  const f = (n) => n.toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const rows = [
    ["available", "/member/rewards (available)"],
    ["progress", "/member/rewards?tab=progress"],
    ["history", "/member/rewards?tab=history"],
    ["promotionsMember", "/promotions, a member"],
    ["promotionsVisitor", "/promotions, a visitor"],
    ["layout", "portal layout (header, unclaimed count)"],
  ];
  console.log("");
  console.log("Member who joined " + runs[0].joined + " of " + runs[0].promotions + " extra promotions (setup: PGlite " + f(runs[0].setupSeconds) + " s, PostgreSQL " + f(runs[1].setupSeconds) + " s)");
  console.log("");
  console.log("| loader | PGlite p50 | PGlite p95 | PostgreSQL 15 p50 | PostgreSQL 15 p95 |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [key, name] of rows) {
    const [a, b] = runs.map((run) => run[key]);
    console.log("| " + name + " | " + f(a.p50) + " ms | " + f(a.p95) + " ms | " + f(b.p50) + " ms | " + f(b.p95) + " ms |");
  }
' "$PGLITE_JSON" "$PG_JSON"
