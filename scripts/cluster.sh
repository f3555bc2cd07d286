#!/usr/bin/env bash
# The portal as several processes (issue 18, ADR 25). Ports 4200-4299.
#
#   scripts/cluster.sh start        npm run cluster: two portal processes (production build,
#                                   remix-serve) on DATABASE_URL, or on a throwaway PostgreSQL
#                                   when none is given, behind haproxy on http://127.0.0.1:4200
#   scripts/cluster.sh test         npm run cluster:test: the graceful stop on PGlite, the two
#                                   processes' event channel, and the kill test (30 s of driving)
#   scripts/cluster.sh test-short   the same with 10 s of driving (npm test, after its build;
#                                   CLUSTER_SKIP_BUILD=1)
#
# Knobs: CLUSTER_DURATION (s of driving), CLUSTER_MEMBERS (8), CLUSTER_SKIP_BUILD=1.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/pg-throwaway.sh
source ./scripts/pg-throwaway.sh

MODE="${1:-start}"
if [ "${CLUSTER_SKIP_BUILD:-0}" != "1" ]; then
  npm run --silent build >"${TMPDIR:-/tmp}/cluster-build.log" 2>&1 || { cat "${TMPDIR:-/tmp}/cluster-build.log"; exit 1; }
fi
# Beside the build (ignored by git), where the bundles' bare imports resolve to node_modules.
OUT=build/cluster
mkdir -p "$OUT"
for script in run graceful-stop events-test kill-test; do
  npx esbuild "scripts/cluster/$script.ts" --bundle --platform=node --format=esm --target=node20 \
    --alias:~=./app --packages=external --log-level=warning --outfile="$OUT/$script.mjs"
done

# A database of its own per run, in npm test's throwaway cluster (its exported PG_THROWAWAY_PORT)
# or in one started here and removed on exit.
needs_throwaway() { [ -n "$PG_THROWAWAY_PORT" ] || pg_throwaway_start; }
fresh_database() { pg_throwaway_createdb "cluster_$1_$$"; }

case "$MODE" in
  start)
    if [ -n "${DATABASE_URL:-}" ]; then
      CLUSTER_DATABASE_URL="$DATABASE_URL" node "$OUT/run.mjs"
    else
      needs_throwaway
      CLUSTER_DATABASE_URL="$(fresh_database run)" node "$OUT/run.mjs"
    fi
    ;;
  test | test-short)
    [ "$MODE" = "test-short" ] && export CLUSTER_DURATION="${CLUSTER_DURATION:-10}"
    needs_throwaway
    # The PGlite test and the two-process test share nothing: side by side, each waits on its own starts.
    GRACEFUL_LOG="$(mktemp "${TMPDIR:-/tmp}/cluster-graceful.XXXXXX")"
    env -u DATABASE_URL CLUSTER_PORT_BASE=4220 node "$OUT/graceful-stop.mjs" >"$GRACEFUL_LOG" 2>&1 &
    GRACEFUL_PID=$!
    echo "[cluster] two processes, one event channel (PostgreSQL)"
    CLUSTER_DATABASE_URL="$(fresh_database events)" CLUSTER_PORT_BASE=4210 node "$OUT/events-test.mjs"
    GRACEFUL_STATUS=0
    wait "$GRACEFUL_PID" || GRACEFUL_STATUS=$?
    echo "[cluster] graceful stop (PGlite)"
    cat "$GRACEFUL_LOG"
    rm -f "$GRACEFUL_LOG"
    [ "$GRACEFUL_STATUS" -eq 0 ] || exit "$GRACEFUL_STATUS"
    echo "[cluster] kill test (PostgreSQL, haproxy)"
    CLUSTER_DATABASE_URL="$(fresh_database kill)" CLUSTER_PORT_BASE=4200 node "$OUT/kill-test.mjs"
    ;;
  *)
    echo "usage: scripts/cluster.sh start|test|test-short" >&2
    exit 2
    ;;
esac
