#!/usr/bin/env bash
# The one test command (`npm test`). Fails fast, in this order:
#
#   1. typecheck                 npx tsc
#   2. unit + platform (PGlite)  npx vitest run
#   3. throwaway PostgreSQL 15   scripts/pg-throwaway.sh (temp dir, free port, removed on exit)
#   4. platform on PostgreSQL    TEST_DATABASE_URL=… npx vitest run tests/platform
#   5. production build          npm run build
#   6. end to end                npx playwright test  (JS on, JS off, then the maintenance
#                                specs), server on its own database of the same cluster
#
# Needs Node ≥ 20.19, /usr/lib/postgresql/15/bin and /usr/bin/chromium (see .ci/run).
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

on_exit() {
  local status=$?
  local failed="$CURRENT"
  finish_section
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

section "0/6 System packages"
# Debian's Chromium (with fonts for Urdu) and PostgreSQL 15, installed when missing, so
# `npm test` runs on a fresh machine of this kind (we are root there; sudo elsewhere).
PACKAGES=()
[ -x /usr/bin/chromium ] || PACKAGES+=(chromium fonts-noto-core)
[ -x /usr/lib/postgresql/15/bin/initdb ] || PACKAGES+=(postgresql-15)
if [ "${#PACKAGES[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then SUDO=(); else SUDO=(sudo); fi
  echo "installing ${PACKAGES[*]}"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}"
fi
echo "$(/usr/bin/chromium --version 2>/dev/null | tail -n 1); $(/usr/lib/postgresql/15/bin/postgres -V)"

section "1/6 Typecheck (tsc)"
npx tsc

section "2/6 Vitest, all suites (PGlite)"
npx vitest run

section "3/6 Throwaway PostgreSQL 15"
# Our own EXIT trap (on_exit) stops and deletes the cluster, also on failure or Ctrl-C.
PG_THROWAWAY_TRAP=0 pg_throwaway_start
E2E_DATABASE_URL="$(pg_throwaway_createdb portal_e2e)"
echo "platform tests: $PG_THROWAWAY_URL (a fresh database per test file)"
echo "e2e server:     $E2E_DATABASE_URL"

section "4/6 Vitest, platform suite on PostgreSQL"
TEST_DATABASE_URL="$PG_THROWAWAY_URL" npx vitest run tests/platform

section "5/6 Production build"
npm run build

section "6/6 Playwright (js, nojs, then status)"
E2E_DATABASE_URL="$E2E_DATABASE_URL" npx playwright test

finish_section
