#!/usr/bin/env bash
# The one test command (`npm test`). Fails fast, in this order:
#
#   1. typecheck                 npx tsc
#   2. lint                      npm run lint's two parts, ESLint (layer rule) and Prettier's check,
#                                each started alongside tsc (three single-threaded jobs on 2 cores)
#   3. production build          npm run build (tests/server/route-matching-build.test.ts serves it)
#   4. unit + platform (PGlite)  npx vitest run
#   5. throwaway PostgreSQL 15   scripts/pg-throwaway.sh (temp dir, free port, removed on exit)
#   6. database suites on        TEST_DATABASE_URL=… npx vitest run <the tests/platform files that
#      PostgreSQL                open a database, i.e. import tests/helpers/database>
#  6b. cluster, beside 6        scripts/cluster.sh test-short: SIGTERM drains (PGlite), an event
#                                crosses two processes, the kill test behind haproxy (ADR 25).
#                                It waits on server starts a third of its time, so it runs next
#                                to the vitest leg (~20 s less than one after the other)
#   7. end to end                npx playwright test  (JS on, JS off, then the maintenance
#                                specs), server on its own database of the same cluster
#
# Needs Node ≥ 20.19, /usr/lib/postgresql/15/bin, /usr/bin/chromium and /usr/bin/java (see .ci/run).
# Runs as root (PostgreSQL then runs as the `postgres` OS user) or as a normal user.
set -Eeuo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/pg-throwaway.sh
source ./scripts/pg-throwaway.sh

STARTED=$SECONDS
CURRENT=""
SECTION_STARTED=$SECONDS
TIMINGS=()

bold() { if [ -t 1 ]; then printf '\033[1m%s\033[0m\n' "$*"; else printf '%s\n' "$*"; fi; }

finish_section() {
  [ -n "$CURRENT" ] && TIMINGS+=("$(printf '%-44s %4ss' "$CURRENT" "$((SECONDS - SECTION_STARTED))")")
  CURRENT=""
}

section() {
  finish_section
  CURRENT="$1"
  SECTION_STARTED=$SECONDS
  echo
  bold "══════ [$((SECONDS - STARTED))s] $1"
}

LINT_PID=""
LINT_LOG=""
FORMAT_PID=""
FORMAT_LOG=""
CLUSTER_PID=""
CLUSTER_LOG=""

on_exit() {
  local status=$?
  local failed="$CURRENT"
  finish_section
  # The background eslint, when tsc failed (or Ctrl-C) before the lint section waited for it.
  if [ -n "$LINT_PID" ]; then kill "$LINT_PID" 2>/dev/null || true; fi
  if [ -n "$FORMAT_PID" ]; then kill "$FORMAT_PID" 2>/dev/null || true; fi
  [ -n "$LINT_LOG" ] && rm -f "$LINT_LOG"
  [ -n "$FORMAT_LOG" ] && rm -f "$FORMAT_LOG"
  # The background cluster test, when the vitest leg beside it failed: its servers first.
  if [ -n "$CLUSTER_PID" ]; then
    pkill -TERM -P "$CLUSTER_PID" 2>/dev/null || true
    kill "$CLUSTER_PID" 2>/dev/null || true
    wait "$CLUSTER_PID" 2>/dev/null || true
  fi
  [ -n "$CLUSTER_LOG" ] && rm -f "$CLUSTER_LOG"
  pg_throwaway_stop
  echo
  bold "══════ Summary"
  printf '  %s\n' "${TIMINGS[@]}"
  if [ "$status" -eq 0 ]; then
    bold "══════ ALL TESTS PASSED in $((SECONDS - STARTED))s"
  else
    bold "══════ FAILED in: ${failed:-setup} (exit $status) after $((SECONDS - STARTED))s"
  fi
  exit "$status"
}
trap on_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

section "0/7 System packages"
# Debian's Chromium and its headless shell (which Playwright drives: half the CPU of the full
# browser; scripts/chromium.mjs), with fonts for Urdu, PostgreSQL 15, and a Java runtime for
# the Nu HTML checker (e2e/html-validity.spec.ts), installed when missing, so `npm test` runs
# on a fresh machine of this kind (we are root there; sudo elsewhere).
PACKAGES=()
[ -x /usr/bin/chromium ] || PACKAGES+=(chromium fonts-noto-core)
[ -x /usr/bin/chromium-headless-shell ] || PACKAGES+=(chromium-headless-shell)
[ -x /usr/lib/postgresql/15/bin/initdb ] || PACKAGES+=(postgresql-15)
[ -x /usr/sbin/haproxy ] || PACKAGES+=(haproxy)
[ -x /usr/bin/java ] || PACKAGES+=(default-jre-headless)
if [ "${#PACKAGES[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then SUDO=(); else SUDO=(sudo); fi
  echo "installing ${PACKAGES[*]}"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}"
