#!/usr/bin/env bash
# The benchmark of issue 23 (SPEC section 16; docs/performance.md, "At a hundred thousand runs"),
# on SQLite and on PostgreSQL (scripts/pg.sh on port 25723), each figure beside a baseline
# measured in the same run:
#   1. the store filled with SCALE_RUNS runs (default 100,000) of SCALE_NAMES names (5,000) by
#      bench/scale_fill (agents' runs submitted through runs::submit_run, as POST /api/runs), then
#      p99 latency at SCALE_RATE requests/s (1,000; bench/fixed_rate, open loop) of a board's
#      first page, a deep page (the last 20 of the SCALE_NAMES-name all-time board), the middle
#      page (the page that skips the most index entries, since a page past the middle is read
#      from the bottom), the lobby's top fives and a run by id, against GET /healthz at the same
#      rate; plus each request's latency alone (the median of 5 in a row);
#   2. submissions per second from 16 connections (wrk, bench/scale_submit.lua: distinct runs of
#      the same population, each verified and stored) against GET /healthz from 16 connections,
#      and against verifying the same runs in process on one thread;
#   3. verifying a planner run against playing it in process (bench/verify_bench).
# Loopback only; every load run is bounded in time; everything started here stops on exit.
# Writes artifacts/scale_bench.md. Takes about 11 minutes at the default sizes on 2 cores.
# Usage: scripts/bench_scale.sh   (env: SCALE_RUNS, SCALE_NAMES, SCALE_RATE, SCALE_SECONDS,
#        SCALE_BODIES, SCALE_BACKENDS="sqlite postgresql", SCALE_SERVER_ARGS: more options of
#        `gameboard serve`, such as "--work-threads 16")
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${SCALE_RUNS:-100000}
NAMES=${SCALE_NAMES:-5000}
RATE=${SCALE_RATE:-1000}
SECS=${SCALE_SECONDS:-10}
BODIES=${SCALE_BODIES:-30000}
BACKENDS=${SCALE_BACKENDS:-sqlite postgresql}
BUILD=build/release
BIN=$BUILD/src/cli/gameboard
PG_PORT=25723
HTTP_PORT=18710
OUT=artifacts/scale_bench.md
SLUGS="stormlark glimfall silkspan"
for tool in "$BIN" "$BUILD/bench/scale_fill" "$BUILD/bench/fixed_rate" "$BUILD/bench/verify_bench"; do
  [ -x "$tool" ] || { echo "bench_scale.sh: $tool is missing (make bench builds it)" >&2; exit 1; }
done
command -v wrk >/dev/null || { echo "bench_scale.sh: wrk is missing (GAMEBOARD_WITH_BENCH=1 scripts/deps.sh)" >&2; exit 1; }
mkdir -p artifacts
work=$(mktemp -d /var/tmp/gb-scale.XXXXXX)
server_pid=
pg_started=0
shm=
cleanup() {
  if [ -n "$shm" ]; then rm -rf "$shm"; fi
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  if [ "$pg_started" = 1 ]; then bash scripts/pg.sh stop $PG_PORT; fi
  rm -rf "$work"
}
trap cleanup EXIT
began=$(date +%s)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
deep_offset=$((NAMES > 20 ? NAMES - 20 : 0))
middle_offset=$((NAMES > 20 ? NAMES / 2 - 10 : 0))

# Starts the server on store $1 with the submission limits lifted; waits until it answers.
start_server() {
  "$BIN" serve --host 127.0.0.1 --port $HTTP_PORT --db "$1" --data-dir "$work/data" \
    --submit-rate 1000000 --submit-burst 1000000 --work-queue 10000 ${SCALE_SERVER_ARGS:-} \
    >"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$HTTP_PORT/healthz" >/dev/null && return; sleep 0.1; done
  cat "$work/server.log" >&2
  exit 1
}

stop_server() {
  kill "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=
}

# Waits (at most 120 s) until a store request answers within 50 ms again: work left queued by a
# load the server could not keep up with must not spill into the next measurement.
wait_idle() {  # a target on the work pool
  for _ in $(seq 240); do
    t=$(curl -s -o /dev/null -w '%{time_total}' "http://127.0.0.1:$HTTP_PORT$1")
    awk -v t="$t" 'BEGIN {exit !(t < 0.05)}' && return
    sleep 0.5
  done
}

# Prints the median latency in ms of 5 requests in a row of each target of file $1 (in turn).
alone_ms() {
  for i in 1 2 3 4 5; do
    target=$(sed -n "$(((i - 1) % $(wc -l <"$1") + 1))p" "$1")
    curl -s -o /dev/null -w '%{time_total}\n' "http://127.0.0.1:$HTTP_PORT$target"
  done | sort -n | sed -n 3p | awk '{printf "%.2f", $1 * 1000}'
}

