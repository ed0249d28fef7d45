#!/usr/bin/env bash
# HTTP benchmark: wrk against our server and, in the same run, a Node.js baseline (node:http,
# JSON.parse + JSON.stringify of the same body, no game logic). For every game it posts a real
# action body, reports both rates, their ratio, p50/p99 latency, then p99 at half of peak load,
# the rate of the connection layer alone (the same body to /healthz), and the server's peak RSS.
# Loopback only; every load run is bounded in time.
# Usage: scripts/bench_http.sh [SECONDS per run, default 10] [ROUNDS, default 3]
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-10}
ROUNDS=${2:-3}
BIN=build/release/src/cli/gameboard
PORT=18181
NODE_PORT=18182
THREADS=2
CONNS=64
OUT=artifacts/http_bench.md
mkdir -p artifacts
work=$(mktemp -d)
trap 'kill $server_pid $node_pid 2>/dev/null || true; rm -rf "$work"' EXIT

"$BIN" serve --host 127.0.0.1 --port $PORT --data-dir "$work/data" >"$work/server.log" 2>&1 &
server_pid=$!
node bench/node_baseline.mjs $NODE_PORT >"$work/node.log" 2>&1 &
node_pid=$!
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && curl -sf -X POST -d '{}' \
    "http://127.0.0.1:$NODE_PORT/" >/dev/null && break
  sleep 0.1
done

# Runs wrk and prints "rate p50 p99" (requests/s, with wrk's units for latency). With a fourth
# argument, each connection pauses that many milliseconds between requests (a paced load).
run_wrk() {  # url body_file connections [delay_ms]
  local threads=$THREADS
  (($3 < threads)) && threads=$3
  BODY="$2" DELAY_MS="${4:-}" wrk -t$threads -c"$3" -d"${SECS}s" --latency \
    -s bench/post_body.lua "$1" >"$work/wrk.txt" 2>&1
  local rate p50 p99
  rate=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
  p50=$(awk '$1=="50%" {print $2}' "$work/wrk.txt")
  p99=$(awk '$1=="99%" {print $2}' "$work/wrk.txt")
  echo "$rate $p50 $p99"
}

# Prints the line of a runs file whose rate (first field) is the median.
median_run() {
  sort -n "$1" | sed -n "$((($(wc -l <"$1") + 1) / 2))p"
}

{
  echo "# HTTP benchmark ($(date -u +%Y-%m-%d), $(nproc) cores, ${SECS}s per run, $CONNS connections, median of $ROUNDS alternating runs)"
  echo
  echo "| game | body bytes | ours req/s | node req/s | ratio | ours p50 | ours p99 | node p99 | ours at half load: req/s, p99 |"
  echo "|---|---|---|---|---|---|---|---|---|"
} >"$OUT"

for slug in $(curl -s "http://127.0.0.1:$PORT/api/games" | python3 -c 'import json,sys; print(" ".join(g["slug"] for g in json.load(sys.stdin)["games"]))'); do
  # A real body from steady play: the state after start (where there is one) with the action a
  # player sends most (VENT, or a one-tick tick).
  python3 - "$PORT" "$slug" >"$work/$slug.json" <<'PY'
import json, sys, urllib.request
port, slug = sys.argv[1], sys.argv[2]
base = f"http://127.0.0.1:{port}/api/games/{slug}"
a = json.load(urllib.request.urlopen(f"{base}/init?seed=7"))
if any(x["type"] == "start" for x in a["legalActions"]):
    body = json.dumps({"state": a["state"], "action": {"type": "start"}}).encode()
    a = json.load(urllib.request.urlopen(urllib.request.Request(f"{base}/action", body)))
pref = [x for x in a["legalActions"] if x["type"] in ("VENT", "tick")]
print(json.dumps({"state": a["state"], "action": (pref or a["legalActions"])[0]}))
PY
  bytes=$(wc -c <"$work/$slug.json")
  # ROUNDS alternating runs of each server; the run with the median rate speaks for each.
  : >"$work/ours.runs"
  : >"$work/node.runs"
  for _ in $(seq "$ROUNDS"); do
    run_wrk "http://127.0.0.1:$PORT/api/games/$slug/action" "$work/$slug.json" $CONNS >>"$work/ours.runs"
    run_wrk "http://127.0.0.1:$NODE_PORT/" "$work/$slug.json" $CONNS >>"$work/node.runs"
  done
  read -r ours p50 p99 < <(median_run "$work/ours.runs")
  read -r node _ np99 < <(median_run "$work/node.runs")
  # Half of peak load, paced: connections that each wait 1 ms between requests. A first run
  # guesses how many make half our median peak rate; a second corrects by the rate it got. The
  # achieved rate is reported beside the p99 so the load is visible.
  half_conns=$(python3 -c "print(max(1, round($ours / 2 * 0.0015)))")
  read -r half_rate _ _ < <(run_wrk "http://127.0.0.1:$PORT/api/games/$slug/action" \
    "$work/$slug.json" "$half_conns" 1)
  half_conns=$(python3 -c "print(max(1, round($half_conns * $ours / 2 / $half_rate)))")
  read -r half_rate _ hp99 < <(run_wrk "http://127.0.0.1:$PORT/api/games/$slug/action" \
    "$work/$slug.json" "$half_conns" 1)
  ratio=$(python3 -c "print(f'{$ours/$node:.2f}')")
  echo "| $slug | $bytes | $ours | $node | $ratio | $p50 | $p99 | $np99 | $half_rate, $hp99 |" >>"$OUT"
done
# The connection layer alone: the last game's body posted to /healthz, which reads it and answers
# a short 405 without parsing it. No game can beat this rate; its ratio to node bounds theirs.
: >"$work/floor.runs"
for _ in $(seq "$ROUNDS"); do
  run_wrk "http://127.0.0.1:$PORT/healthz" "$work/$slug.json" $CONNS >>"$work/floor.runs"
done
read -r floor _ _ < <(median_run "$work/floor.runs")
{
  echo
  echo "Connection layer alone (the $slug body posted to /healthz: read, not parsed, a 405" \
    "answer): $floor req/s," \
    "$(python3 -c "print(f'{$floor/$node:.2f}')")x the last node median."
} >>"$OUT"
rss=$(awk '/VmHWM/ {print $2 " " $3}' /proc/$server_pid/status)
echo >>"$OUT"
echo "Server peak RSS (VmHWM): $rss" >>"$OUT"
cat "$OUT"
