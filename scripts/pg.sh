#!/usr/bin/env bash
# A private PostgreSQL server on loopback for the tests (and deploy/cluster.sh):
#   scripts/pg.sh start PORT   initdb (once) and start it in /tmp/gameboard-pg-PORT, with a
#                              database "gameboard" owned by the trusted user "gb";
#                              prints its URL: postgresql://gb@127.0.0.1:PORT/gameboard
#   scripts/pg.sh stop PORT    stop it (fast shutdown)
#   scripts/pg.sh restart PORT stop, then start again (the data stays)
# PG_SERVER_OPTIONS adds server settings to a start ("-c shared_buffers=1GB"; the benchmarks'
# own). initdb refuses to run as root, so as root the server runs as the "postgres" user that
# Debian's package creates. Needs the postgresql package (scripts/deps.sh).
set -euo pipefail

command=${1:-}
port=${2:-25432}
dir=/tmp/gameboard-pg-$port
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$bin" ]; then
  echo "pg.sh: PostgreSQL is not installed (scripts/deps.sh installs it)" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  if [ ! -f "$dir/PG_VERSION" ]; then
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; fi
    as_owner "$bin/initdb" -D "$dir" -A trust -U gb >"$dir.initdb.log" 2>&1 ||
      { cat "$dir.initdb.log" >&2; exit 1; }
  fi
  # A server left running by an interrupted run is stopped first.
  as_owner "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1 && as_owner "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null
  as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=on ${PG_SERVER_OPTIONS:-}" start >/dev/null ||
    { echo "pg.sh: PostgreSQL did not start on port $port; the end of $dir/server.log:" >&2; tail -n 15 "$dir/server.log" >&2; exit 1; }
  if ! "$bin/psql" -h 127.0.0.1 -p "$port" -U gb -d postgres -tAc \
      "SELECT 1 FROM pg_database WHERE datname = 'gameboard'" | grep -q 1; then
    "$bin/createdb" -h 127.0.0.1 -p "$port" -U gb gameboard
  fi
  echo "postgresql://gb@127.0.0.1:$port/gameboard"
}

stop() {
  if [ -f "$dir/PG_VERSION" ]; then
    as_owner "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null 2>&1 || true
  fi
}

case "$command" in
  start) start ;;
  stop) stop ;;
  restart) stop; start ;;
  # Drops every table, so a test run starts from an empty database.
  reset) "$bin/psql" -h 127.0.0.1 -p "$port" -U gb -d postgres -qc "DROP DATABASE IF EXISTS gameboard WITH (FORCE)" &&
         "$bin/createdb" -h 127.0.0.1 -p "$port" -U gb gameboard ;;
  *) echo "usage: scripts/pg.sh start|stop|restart|reset PORT" >&2; exit 2 ;;
esac
