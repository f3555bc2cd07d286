#!/usr/bin/env bash
# `npm run bench:missions`: loader time of /member/missions (progress, history
# and this week's leaderboard), the leaderboard alone and the member-centre
# layout (the missions badge) with BENCH_MEMBERS (100,000) members who each
# claimed two missions this week, on PGlite (a temporary directory) and on a
# throwaway PostgreSQL 15. BENCH_RUNS (30) timed calls after 3 warm-ups.
# Prints a markdown table.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/bench/loader-bench.sh
source ./scripts/bench/loader-bench.sh

loader_bench missions mission-leaderboard

node -e '
  const [a, b] = process.argv.slice(1).map((text) => JSON.parse(text));
  const f = (n) => n.toFixed(1);
  console.log("");
  console.log(a.members.toLocaleString("en-US") + " members with two claims each this week; viewer ranked " + a.viewerRank + " (setup: PGlite " + f(a.setupSeconds) + " s, PostgreSQL " + f(b.setupSeconds) + " s)");
' "$PGLITE_JSON" "$PG_JSON"
loader_table \
  "page=/member/missions (progress, history, leaderboard)" \
  "leaderboard=leaderboard alone (top 20 and own rank)" \
  "layout=member-centre layout (missions badge)"
