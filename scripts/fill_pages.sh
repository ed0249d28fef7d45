#!/usr/bin/env bash
# What a slot fill writes against a plain submission of the same run, page by page: on a SQLite
# store of FILL_NAMES names (50) with 4 open open-v1 cards each (bench/card_fill slots),
# bench/fill_cost posts FILL_RUNS bodies (2,000) of one kind through the request handler, under
# strace, and every WAL frame written (a frame is one B-tree page of a commit) is attributed to
# its table or index by its page number (sqlite3's dbstat). Twice per kind: from 1 thread, so
# that each commit holds one submission (the pages of one run alone), and from 16 threads, so
# that the group commit shares pages between the runs of a batch (docs/performance.md, "What a
# fill writes"). Needs strace and the sqlite3 shell (GAMEBOARD_WITH_BENCH=1 scripts/deps.sh) and
# the release build (card_fill, fill_cost).
# Usage: scripts/fill_pages.sh   (env: FILL_NAMES, FILL_RUNS; writes artifacts/fill_pages.md)
set -euo pipefail
cd "$(dirname "$0")/.."
NAMES=${FILL_NAMES:-50}
RUNS=${FILL_RUNS:-2000}
BUILD=build/release
OUT=artifacts/fill_pages.md
# shellcheck source=scripts/fill_store.sh
. scripts/fill_store.sh
fill_store_prepare fill_pages.sh fill-pages 240 strace sqlite3

# Posts RUNS bodies of kind $1 from $2 threads on a fresh copy of the store; writes to
# $work/frames.$1.$2 one line "table count" per table or index the WAL frames were pages of,
# and to $work/commits.$1.$2 the number of commits (the WAL's fdatasyncs).
count_frames() {
  fill_store_copy
  strace -f -xx -e trace=pwrite64,fdatasync -o "$work/trace" "$BUILD/bench/fill_cost" \
    --db "sqlite:$work/a.db" --fill "$work/fill.txt" --plain "$work/plain.txt" --threads "$2" \
    --round $((RUNS / 4)) --rounds 4 --only "$1" >/dev/null
  sqlite3 "$work/a.db" "SELECT pageno || ' ' || name FROM dbstat" >"$work/pages"
  # A frame's 24-byte header starts with its page number, big-endian.
  grep -E 'pwrite64\([0-9]+, "(\\x[0-9a-f]{2}){24}", 24, [0-9]+\) += 24$' "$work/trace" |
    sed -E 's/.*pwrite64\([0-9]+, "\\x(..)\\x(..)\\x(..)\\x(..).*/\1\2\3\4/' |
    awk 'function hex(s,   v, i) {for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v}
         NR == FNR {name[$1] = $2; next} {c[name[hex($1)]]++}
         END {for (k in c) print k, c[k]}' "$work/pages" - >"$work/frames.$1.$2"
  grep -c 'fdatasync(' "$work/trace" >"$work/commits.$1.$2" || true
}

for threads in 1 16; do
  for kind in plain fill; do count_frames $kind $threads; done
done

# Prints the table of frames a run for $1 threads: one row per table or index, then the totals.
table() {
  awk -v n="$RUNS" -v pc="$(cat "$work/commits.plain.$1")" -v fc="$(cat "$work/commits.fill.$1")" '
    FILENAME ~ /frames[.]plain[.]/ {p[$1] = $2; seen[$1] = 1; pt += $2}
    FILENAME ~ /frames[.]fill[.]/ {f[$1] = $2; seen[$1] = 1; ft += $2}
    END {
      for (k in seen) printf "| %s | %.3f | %.3f | %+.3f |\n", k, p[k] / n, f[k] / n, (f[k] - p[k]) / n | "sort -t\"|\" -k4 -rn"
      close("sort -t\"|\" -k4 -rn")
      printf "| **all pages** | **%.3f** | **%.3f** | **%+.3f** (%+.1f%%) |\n", pt / n, ft / n, (ft - pt) / n, (ft / pt - 1) * 100
      printf "| commits (fdatasync) | %.3f | %.3f | |\n", pc / n, fc / n
    }' "$work/frames.plain.$1" "$work/frames.fill.$1"
}

{
  echo "# What a slot fill writes against a plain submission ($(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
  echo
  echo "$RUNS runs of the random agent (at most 40 actions) posted through the request handler (bench/fill_cost under strace) on SQLite, as plain submissions and as fills of the same runs (slug, seed, actions); WAL frames (B-tree pages written) a run, by table or index."
  for threads in 1 16; do
    echo
    echo "From $threads thread(s):"
    echo
    echo "| table or index | plain | fill | fill - plain |"
    echo "|---|---|---|---|"
    table $threads
  done
} | tee "$OUT"
