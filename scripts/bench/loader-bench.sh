# shellcheck shell=bash
# What the loader benches' scripts share (sourced): `loader_bench NAME SCRIPT`
# bundles scripts/bench/SCRIPT.ts, runs it on PGlite (a temporary directory),
# then on a throwaway PostgreSQL 15 (stopped on exit), and leaves each run's
# JSON line in PGLITE_JSON and PG_JSON.
# shellcheck source=scripts/pg-throwaway.sh
source ./scripts/pg-throwaway.sh

loader_bench() {
  local name="$1" script="$2" out=node_modules/.cache/bench
  mkdir -p "$out"
  npx esbuild "scripts/bench/$script.ts" --bundle --platform=node --format=esm --target=node20 \
    --alias:~=./app --packages=external --jsx=automatic --log-level=warning --outfile="$out/$script.mjs"

  echo "[bench:$name] PGlite (temporary directory)"
  PGLITE_JSON="$(env -u DATABASE_URL node "$out/$script.mjs")"

  pg_throwaway_start
  trap 'pg_throwaway_stop' EXIT
  echo "[bench:$name] PostgreSQL 15"
  PG_JSON="$(BENCH_DATABASE_URL="$(pg_throwaway_createdb "bench_$name")" node "$out/$script.mjs")"
}

# `loader_table "key=what it is" …`: the markdown table of p50/p95 per loader of both runs.
loader_table() {
  node -e '
    const [pglite, pg, ...rows] = process.argv.slice(1);
    const runs = [JSON.parse(pglite), JSON.parse(pg)];
    const f = (n) => n.toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });
    console.log("");
    console.log("| loader | PGlite p50 | PGlite p95 | PostgreSQL 15 p50 | PostgreSQL 15 p95 |");
    console.log("|---|---:|---:|---:|---:|");
    for (const row of rows) {
      const [key, name] = [row.slice(0, row.indexOf("=")), row.slice(row.indexOf("=") + 1)];
      const [a, b] = runs.map((run) => run[key]);
      console.log("| " + name + " | " + f(a.p50) + " ms | " + f(a.p95) + " ms | " + f(b.p50) + " ms | " + f(b.p95) + " ms |");
    }
  ' "$PGLITE_JSON" "$PG_JSON" "$@"
}
