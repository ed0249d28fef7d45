#!/usr/bin/env bash
# Runs the benchmarks (not tests): engine throughput per game with bytes allocated per step.
# Usage: scripts/bench.sh [extra Google Benchmark flags]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=build/release
mkdir -p artifacts
for b in "$BUILD"/bench/*_bench; do
  [ -x "$b" ] || continue
  echo "== $(basename "$b")"
  "$b" --benchmark_min_time=1 "$@" | tee "artifacts/$(basename "$b").txt"
done
