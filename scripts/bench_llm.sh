#!/usr/bin/env bash
# The LLM harness's own cost (a benchmark, not a test): against the stand-in chat server
# answering at once (tests/llm/stand_in.mjs, model "fast"), how much CPU the gameboard process
# spends per model call (prompt building, the HTTP exchange, reply parsing, stepping the engine,
# recording), against the stand-in's own CPU per answer in the same run (the baseline: a minimal
# Node server parsing the request and writing a reply); then the peak resident memory of 64 runs
# in flight (the stand-in holding each answer 200 ms so all 64 stay open).
# Usage: scripts/bench_llm.sh [path/to/gameboard]   (writes artifacts/llm_bench.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-build/release/src/cli/gameboard}
OUT=artifacts/llm_bench.txt
mkdir -p artifacts
WORK=$(mktemp -d)
STANDIN_PID=
cleanup() { [ -n "$STANDIN_PID" ] && kill "$STANDIN_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

# Starts the stand-in with extra flags; sets PORT and STANDIN_PID.
start_stand_in() {
  [ -n "$STANDIN_PID" ] && kill "$STANDIN_PID" 2>/dev/null && wait "$STANDIN_PID" 2>/dev/null || true
  node tests/llm/stand_in.mjs "$@" >"$WORK/port" &
  STANDIN_PID=$!
  for _ in $(seq 100); do grep -q PORT "$WORK/port" 2>/dev/null && break; sleep 0.05; done
  PORT=$(awk '/PORT/ {print $2}' "$WORK/port")
}

# CPU ticks (user + system) a process has used so far.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

exec > >(tee "$OUT")  # not a pipeline: the stand-in's pid must stay in this shell for cleanup
{
  echo "LLM harness cost per decision ($(date -u +%F), $(nproc) cores)"
  start_stand_in
  TICK=$(getconf CLK_TCK)
  for game in stormlark glimfall silkspan; do
    rm -rf "$WORK/rec"
    before=$(cpu_ticks "$STANDIN_PID")
    /usr/bin/time -f "%U %S %M" -o "$WORK/time" "$BIN" eval --agent llm --game "$game" \
      --seeds 1..20 --model "fast-$game" --llm-url "http://127.0.0.1:$PORT/v1" \
      --max-decisions 200 --record "$WORK/rec" --out "$WORK/r.json" >"$WORK/eval.out" 2>&1
    after=$(cpu_ticks "$STANDIN_PID")
    calls=$(grep -o '"calls":[0-9]*' "$WORK/r.json" | awk -F: '{s += $2} END {print s}')
    read -r user sys rss <"$WORK/time"
    awk -v g="$game" -v u="$user" -v s="$sys" -v c="$calls" -v b="$((after - before))" \
      -v t="$TICK" 'BEGIN {
        h = (u + s) * 1000 / c; base = b * 1000 / t / c;
        printf "%-10s %6d calls: harness %.3f ms CPU per decision, stand-in %.3f ms per answer, ratio %.2f\n",
          g, c, h, base, (base > 0 ? h / base : 0) }'
  done
  start_stand_in --delay-ms 200
  /usr/bin/time -f "%U %S %M" -o "$WORK/time" "$BIN" eval --agent llm --game silkspan \
    --seeds 1..64 --llm-parallel 64 --model fast-mem --llm-url "http://127.0.0.1:$PORT/v1" \
    --max-decisions 20 --record "$WORK/rec64" >"$WORK/eval.out" 2>&1
  read -r user sys rss <"$WORK/time"
  /usr/bin/time -f "%M" -o "$WORK/time1" "$BIN" prompt --game silkspan --seed 1 >/dev/null
  awk -v r="$rss" -v one="$(cat "$WORK/time1")" 'BEGIN {
    printf "64 runs in flight (silkspan, 20 calls each): peak RSS %.1f MB (one gameboard prompt: %.1f MB, ratio %.2f)\n",
      r / 1024, one / 1024, r / one }'
}