# Runs the fixed-rate load of target file $1; prints fixed_rate's line.
at_rate() {
  "$BUILD/bench/fixed_rate" --port $HTTP_PORT --rate "$RATE" --seconds "$SECS" --warmup 2 \
    --drain 5 --connections 16 --targets "$1"
}

field() {  # name line
  echo "$2" | tr ' ' '\n' | awk -F= -v k="$1" '$1 == k {print $2}'
}

ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {if (b <= 0) print "-"; else if (a / b < 0.1) printf "%.2g", a / b; else printf "%.2f", a / b}'
}

{
  echo "# At a hundred thousand runs ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg) at the start, commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
  if [ -n "${SCALE_SERVER_ARGS:-}" ]; then echo; echo "Server options beyond the defaults: \`$SCALE_SERVER_ARGS\`."; fi
  echo
  echo "$RUNS runs of $NAMES names; latency at $RATE requests/s for ${SECS} s (after 2 s of warm-up; 16 connections; open loop, latency counted from when each request was due); submissions from 16 connections for ${SECS} s."
} >"$OUT"

echo "== verify vs play (bench/verify_bench)"
"$BUILD/bench/verify_bench" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  --benchmark_min_time=0.5 --benchmark_format=json >"$work/verify.json"
{
  echo
  echo "## Verifying a planner run against playing it (one thread, median CPU of 5)"
  echo
  echo "| game (golden planner run, seed 2) | actions | play | verify | verify / play (target <= 2) |"
  echo "|---|---|---|---|---|"
  python3 - "$work/verify.json" <<'PY'
import json, sys
rows = {b["name"]: b for b in json.load(open(sys.argv[1]))["benchmarks"] if b.get("aggregate_name") == "median"}
for slug in ("stormlark", "glimfall", "silkspan"):
    play, verify = rows[f"BM_Play/{slug}_median"], rows[f"BM_Verify/{slug}_median"]
    us = lambda b: b["cpu_time"] / 1000 if b["time_unit"] == "ns" else b["cpu_time"]
    print(f"| {slug} | {int(verify['actions'])} | {us(play):.0f} us | {us(verify):.0f} us | {us(verify) / us(play):.2f} |")
PY
} >>"$OUT"

echo "== submission bodies: $BODIES runs"
"$BUILD/bench/scale_fill" bodies --runs "$BODIES" --names 64 --first-seed 10000000 \
  --name-prefix submitter- --out "$work/bodies.txt"
verify_line=$("$BUILD/bench/scale_fill" verify --runs 3000 --names 64 --first-seed 10000000 \
  --name-prefix submitter-)
verify_rate=$(field rate "$verify_line")

