#!/usr/bin/env bash
# A slot fill's cost against a plain submission of the same run, in instructions (callgrind),
# which a noisy machine does not blur (docs/performance.md, "A fill's cost counted in
# instructions"). On a SQLite store of FILL_NAMES names (200) with 4 open open-v1 cards each
# (bench/card_fill slots), bench/fill_cost posts FILL_RUNS bodies (2,000) of one kind from 16
# threads through the pure request handler, three times on a fresh copy of the store:
#   plain   the runs as plain submissions of other names;
#   fill    the same runs filling slots of cards the server did not open (each card is read
#           from the store once, by the first of its fills);
#   kept    the same fills, the cards first kept as the server that opened them keeps them.
# Counts the instructions inside the request handler (inclusive) for the measured runs alone: a
# warm-up of FILL_RUNS / 4 bodies of the same kind comes first, unmeasured, so that every
# connection has prepared its statements, as on a server that has been running; reading the
# body files and starting threads are not counted either. Needs valgrind
# (GAMEBOARD_WITH_BENCH=1 scripts/deps.sh) and the release build (card_fill, fill_cost).
# Usage: scripts/fill_instructions.sh   (env: FILL_NAMES, FILL_RUNS; writes
#        artifacts/fill_instructions.md)
set -euo pipefail
cd "$(dirname "$0")/.."
NAMES=${FILL_NAMES:-200}
RUNS=${FILL_RUNS:-2000}
BUILD=build/release
OUT=artifacts/fill_instructions.md
# shellcheck source=scripts/fill_store.sh
. scripts/fill_store.sh
# 192 runs a name: the measured runs and their warm-up, a quarter as many, fit its 240 bodies.
fill_store_prepare fill_instructions.sh fill-ir 192 valgrind callgrind_annotate

# Prints the instructions inside the request handler for RUNS bodies of kind $1 (plain or fill),
# with fill_cost's further options $2.
handler_ir() {
  fill_store_copy
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$BUILD/bench/fill_cost" \
    --db "sqlite:$work/a.db" --fill "$work/fill.txt" --plain "$work/plain.txt" --threads 16 \
    --round $((RUNS / 4)) --rounds 4 --warmup $((RUNS / 4)) --only "$1" $2 >/dev/null \
    2>"$work/valgrind.txt"
  callgrind_annotate --inclusive=yes "$work/cg.out" |
    awk '/post_measured\(gb::server::Request const&, gb::server::Services const\*/ && !n++ {gsub(",", "", $1); print $1}'
}

plain=$(handler_ir plain "")
fill=$(handler_ir fill "")
kept=$(handler_ir fill --kept)
if [ -z "$plain" ] || [ -z "$fill" ] || [ -z "$kept" ]; then
  echo "fill_instructions.sh: no count for post_measured in callgrind's output" >&2
  cat "$work/valgrind.txt" >&2
  exit 1
fi
per_run() { awk -v a="$1" -v n="$RUNS" 'BEGIN {printf "%.0f", a / n}'; }
versus() { awk -v a="$1" -v b="$plain" 'BEGIN {printf "%+.2f%%", (a / b - 1) * 100}'; }
{
  echo "# A slot fill against a plain submission, in instructions ($(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
  echo
  echo "$RUNS runs of the random agent (at most 40 actions) posted from 16 threads through the request handler (bench/fill_cost under callgrind), on SQLite, after a warm-up of $((RUNS / 4)) of the same kind; instructions inside the handler for the measured runs."
  echo
  echo "| kind | instructions | per run | against plain |"
  echo "|---|---|---|---|"
  echo "| plain submission | $plain | $(per_run "$plain") | - |"
  echo "| fill, card not opened by this server (read once) | $fill | $(per_run "$fill") | $(versus "$fill") |"
  echo "| fill, card opened by this server (kept) | $kept | $(per_run "$kept") | $(versus "$kept") |"
} | tee "$OUT"
