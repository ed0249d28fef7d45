#!/usr/bin/env bash
# Instruction counts per engine step under callgrind: stable on a noisy machine. For each game,
# runs bench/fixed_run with N and 2N steps and reports (Ir(2N) - Ir(N)) / N.
# Usage: scripts/callgrind.sh [N, default 20000]  (writes artifacts/callgrind.md)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-20000}
BIN=build/release/bench/fixed_run
OUT=artifacts/callgrind.md
mkdir -p artifacts
ir() {  # game steps -> total instructions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$1" "$2" 2>&1 |
    awk '/Collected :/ {print $4}'
}
{
  echo "# Instructions per step (callgrind, fixed seeded random runs, N=$N)"
  echo
  echo "| game | Ir(N) | Ir(2N) | instructions per step |"
  echo "|---|---|---|---|"
  for game in stormlark glimfall silkspan; do
    a=$(ir "$game" "$N")
    b=$(ir "$game" $((2 * N)))
    echo "| $game | $a | $b | $(((b - a) / N)) |"
  done
} | tee "$OUT"
