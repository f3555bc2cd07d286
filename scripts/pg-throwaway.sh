#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for tests: a temp dir, a free port on
# 127.0.0.1, trust auth from 127.0.0.1 only, gone when the shell exits.
#
# Two ways to use it:
#
#   source scripts/pg-throwaway.sh
#   pg_throwaway_start            # exports PG_THROWAWAY_URL (…/postgres)
#   pg_throwaway_createdb portal_e2e   # prints postgres://…/portal_e2e
#   # a trap on EXIT/INT/TERM stops and deletes the cluster (pg_throwaway_stop);
#   # PG_THROWAWAY_TRAP=0 leaves the traps to the caller, who must call pg_throwaway_stop
#
#   bash scripts/pg-throwaway.sh [command …]
#       runs the command with PG_THROWAWAY_URL (and DATABASE_URL, when unset)
#       pointing at the cluster, then removes it; with no command, keeps it
#       until Ctrl-C.
#
# As root the server runs as the `postgres` OS user (PostgreSQL refuses root);
# as anyone else it runs as that user. PG_BIN overrides the binaries' folder.

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PG_THROWAWAY_DIR=""
PG_THROWAWAY_PORT="${PG_THROWAWAY_PORT:-}"
PG_THROWAWAY_URL="${PG_THROWAWAY_URL:-}"

_pg_as_owner() {
  if [ "$(id -u)" = "0" ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

_pg_free_port() {
  node -e '
    const server = require("node:net").createServer();
    server.listen(0, "127.0.0.1", () => { console.log(server.address().port); server.close(); });
  '
}

pg_throwaway_stop() {
  local dir="$PG_THROWAWAY_DIR"
  [ -n "$dir" ] || return 0
  PG_THROWAWAY_DIR=""
  if [ -f "$dir/data/postmaster.pid" ]; then
    _pg_as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w -t 20 stop >/dev/null 2>&1 || {
      # Last resort: the postmaster's own pid, never a name match.
      local pid
      pid="$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null)"
      [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
    }
  fi
  rm -rf "$dir"
  echo "pg-throwaway: stopped and removed $dir" >&2
}

pg_throwaway_start() {
  if [ ! -x "$PG_BIN/initdb" ]; then
    echo "pg-throwaway: no PostgreSQL binaries in $PG_BIN (apt-get install postgresql-15)" >&2
    return 1
  fi
  if [ "$(id -u)" = "0" ] && ! id postgres >/dev/null 2>&1; then
    echo "pg-throwaway: running as root needs a 'postgres' OS user" >&2
    return 1
  fi
  PG_THROWAWAY_DIR="$(mktemp -d "${TMPDIR:-/tmp}/pg-throwaway.XXXXXX")" || return 1
  if [ "${PG_THROWAWAY_TRAP:-1}" = "1" ]; then
    trap pg_throwaway_stop EXIT
    trap 'pg_throwaway_stop; exit 130' INT
    trap 'pg_throwaway_stop; exit 143' TERM
  fi
  [ "$(id -u)" = "0" ] && chown postgres: "$PG_THROWAWAY_DIR"
  chmod 700 "$PG_THROWAWAY_DIR"

  if ! _pg_as_owner "$PG_BIN/initdb" -D "$PG_THROWAWAY_DIR/data" -U postgres -A trust \
      -E UTF8 --locale=C.UTF-8 --no-sync >"$PG_THROWAWAY_DIR/initdb.log" 2>&1; then
    cat "$PG_THROWAWAY_DIR/initdb.log" >&2
    return 1
  fi
  # Only TCP from 127.0.0.1 (and the private socket dir inside the temp dir).
  cat >"$PG_THROWAWAY_DIR/data/pg_hba.conf" <<'EOF'
local all all              trust
host  all all 127.0.0.1/32 trust
EOF

  local attempt
  for attempt in 1 2 3; do
    PG_THROWAWAY_PORT="$(_pg_free_port)" || return 1
    # Durability is pointless for a throwaway cluster; speed is not.
    if _pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_THROWAWAY_DIR/data" -l "$PG_THROWAWAY_DIR/server.log" -w -t 30 \
        -o "-c listen_addresses=127.0.0.1 -p $PG_THROWAWAY_PORT -k $PG_THROWAWAY_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        start >/dev/null; then
      PG_THROWAWAY_URL="postgres://postgres@127.0.0.1:$PG_THROWAWAY_PORT/postgres"
      export PG_THROWAWAY_URL PG_THROWAWAY_PORT
      echo "pg-throwaway: PostgreSQL $("$PG_BIN/postgres" -V | awk '{print $3}') on 127.0.0.1:$PG_THROWAWAY_PORT ($PG_THROWAWAY_DIR)" >&2
      return 0
    fi
    echo "pg-throwaway: start on port $PG_THROWAWAY_PORT failed (attempt $attempt)" >&2
  done
  cat "$PG_THROWAWAY_DIR/server.log" >&2 2>/dev/null
  return 1
}

# Creates a database in the running cluster and prints its URL.
pg_throwaway_createdb() {
  local name="$1"
  [ -n "$PG_THROWAWAY_PORT" ] || { echo "pg-throwaway: not started" >&2; return 1; }
  _pg_as_owner "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_THROWAWAY_PORT" -U postgres "$name" || return 1
  echo "postgres://postgres@127.0.0.1:$PG_THROWAWAY_PORT/$name"
}

# Executed rather than sourced: run a command next to a throwaway cluster.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -uo pipefail
  pg_throwaway_start || exit 1
  export DATABASE_URL="${DATABASE_URL:-$PG_THROWAWAY_URL}"
  echo "PG_THROWAWAY_URL=$PG_THROWAWAY_URL" >&2
  if [ "$#" -gt 0 ]; then
    "$@"
    exit $?
  fi
  echo "pg-throwaway: running; Ctrl-C stops and deletes it" >&2
  while true; do sleep 3600 & wait $!; done
fi