lat_rows=()
sub_rows=()
fill_rows=()
for backend in $BACKENDS; do
  echo "== $backend: fill $RUNS runs"
  # The fill writes the same rows through runs::submit_run either way, but need not wait for a
  # durable commit per run: SQLite fills a file in memory (/dev/shm) that is then moved to disk,
  # PostgreSQL's fill sessions commit with synchronous_commit off. The server, started after,
  # uses the file on disk and PostgreSQL as configured (synchronous commits).
  if [ "$backend" = sqlite ]; then
    db="sqlite:$work/scale.db"
    fill_db=$db
    if [ -d /dev/shm ] && [ -w /dev/shm ]; then
      shm=$(mktemp -d /dev/shm/gb-scale.XXXXXX)
      fill_db="sqlite:$shm/scale.db"
    fi
    threads=2
  else
    bash scripts/pg.sh start $PG_PORT >/dev/null
    pg_started=1
    bash scripts/pg.sh reset $PG_PORT
    db="postgresql://gb@127.0.0.1:$PG_PORT/gameboard"
    fill_db="$db?options=-c%20synchronous_commit%3Doff"
    threads=4
  fi
  fill_line=$("$BUILD/bench/scale_fill" store --db "$fill_db" --runs "$RUNS" --names "$NAMES" \
    --days 3 --threads $threads --ids-out "$work/ids.txt")
  echo "$fill_line"
  if [ -n "$shm" ]; then
    mv "$shm"/scale.db* "$work/"
    sync "$work/scale.db"
    rm -rf "$shm"
    shm=
  fi
  if [ "$backend" = postgresql ]; then
    # What autovacuum would do shortly after a bulk load: fresh planner statistics, so the
    # measurement does not depend on whether it ran yet.
    "$pg_bin/psql" -h 127.0.0.1 -p $PG_PORT -U gb -d gameboard -qc "VACUUM ANALYZE"
  fi
  start_server "$db"
  : >"$work/first.txt"; : >"$work/deep.txt"; : >"$work/middle.txt"; : >"$work/top5.txt"
  for slug in $SLUGS; do
    echo "/api/leaderboard/$slug" >>"$work/first.txt"
    echo "/api/leaderboard/$slug?kind=all&limit=20&offset=$deep_offset" >>"$work/deep.txt"
    echo "/api/leaderboard/$slug?kind=all&limit=20&offset=$middle_offset" >>"$work/middle.txt"
    echo "/api/leaderboard/$slug?kind=all&limit=5" >>"$work/top5.txt"
  done
  awk 'BEGIN {srand(23)} {ids[NR] = $1} END {for (i = 0; i < 1000; i++) print "/api/runs/" ids[int(rand() * NR) + 1]}' \
    "$work/ids.txt" >"$work/byid.txt"
  echo /healthz >"$work/health.txt"
  total=$(curl -s "http://127.0.0.1:$HTTP_PORT/api/leaderboard/glimfall?kind=all&limit=1" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
  idle_target=$(head -1 "$work/byid.txt")
  echo "== $backend: latency at $RATE requests/s"
  health=$(at_rate "$work/health.txt")
  echo "healthz: $health"
  hp99=$(field p99 "$health")
  lat_rows+=("| $backend | GET /healthz (baseline) | - | $(field rate "$health") | $(field errors "$health") | $(field p50 "$health") | $hp99 | 1.00 |")
  # The run by id first: a board the server cannot serve at this rate leaves work behind.
  for kind in byid top5 first deep middle; do
    case $kind in
      first) what="board, first page: GET /api/leaderboard/{slug}" ;;
      deep) what="deep page: ?kind=all&offset=$deep_offset (of $total names)" ;;
      middle) what="middle page: ?kind=all&offset=$middle_offset (of $total names)" ;;
      top5) what="lobby's top five: ?kind=all&limit=5" ;;
      byid) what="run by id: GET /api/runs/{id}" ;;
    esac
    wait_idle "$idle_target"
    alone=$(alone_ms "$work/$kind.txt")
    wait_idle "$idle_target"
    line=$(at_rate "$work/$kind.txt")
    echo "$kind: alone $alone ms; $line"
    p99=$(field p99 "$line")
    lat_rows+=("| $backend | $what | $alone | $(field rate "$line") | $(field errors "$line") | $(field p50 "$line") | $p99 | $(ratio "$p99" "$hp99") |")
  done
  wait_idle "$idle_target"
  echo "== $backend: submissions from 16 connections"
  wrk -t2 -c16 -d"${SECS}s" "http://127.0.0.1:$HTTP_PORT/healthz" >"$work/wrk_health.txt" 2>&1
  health_rate=$(awk '/Requests\/sec/ {print $2}' "$work/wrk_health.txt")
  BODIES="$work/bodies.txt" THREADS=2 wrk -t2 -c16 -d"${SECS}s" --timeout 30s \
    -s bench/scale_submit.lua "http://127.0.0.1:$HTTP_PORT/api/runs" >"$work/wrk_submit.txt" 2>&1
  read -r _ created _ other _ reused < <(grep '^created' "$work/wrk_submit.txt")
  submit_rate=$(awk -v c="$created" -v s="$SECS" 'BEGIN {printf "%.0f", c / s}')
  echo "submissions: $submit_rate/s created ($other other answers, $reused reused); healthz $health_rate/s"
  [ "$reused" = 0 ] || echo "bench_scale.sh: the bodies ran out; raise SCALE_BODIES" >&2
  sub_rows+=("| $backend | $submit_rate | $other | $health_rate | $(ratio "$submit_rate" "$health_rate") | $(ratio "$submit_rate" "$verify_rate") |")
  fill_rows+=("| $backend | $fill_line |")
  stop_server
  if [ "$backend" = postgresql ]; then bash scripts/pg.sh stop $PG_PORT; pg_started=0; fi
done

{
  echo
  echo "## Reads at $RATE requests/s with $RUNS runs of $NAMES names"
  echo
  echo "Latencies in ms. \"alone\": the median of 5 requests in a row by curl (a new connection each), nothing else running. Errors: answers other than 200, or no answer within 5 s of the schedule's end (counted with the latency reached then). Target: p99 under 5 ms."
  echo
  echo "| store | request | alone | answered/s | errors | p50 | p99 | p99 / healthz p99 |"
  echo "|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${lat_rows[@]}"
  echo
  echo "## Submissions from 16 connections (distinct runs of the same population, each verified and stored)"
  echo
  echo "Baselines in the same run: GET /healthz from 16 connections (the HTTP layer alone), and verifying the same kind of runs in process on one thread: $verify_rate runs/s. Target on SQLite: at least 1,000 runs/s."
  echo
  echo "| store | created/s | non-201 | healthz/s | created / healthz | created / in-process verify |"
  echo "|---|---|---|---|---|---|"
  printf '%s\n' "${sub_rows[@]}"
  echo
  echo "## Filling the store (bench/scale_fill: play, then runs::submit_run)"
  echo
  echo "| store | |"
  echo "|---|---|"
  printf '%s\n' "${fill_rows[@]}"
  echo
  echo "The whole benchmark took $(( ($(date +%s) - began) / 60 )) min $(( ($(date +%s) - began) % 60 )) s."
} >>"$OUT"
cat "$OUT"
