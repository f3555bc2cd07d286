#!/usr/bin/env bash
# `npm run bench:referral`: the referral reward job (every qualified friend of
# BENCH_FRIENDS, paid through the ledger, in batches of 500 per run; then a
# run with nothing due) and /member/referral's loader for a referrer with
# BENCH_BIG_FRIENDS friends, on PGlite (a temporary directory) and on a
# throwaway PostgreSQL 15. Prints a markdown table.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/bench/loader-bench.sh
source ./scripts/bench/loader-bench.sh

loader_bench referral referral-job

node -e '
  const runs = process.argv.slice(1).map((text) => JSON.parse(text));
  const f = (n) => n.toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const [a, b] = runs;
  console.log("");
  console.log(a.paid + " rewards to pay (" + a.friends + " friends of 100 referrers and " + a.big + " of one; " + a.friends + " more still waiting)");
  console.log("");
  console.log("| measure | PGlite | PostgreSQL 15 |");
  console.log("|---|---:|---:|");
  console.log("| job: all rewards paid (" + a.runs + " runs) | " + f(a.jobSeconds) + " s (" + f(a.paid / a.jobSeconds) + "/s) | " + f(b.jobSeconds) + " s (" + f(b.paid / b.jobSeconds) + "/s) |");
  console.log("| job: a run with nothing due, p50 / p95 | " + f(a.idle.p50) + " / " + f(a.idle.p95) + " ms | " + f(b.idle.p50) + " / " + f(b.idle.p95) + " ms |");
  console.log("| /member/referral loader, p50 / p95 | " + f(a.page.p50) + " / " + f(a.page.p95) + " ms | " + f(b.page.p50) + " / " + f(b.page.p95) + " ms |");
  console.log("| portal layout loader, p50 / p95 | " + f(a.layout.p50) + " / " + f(a.layout.p95) + " ms | " + f(b.layout.p50) + " / " + f(b.layout.p95) + " ms |");
' "$PGLITE_JSON" "$PG_JSON"
