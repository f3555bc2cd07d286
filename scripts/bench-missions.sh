#!/usr/bin/env bash
# `npm run bench:missions`: loader time of /member/missions (progress, history
# and this week's leaderboard), the leaderboard alone and the member-centre
# layout (the missions badge) with BENCH_MEMBERS (100,000) members who each
# claimed two missions this week, on PGlite (a temporary directory) and on a
# throwaway PostgreSQL 15. BENCH_RUNS (30) timed calls after 3 warm-ups.
# Prints a markdown table.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/pg-throwaway.sh
source ./scripts/pg-throwaway.sh

OUT=node_modules/.cache/bench
mkdir -p "$OUT"
npx esbuild scripts/bench/mission-leaderboard.ts --bundle --platform=node --format=esm --target=node20 \
  --alias:~=./app --packages=external --jsx=automatic --log-level=warning --outfile="$OUT/mission-leaderboard.mjs"

echo "[bench:missions] PGlite (temporary directory)"
PGLITE_JSON="$(env -u DATABASE_URL node "$OUT/mission-leaderboard.mjs")"

pg_throwaway_start
trap 'pg_throwaway_stop' EXIT
echo "[bench:missions] PostgreSQL 15"
PG_JSON="$(BENCH_DATABASE_URL="$(pg_throwaway_createdb bench_missions)" node "$OUT/mission-leaderboard.mjs")"

node -e '
  const runs = process.argv.slice(1).map((text) => JSON.parse(text));
  const f = (n) => n.toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const rows = [
    ["page", "/member/missions (progress, history, leaderboard)"],
    ["leaderboard", "leaderboard alone (top 20 and own rank)"],
    ["layout", "member-centre layout (missions badge)"],
  ];
  console.log("");
  console.log(runs[0].members.toLocaleString("en-US") + " members with two claims each this week; viewer ranked " + runs[0].viewerRank + " (setup: PGlite " + f(runs[0].setupSeconds) + " s, PostgreSQL " + f(runs[1].setupSeconds) + " s)");
  console.log("");
  console.log("| loader | PGlite p50 | PGlite p95 | PostgreSQL 15 p50 | PostgreSQL 15 p95 |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [key, name] of rows) {
    const [a, b] = runs.map((run) => run[key]);
    console.log("| " + name + " | " + f(a.p50) + " ms | " + f(a.p95) + " ms | " + f(b.p50) + " ms | " + f(b.p95) + " ms |");
  }
' "$PGLITE_JSON" "$PG_JSON"
