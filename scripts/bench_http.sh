#!/usr/bin/env bash
# HTTP benchmark: wrk against our server and, in the same run, a Node.js baseline (node:http,
# JSON.parse + JSON.stringify of the same body, no game logic). For every game it posts a real
# action body, reports both rates, their ratio, p50/p99 latency, then p99 at half of peak load,
# and the server's peak RSS. Loopback only; every load run is bounded in time.
# Usage: scripts/bench_http.sh [SECONDS per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-10}
BIN=build/release/src/cli/gameboard
PORT=18181
NODE_PORT=18182
THREADS=2
CONNS=64
OUT=artifacts/http_bench.md
mkdir -p artifacts
work=$(mktemp -d)
trap 'kill $server_pid $node_pid 2>/dev/null || true; rm -rf "$work"' EXIT

"$BIN" serve --host 127.0.0.1 --port $PORT >"$work/server.log" 2>&1 &
server_pid=$!
node bench/node_baseline.mjs $NODE_PORT >"$work/node.log" 2>&1 &
node_pid=$!
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && curl -sf -X POST -d '{}' \
    "http://127.0.0.1:$NODE_PORT/" >/dev/null && break
  sleep 0.1
done

# Runs wrk and prints "rate p50 p99" (requests/s, milliseconds).
run_wrk() {  # url body_file connections [rate-limit ignored]
  BODY="$2" wrk -t$THREADS -c"$3" -d"${SECS}s" --latency -s bench/post_body.lua "$1" \
    >"$work/wrk.txt" 2>&1
  local rate p50 p99
  rate=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
  p50=$(awk '$1=="50%" {print $2}' "$work/wrk.txt")
  p99=$(awk '$1=="99%" {print $2}' "$work/wrk.txt")
  echo "$rate $p50 $p99"
}

{
  echo "# HTTP benchmark ($(date -u +%Y-%m-%d), $(nproc) cores, ${SECS}s per run, $CONNS connections)"
  echo
  echo "| game | body bytes | ours req/s | node req/s | ratio | ours p50 | ours p99 | node p99 | p99 at half load (ours) |"
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
  read -r ours p50 p99 < <(run_wrk "http://127.0.0.1:$PORT/api/games/$slug/action" "$work/$slug.json" $CONNS)
  read -r node _ np99 < <(run_wrk "http://127.0.0.1:$NODE_PORT/" "$work/$slug.json" $CONNS)
  # Half of peak load: half the connections is a rough stand-in; wrk has no rate limiter.
  read -r _ _ hp99 < <(run_wrk "http://127.0.0.1:$PORT/api/games/$slug/action" "$work/$slug.json" $((CONNS / 8)))
  ratio=$(python3 -c "print(f'{$ours/$node:.2f}')")
  echo "| $slug | $bytes | $ours | $node | $ratio | $p50 | $p99 | $np99 | $hp99 |" >>"$OUT"
done
rss=$(awk '/VmHWM/ {print $2 " " $3}' /proc/$server_pid/status)
echo >>"$OUT"
echo "Server peak RSS (VmHWM): $rss" >>"$OUT"
cat "$OUT"
