#!/usr/bin/env bash
# A gameboard cluster on loopback: a private PostgreSQL (scripts/pg.sh), N replicas of
# `gameboard serve` sharing it, and nginx in front (deploy/nginx.conf). Runs in the foreground,
# restarts a replica that dies (as a process supervisor would), and stops everything on exit.
#
#   deploy/cluster.sh [--replicas N] [--port PORT] [--pg-port PORT] [--rate R] [--burst B]
#                     [--bin PATH] [--prefix DIR] [-- extra `gameboard serve` arguments]
#
# nginx listens on PORT (default 8090), replica i (1..N, default 2) on PORT+i, PostgreSQL on
# --pg-port (default 25450). --rate/--burst: nginx's per-client request limit (default 200/s,
# burst 400). Files: PREFIX (default /tmp/gameboard-cluster-PORT) holds nginx's config, pid,
# temp files and log, each replica's log (replica-I.log) and pid (replica-I.pid).
# Prints "Cluster ready: http://127.0.0.1:PORT" once nginx and every replica answer.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

replicas=2
port=8090
pg_port=25450
rate=200
burst=400
bin=$root/build/release/src/cli/gameboard
prefix=
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --replicas) replicas=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    --pg-port) pg_port=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --burst) burst=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --prefix) prefix=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) echo "cluster.sh: unknown argument $1 (see the comment at the top)" >&2; exit 2 ;;
  esac
done
prefix=${prefix:-/tmp/gameboard-cluster-$port}
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
if [ ! -x "$bin" ]; then echo "cluster.sh: no gameboard binary at $bin (make build)" >&2; exit 1; fi
if [ ! -x "$nginx_bin" ]; then echo "cluster.sh: nginx is not installed (scripts/deps.sh)" >&2; exit 1; fi

stopping=0
nginx_pid=
pids=()

# Stops nginx, the replicas and PostgreSQL (each only if this script started it).
cleanup() {
  stopping=1
  trap - EXIT INT TERM
  [ -n "$nginx_pid" ] && kill -TERM "$nginx_pid" 2>/dev/null || true
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  [ -n "$nginx_pid" ] && wait "$nginx_pid" 2>/dev/null || true
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  bash "$root/scripts/pg.sh" stop "$pg_port" || true
  echo "Cluster stopped."
}
trap cleanup EXIT
trap 'exit 0' INT TERM

# Waits up to 30 s until something accepts connections on 127.0.0.1:$1.
wait_port() {
  for _ in $(seq 300); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "cluster.sh: nothing answers on port $1" >&2
  return 1
}

# Starts replica $1 on port+$1 in the background and records its pid. Its PostgreSQL sessions
# are named gameboard-replica-$1 (application_name, seen in pg_stat_activity).
start_replica() {
  local i=$1
  local url=$db
  case "$db" in postgres*) [[ $db == *\?* ]] && url+="&" || url+="?"
    url+="application_name=gameboard-replica-$i" ;;
  esac
  "$bin" serve --host 127.0.0.1 --port $((port + i)) --db "$url" --trusted-proxy 127.0.0.1 \
    ${extra[@]+"${extra[@]}"} >>"$prefix/replica-$i.log" 2>&1 &
  pids[i]=$!
  echo "${pids[i]}" >"$prefix/replica-$i.pid"
}

mkdir -p "$prefix"
db=$(bash "$root/scripts/pg.sh" start "$pg_port")

for i in $(seq "$replicas"); do
  : >"$prefix/replica-$i.log"
  start_replica "$i"
done
for i in $(seq "$replicas"); do wait_port $((port + i)); done

servers=
for i in $(seq "$replicas"); do
  servers+="    server 127.0.0.1:$((port + i)) max_fails=1 fail_timeout=1s;"$'\n'
done
sed -e "s|@PREFIX@|$prefix|g" -e "s|@PORT@|$port|g" -e "s|@RATE@|$rate|g" \
  -e "s|@BURST@|$burst|g" "$root/deploy/nginx.conf" |
  awk -v servers="$servers" '{ if ($0 == "@SERVERS@") printf "%s", servers; else print }' \
    >"$prefix/nginx.conf"
"$nginx_bin" -t -q -p "$prefix" -c "$prefix/nginx.conf" -e "$prefix/error.log"
"$nginx_bin" -p "$prefix" -c "$prefix/nginx.conf" -e "$prefix/error.log" -g 'daemon off;' &
nginx_pid=$!
wait_port "$port"

echo "PostgreSQL: $db"
for i in $(seq "$replicas"); do
  echo "replica $i: http://127.0.0.1:$((port + i)) (pid ${pids[i]}, log $prefix/replica-$i.log)"
done
echo "Cluster ready: http://127.0.0.1:$port"

# Supervise: a replica that exits (a crash, SIGKILL) is started again; nginx must stay up.
while [ "$stopping" = 0 ]; do
  for i in $(seq "$replicas"); do
    if ! kill -0 "${pids[i]}" 2>/dev/null; then
      echo "replica $i (pid ${pids[i]}) exited; starting it again"
      start_replica "$i"
    fi
  done
  if ! kill -0 "$nginx_pid" 2>/dev/null; then echo "cluster.sh: nginx exited" >&2; exit 1; fi
  sleep 0.2 &
  wait $! || true
done