fi
echo "$(/usr/bin/chromium-headless-shell --version 2>/dev/null | tail -n 1); $(/usr/lib/postgresql/15/bin/postgres -V)"

section "1/7 Typecheck (tsc)"
# tsc, eslint and prettier are each single-threaded: the two halves of `npm run lint` run next
# to tsc (about 12 s sooner than one after the other), their output waits for section 2.
LINT_LOG="$(mktemp "${TMPDIR:-/tmp}/portal-eslint.XXXXXX")"
FORMAT_LOG="$(mktemp "${TMPDIR:-/tmp}/portal-prettier.XXXXXX")"
npm run --silent lint:code >"$LINT_LOG" 2>&1 &
LINT_PID=$!
npm run --silent format:check >"$FORMAT_LOG" 2>&1 &
FORMAT_PID=$!
npx tsc

section "2/7 Lint (eslint, prettier --check)"
LINT_STATUS=0
FORMAT_STATUS=0
wait "$LINT_PID" || LINT_STATUS=$?
LINT_PID=""
wait "$FORMAT_PID" || FORMAT_STATUS=$?
FORMAT_PID=""
cat "$LINT_LOG" "$FORMAT_LOG"
[ "$LINT_STATUS" -eq 0 ] || exit "$LINT_STATUS"
[ "$FORMAT_STATUS" -eq 0 ] || exit "$FORMAT_STATUS"
echo "lint: no problems"

section "3/7 Production build"
npm run build

section "4/7 Vitest, all suites (PGlite)"
npx vitest run

section "5/7 Throwaway PostgreSQL 15"
# Our own EXIT trap (on_exit) stops and deletes the cluster, also on failure or Ctrl-C.
PG_THROWAWAY_TRAP=0 pg_throwaway_start
E2E_DATABASE_URL="$(pg_throwaway_createdb portal_e2e)"
echo "platform tests: $PG_THROWAWAY_URL (a copy of a template database per test file)"
echo "e2e server:     $E2E_DATABASE_URL"

section "6/7 Vitest, database suites on PostgreSQL (and 6b, the cluster test, beside it)"
# scripts/cluster.sh: its databases go into the throwaway cluster above (PG_THROWAWAY_PORT is
# exported). Its output waits in a file until the vitest leg is done, so the two do not interleave.
CLUSTER_LOG="$(mktemp "${TMPDIR:-/tmp}/portal-cluster.XXXXXX")"
CLUSTER_SKIP_BUILD=1 bash ./scripts/cluster.sh test-short >"$CLUSTER_LOG" 2>&1 &
CLUSTER_PID=$!
# What can differ between PGlite (PostgreSQL 17 in WebAssembly, one connection) and the
# PostgreSQL 15 server is what touches the database: the SQL, migrations, constraints, locks,
# concurrency, the ledger. So the tests/platform files that open a database (they import
# tests/helpers/database) run again here; files of pure logic ran once, above.
# ADR 28's route test as well: what PostgreSQL refuses in text is what it proves never arrives.
mapfile -t DB_SUITES < <({
  grep -rl --include='*.test.ts' --include='*.test.tsx' "helpers/database" tests/platform
  echo tests/routes/hostile-input.test.ts
} | sort)
# A file that asks for PostgreSQL itself must be among them, or its PostgreSQL-only checks never run.
MISSED="$(grep -rlE --include='*.test.ts' --include='*.test.tsx' 'TEST_DATABASE_URL|"postgres"' tests | grep -vxF -f <(printf '%s\n' "${DB_SUITES[@]}") || true)"
if [ -n "$MISSED" ]; then
  echo "These files check PostgreSQL but do not import tests/helpers/database, so they would not run here:" >&2
  echo "$MISSED" >&2
  exit 1
fi
echo "${#DB_SUITES[@]} files"
TEST_DATABASE_URL="$PG_THROWAWAY_URL" npx vitest run "${DB_SUITES[@]}"

section "6b/7 Cluster: graceful stop, two processes' events, kill test (10 s)"
CLUSTER_STATUS=0
wait "$CLUSTER_PID" || CLUSTER_STATUS=$?
CLUSTER_PID=""
cat "$CLUSTER_LOG"
[ "$CLUSTER_STATUS" -eq 0 ] || exit "$CLUSTER_STATUS"

section "7/7 Playwright (js, nojs, then status)"
E2E_DATABASE_URL="$E2E_DATABASE_URL" npx playwright test

finish_section
