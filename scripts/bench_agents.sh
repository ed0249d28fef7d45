#!/usr/bin/env bash
# Plays every agent of every game over seeds 1..SEEDS with JOBS workers and the default budgets,
# then prints the Markdown table for docs/agents.md (mean, median, p10, p90 per agent per game).
# Per-seed results and histograms land in build/bench-agents/.
# Usage: scripts/bench_agents.sh path/to/gameboard   (env: SEEDS=200 JOBS=2 GAMES="...")
set -euo pipefail
BIN=${1:?usage: bench_agents.sh path/to/gameboard}
SEEDS=${SEEDS:-200}
JOBS=${JOBS:-2}
GAMES=${GAMES:-"stormlark glimfall silkspan"}
OUT=build/bench-agents
mkdir -p "$OUT"
TABLE="$OUT/table.md"
{
  echo "| game | agent | budget | cap | seeds | mean | median | p10 | p90 | min | max | time |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
} > "$TABLE"
for game in $GAMES; do
  for agent in random greedy planner; do
    start=$(date +%s)
    log=$("$BIN" eval --game "$game" --agent "$agent" --seeds "1..$SEEDS" --jobs "$JOBS" \
      --out "$OUT/$game-$agent.json" --svg "$OUT/$game-$agent.svg")
    secs=$(( $(date +%s) - start ))
    echo "$log" >&2
    header=$(echo "$log" | head -1)
    budget=$(echo "$header" | sed -E 's/.*budget ([0-9]+).*/\1/')
    cap=$(echo "$header" | sed -E 's/.*cap ([0-9]+) actions.*/\1/')
    [ "$agent" = planner ] || budget="-"
    echo "$log" | awk -v g="$game" -v a="$agent" -v b="$budget" -v c="$cap" -v t="${secs}s" \
      '$1 == "n" { getline; printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", g, a, b, c, $1, $2, $3, $4, $5, $6, $7, t }' \
      >> "$TABLE"
  done
done
echo "machine: $(nproc) cores, jobs $JOBS, $(date -u +%Y-%m-%d)" >> "$TABLE"
cat "$TABLE"
