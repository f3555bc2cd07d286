#!/usr/bin/env bash
# `npm run bench:spins`: demo-slot spins through the seamless wallet with 20
# concurrent players (BENCH_PLAYERS), in process on PGlite and on a throwaway
# PostgreSQL 15, then the latency of a spin POST over HTTP against the
# production build served on that PostgreSQL. Knobs: BENCH_PLAYERS (20),
# BENCH_DURATION (15 s), BENCH_PORT (3310). Prints a markdown table.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/pg-throwaway.sh
source ./scripts/pg-throwaway.sh

PORT="${BENCH_PORT:-3310}"
OUT=node_modules/.cache/bench
mkdir -p "$OUT"
for script in spin-throughput spin-http; do
  npx esbuild "scripts/bench/$script.ts" --bundle --platform=node --format=esm --target=node20 \
    --alias:~=./app --packages=external --log-level=warning --outfile="$OUT/$script.mjs"
done

echo "[bench:spins] in process, PGlite (in memory)"
PGLITE_JSON="$(env -u DATABASE_URL node "$OUT/spin-throughput.mjs")"

pg_throwaway_start
SPIN_URL="$(pg_throwaway_createdb bench_spins)"
HTTP_URL="$(pg_throwaway_createdb bench_spins_http)"
echo "[bench:spins] in process, PostgreSQL 15"
PG_JSON="$(BENCH_DATABASE_URL="$SPIN_URL" node "$OUT/spin-throughput.mjs")"

echo "[bench:spins] npm run build, then the spin POST over HTTP (PostgreSQL 15)"
npm run build >/dev/null 2>&1
PORT="$PORT" NODE_ENV=production SEED_DEMO=true DATABASE_URL="$HTTP_URL" npx remix-serve ./build/index.js >"$OUT/spin-server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; pg_throwaway_stop' EXIT
for _ in $(seq 1 120); do
  curl -fsS "http://localhost:$PORT/healthz" >/dev/null 2>&1 && break
  sleep 0.5
done
HTTP_JSON="$(BENCH_DATABASE_URL="$HTTP_URL" BENCH_BASE_URL="http://localhost:$PORT" node "$OUT/spin-http.mjs")"

node -e '
  const [pglite, pg, http] = process.argv.slice(1).map((text) => JSON.parse(text));
  const f = (n, d = 1) => n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  console.log("");
  console.log("| measure (" + pg.players + " concurrent players, demo slot, real money) | spins/s | p50 | p99 |");
  console.log("|---|---|---|---|");
  console.log("| `playRound` in process, PGlite | " + f(pglite.perSecond) + " | " + f(pglite.p50, 2) + " ms | " + f(pglite.p99, 2) + " ms |");
  console.log("| `playRound` in process, PostgreSQL 15 | " + f(pg.perSecond) + " | " + f(pg.p50, 2) + " ms | " + f(pg.p99, 2) + " ms |");
  console.log("| spin POST over HTTP (`remix-serve`, PostgreSQL 15) | " + f(http.perSecond) + " | " + f(http.p50, 2) + " ms | " + f(http.p99, 2) + " ms |");
' "$PGLITE_JSON" "$PG_JSON" "$HTTP_JSON"
