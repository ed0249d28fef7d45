#!/usr/bin/env bash
# The cluster's speed (docs/performance.md, "Replicas behind nginx"): deploy/cluster.sh with two
# replicas on a fresh PostgreSQL, then, in one run, wrk for SECONDS each against
#   the action route through nginx (two replicas) and against one replica directly,
#   run submissions through nginx (each a new run: verified and inserted),
#   leaderboard reads through nginx.
# Limits are lifted for the measurement. Loopback only; everything stops on exit.
# Usage: scripts/bench_cluster.sh [SECONDS, default 8]
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-8}
PORT=18600
PG_PORT=25530
CONNS=64
command -v wrk >/dev/null || { echo "bench_cluster.sh: wrk is missing (GAMEBOARD_WITH_BENCH=1 scripts/deps.sh)" >&2; exit 1; }
work=$(mktemp -d)
cluster_pid=
trap 'if [ -n "$cluster_pid" ]; then kill -TERM $cluster_pid; wait $cluster_pid || true; fi; rm -rf "$work"' EXIT

bash scripts/pg.sh start $PG_PORT >/dev/null && bash scripts/pg.sh reset $PG_PORT
bash deploy/cluster.sh --replicas 2 --port $PORT --pg-port $PG_PORT --rate 1000000 \
  --burst 1000000 -- --submit-rate 1000000 --submit-burst 1000000 --work-queue 10000 \
  >"$work/cluster.log" 2>&1 &
cluster_pid=$!
for _ in $(seq 600); do grep -q "Cluster ready" "$work/cluster.log" && break; sleep 0.1; done
grep -q "Cluster ready" "$work/cluster.log" || { cat "$work/cluster.log" >&2; exit 1; }

# The steady action body: Stormlark seed 7 after init, its first legal action.
curl -sf "http://127.0.0.1:$PORT/api/games/stormlark/init?seed=7" >"$work/init.json"
node -e 'const a = JSON.parse(require("fs").readFileSync(process.argv[1]));
  process.stdout.write(JSON.stringify({state: a.state, action: a.legalActions[0]}));' \
  "$work/init.json" >"$work/action.json"

# Runs wrk; prints "requests/s non-2xx".
run_wrk() {  # url [script]
  BODY="$work/action.json" wrk -t2 -c$CONNS -d"${SECS}s" ${2:+-s "$2"} "$1" >"$work/wrk.txt" 2>&1
  local rate bad
  rate=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
  bad=$(awk '/Non-2xx/ {print $5}' "$work/wrk.txt")
  echo "$rate ${bad:-0}"
}

action_path=/api/games/stormlark/action
read -r via_nginx bad1 < <(run_wrk "http://127.0.0.1:$PORT$action_path" bench/post_body.lua)
read -r direct bad2 < <(run_wrk "http://127.0.0.1:$((PORT + 1))$action_path" bench/post_body.lua)
read -r submits bad3 < <(run_wrk "http://127.0.0.1:$PORT/api/runs" bench/submit_runs.lua)
read -r boards bad4 < <(run_wrk "http://127.0.0.1:$PORT/api/leaderboard/stormlark?kind=agent")
stored=$("$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/psql" -h 127.0.0.1 -p $PG_PORT \
  -U gb -d gameboard -tAc "SELECT count(*) FROM runs")

echo "| what (wrk, $CONNS connections, ${SECS} s each, one run) | requests/s | non-2xx |"
echo "|---|---|---|"
echo "| POST action, one replica directly | $direct | $bad2 |"
echo "| POST action, nginx + two replicas | $via_nginx | $bad1 |"
echo "| ratio nginx+2 / direct | $(awk -v a="$via_nginx" -v b="$direct" 'BEGIN {printf "%.2f", a / b}') | |"
echo "| POST /api/runs (new run each), nginx + two replicas on PostgreSQL | $submits | $bad3 |"
echo "| GET /api/leaderboard/stormlark ($stored runs stored), nginx + two replicas | $boards | $bad4 |"
