#!/usr/bin/env bash
# Runs every benchmark (not tests) and leaves reports in artifacts/:
#   engine throughput per game (Google Benchmark: steps/s and bytes allocated per step),
#   the pure request handler in process per game (Google Benchmark: one action request),
#   instructions per step under callgrind (stable on a noisy machine),
#   HTTP rates against a node:http baseline in the same run (wrk), with latency and peak RSS,
#   the Python package: VectorEnv and Env.step against the engine's own random play and HTTP.
#   and children expanded per second by a 64-item batch against 64 single action requests,
#   the play page's tick rate in headless Chromium with and without a ghost race.
#   the LLM harness's CPU per decision and the memory of 64 runs in flight (bench_llm.sh).
#   MCP act calls per second against the plain action route, and on a held game of 10 actions
#   against one of 10,000 (a call costs the actions it applies, not the game's length).
#   issue 23 at scale: reads at 1,000 requests/s and submissions with 100,000 runs stored, on
#   SQLite and PostgreSQL, and verifying a planner run against playing it (bench_scale.sh).
#   issue 22 scorecards: a closed card and the agents' board read at 1,000 requests/s with 1,000
#   closed cards stored, and slot fills against plain submissions (bench_cards.sh), also in
#   instructions under callgrind (fill_instructions.sh) and in pages written (fill_pages.sh).
# Usage: scripts/bench.sh [seconds per HTTP run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=build/release
mkdir -p artifacts
GAMEBOARD_WITH_BENCH=1 bash scripts/deps.sh
for b in stormlark_bench tick_games_bench handler_bench; do
  echo "== $b"
  "$BUILD/bench/$b" --benchmark_min_time=2 | tee "artifacts/$b.txt"
done
echo "== callgrind"
bash scripts/callgrind.sh 20000
echo "== batch"
"$BUILD/bench/batch_bench" 3 | tee artifacts/batch_bench.txt
echo "== http"
bash scripts/bench_http.sh "${1:-10}"
echo "== python"
PYTHONPATH="$BUILD/python" /usr/bin/python3 python/bench/bench_python.py --cli "$BUILD/src/cli/gameboard" \
  | tee artifacts/python_bench.txt
echo "== web: tick rate with and without a ghost race (headless Chromium)"
node bench/ghost_rate.mjs "$BUILD" | tee artifacts/ghost_rate.txt
echo "== llm harness"
bash scripts/bench_llm.sh "$BUILD/src/cli/gameboard"
echo "== mcp: act against the plain action route, and on games of 10 and 10,000 actions"
node bench/mcp_bench.mjs "$BUILD/src/cli/gameboard" 1500 | tee artifacts/mcp_bench.txt
node bench/mcp_length_bench.mjs "$BUILD/src/cli/gameboard" 2000 | tee artifacts/mcp_length_bench.txt
echo "== at scale (issue 23)"
bash scripts/bench_scale.sh
echo "== scorecards (issue 22)"
bash scripts/bench_cards.sh
bash scripts/fill_instructions.sh
bash scripts/fill_pages.sh
