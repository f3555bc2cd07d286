#!/usr/bin/env bash
# `npm run bench:rewards`: loader time of the reward centre (its three tabs),
# /promotions (member and visitor) and the portal layout (the header's
# unclaimed count) for a member who joined 40 of 60 extra promotions
# (BENCH_PROMOTIONS, BENCH_JOINED), on PGlite (a temporary directory) and on
# a throwaway PostgreSQL 15. BENCH_RUNS (30) timed calls per loader after 3
# warm-ups. Prints a markdown table.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/bench/loader-bench.sh
source ./scripts/bench/loader-bench.sh

loader_bench rewards reward-loaders

node -e '
  const [a, b] = process.argv.slice(1).map((text) => JSON.parse(text));
  const f = (n) => n.toFixed(1);
  console.log("");
  console.log("Member who joined " + a.joined + " of " + a.promotions + " extra promotions (setup: PGlite " + f(a.setupSeconds) + " s, PostgreSQL " + f(b.setupSeconds) + " s)");
' "$PGLITE_JSON" "$PG_JSON"
loader_table \
  "available=/member/rewards (available)" \
  "progress=/member/rewards?tab=progress" \
  "history=/member/rewards?tab=history" \
  "promotionsMember=/promotions, a member" \
  "promotionsVisitor=/promotions, a visitor" \
  "layout=portal layout (header, unclaimed count)"
