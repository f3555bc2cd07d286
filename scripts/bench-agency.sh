#!/usr/bin/env bash
# `npm run bench:agency`: loader time of the agent centre's team overview and
# team betting for an agent with 10,000 downline members and 1,000,000 bets
# (BENCH_TEAM, BENCH_BETS), on PGlite (a temporary directory) and on a
# throwaway PostgreSQL 15. BENCH_RUNS (15) timed calls per loader after 3
# warm-ups. Prints a markdown table.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/bench/loader-bench.sh
source ./scripts/bench/loader-bench.sh

echo "[bench:agency] building the data takes a few minutes per database"
loader_bench agency agency-loaders

node -e '
  const runs = process.argv.slice(1).map((text) => JSON.parse(text));
  const f = (n) => n.toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const rows = [
    ["overview7", "team overview, last 7 days"],
    ["overview30", "team overview, last 30 days"],
    ["betting7", "team betting, last 7 days, page 1"],
    ["betting30page50", "team betting, last 30 days, page 50"],
    ["bettingAccount", "team betting, one member (account filter)"],
  ];
  console.log("");
  console.log("Agent with " + runs[0].team.toLocaleString("en-US") + " downline members and " + runs[0].bets.toLocaleString("en-US") + " bets (setup: PGlite " + f(runs[0].setupSeconds) + " s, PostgreSQL " + f(runs[1].setupSeconds) + " s)");
  console.log("");
  console.log("| loader | PGlite p50 | PGlite p95 | PostgreSQL 15 p50 | PostgreSQL 15 p95 |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [key, name] of rows) {
    const [a, b] = runs.map((run) => run[key]);
    console.log("| " + name + " | " + f(a.p50) + " ms | " + f(a.p95) + " ms | " + f(b.p50) + " ms | " + f(b.p95) + " ms |");
  }
' "$PGLITE_JSON" "$PG_JSON"
