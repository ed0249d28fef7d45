# Sourced by fill_instructions.sh and fill_pages.sh, not run: the SQLite store both measure
# (FILL_NAMES names with 4 open open-v1 cards each, bench/card_fill slots) and the two files of
# bodies of the same runs, as fills of those cards' slots and as plain runs of other names.
# Expects NAMES, RUNS and BUILD set, and the caller's directory the repository's root.

# Checks for the release build's card_fill and fill_cost and for each TOOL (a bench package),
# that RUNS is a multiple of 4 and at most NAMES * PER_NAME, then makes $work (removed on exit)
# holding base.db, fill.txt and plain.txt. Exits with a message naming SCRIPT when one fails.
# Usage: fill_store_prepare SCRIPT TEMP_TAG PER_NAME TOOL...
fill_store_prepare() {
  local script=$1 tag=$2 per_name=$3 tool
  shift 3
  for tool in "$BUILD/bench/card_fill" "$BUILD/bench/fill_cost"; do
    [ -x "$tool" ] || { echo "$script: $tool is missing (make build)" >&2; exit 1; }
  done
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$script: $tool is missing (GAMEBOARD_WITH_BENCH=1 scripts/deps.sh)" >&2; exit 1; }
  done
  if [ $((RUNS % 4)) != 0 ] || [ "$RUNS" -gt $((NAMES * per_name)) ]; then
    echo "$script: FILL_RUNS must be a multiple of 4 and at most FILL_NAMES * $per_name" >&2
    exit 2
  fi
  mkdir -p artifacts
  work=$(mktemp -d "/var/tmp/gb-$tag.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  "$BUILD/bench/card_fill" slots --db "sqlite:$work/base.db" --names "$NAMES" --cards 4 \
    --length 40 --fill-out "$work/fill.txt" --plain-out "$work/plain.txt" >/dev/null
}

# Replaces $work/a.db with a fresh copy of the store, for one kind's measurement.
fill_store_copy() {
  rm -f "$work"/a.db*
  cp "$work/base.db" "$work/a.db"
}
