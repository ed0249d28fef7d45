#!/usr/bin/env bash
# A bounded soak: SECONDS (default 180) of mixed load on loopback, wrk posting real action bodies
# for every game while a fuzzing client posts mutated states. Fails on any 5xx, a crash, or
# memory that keeps growing (the last RSS sample above 1.5x the one taken after warm-up).
# Usage: scripts/soak.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-180}
BIN=build/release/src/cli/gameboard
PORT=18283
work=$(mktemp -d)
trap 'kill $server_pid 2>/dev/null || true; rm -rf "$work"' EXIT
"$BIN" serve --host 127.0.0.1 --port $PORT >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done

slugs=$(curl -s "http://127.0.0.1:$PORT/api/games" | python3 -c 'import json,sys; print(" ".join(g["slug"] for g in json.load(sys.stdin)["games"]))')
for slug in $slugs; do
  curl -s "http://127.0.0.1:$PORT/api/games/$slug/init?seed=5" | python3 -c '
import json, sys
a = json.load(sys.stdin)
print(json.dumps({"state": a["state"], "action": a["legalActions"][0]}))' >"$work/$slug.json"
done

rss() { awk '/VmRSS/ {print $2}' "/proc/$server_pid/status"; }
python3 scripts/fuzz_client.py $PORT "$SECS" >"$work/fuzz.txt" 2>&1 &
fuzz_pid=$!
per_game=$((SECS / $(echo $slugs | wc -w)))
samples=()
for slug in $slugs; do
  BODY="$work/$slug.json" wrk -t1 -c32 -d"${per_game}s" -s bench/count_5xx.lua \
    "http://127.0.0.1:$PORT/api/games/$slug/action" >"$work/wrk_$slug.txt" 2>&1 &
  wrk_pid=$!
  while kill -0 $wrk_pid 2>/dev/null; do samples+=("$(rss)"); sleep 5; done
  wait $wrk_pid
  echo "$slug: $(awk '/Requests\/sec/ {print $2 " req/s"}' "$work/wrk_$slug.txt"), $(grep server_errors "$work/wrk_$slug.txt")"
  grep -q "server_errors 0" "$work/wrk_$slug.txt" || { echo "FAIL: 5xx under load"; exit 1; }
done
wait $fuzz_pid || { cat "$work/fuzz.txt"; echo "FAIL: fuzz client"; exit 1; }
cat "$work/fuzz.txt"
kill -0 $server_pid || { echo "FAIL: server died"; exit 1; }
first=${samples[2]:-${samples[0]}}
last=${samples[-1]}
echo "RSS samples (kB): ${samples[*]}"
if [ "$last" -gt $((first * 3 / 2)) ]; then echo "FAIL: memory grew from $first to $last kB"; exit 1; fi
echo "soak passed: no 5xx, no crash, RSS $first -> $last kB"
