#!/usr/bin/env bash
# The scorecard benchmark of issue 22 (SPEC section 14; docs/performance.md, "Scorecards"), each
# figure beside a baseline measured in the same run:
#   1. the store filled with CARDS_CARDS closed open-v1 cards (default 1,000; 60 slots each) of
#      CARDS_NAMES names (200) by bench/card_fill (runs::open_card, runs::submit_run,
#      runs::close_card in process), then p99 latency at CARDS_RATE requests/s (1,000;
#      bench/fixed_rate, open loop) of reading a closed card (GET /api/scorecards/{id}) and of
#      the agents' board's first page (GET /api/scorecards?suite=open-v1), against GET /healthz at
#      the same rate; plus each request's latency alone (the median of 5 in a row);
#   2. slot fills per second from 16 connections (wrk, bench/scale_submit.lua: every slot of
#      cards freshly opened through the server, as agents open them, so that the server keeps
#      their slots; each run verified and stored) against plain submissions of the same runs
#      (same slug, seed and actions, under other names) from 16 connections: CARDS_ROUNDS rounds
#      (16) of CARDS_SUBMIT_SECONDS (5 s), half of each kind, each on its own share of its kind's
#      bodies, in the order plain, fill, fill, plain, fill, plain, plain, fill (again and again),
#      so that a store growing or a machine slowing during the measurement weighs on both alike;
#      with each round's CPU time per stored run of the server and of the database's processes
#      (PostgreSQL), which wrk's own share of the machine does not blur. Each side-by-side pair
#      of rounds gives a ratio; their median is the figure a change of the machine's speed
#      between two pairs does not move.
# Loopback only; every load run is bounded in time; everything started here stops on exit.
# Writes artifacts/cards_bench.md. Ports: HTTP 25588, PostgreSQL 25587.
# Usage: scripts/bench_cards.sh   (env: CARDS_CARDS, CARDS_NAMES, CARDS_RATE, CARDS_SECONDS,
#        CARDS_LENGTH, CARDS_FILLERS, CARDS_ROUNDS, CARDS_SUBMIT_SECONDS,
#        CARDS_BACKENDS="sqlite postgresql", CARDS_WORK_THREADS: the server's --work-threads,
#        its default when unset)
set -euo pipefail
cd "$(dirname "$0")/.."
CARDS=${CARDS_CARDS:-1000}
NAMES=${CARDS_NAMES:-200}
RATE=${CARDS_RATE:-1000}
SECS=${CARDS_SECONDS:-10}
ROUNDS=${CARDS_ROUNDS:-16}
SUBMIT_SECS=${CARDS_SUBMIT_SECONDS:-5}
LENGTH=${CARDS_LENGTH:-40}
# Names with 4 open cards each: FILLERS * 240 slot-fill bodies, FILLERS * 480 / ROUNDS a round.
# At most 256, so that the server keeps every card opened (its slot cache holds 1,024).
FILLERS=${CARDS_FILLERS:-250}
BACKENDS=${CARDS_BACKENDS:-sqlite postgresql}
WORK_THREADS=${CARDS_WORK_THREADS:-}
if [ "$FILLERS" -gt 256 ]; then
  echo "bench_cards.sh: note: CARDS_FILLERS above 256 opens more cards than the server keeps;" \
    "the first fills of the cards it forgot read them from the store" >&2
fi
if [ $((ROUNDS % 8)) != 0 ] || [ "$ROUNDS" -lt 8 ]; then
  echo "bench_cards.sh: CARDS_ROUNDS must be a multiple of 8" >&2
  exit 2
fi
BUILD=build/release
BIN=$BUILD/src/cli/gameboard
PG_PORT=25587
HTTP_PORT=25588
OUT=artifacts/cards_bench.md
for tool in "$BIN" "$BUILD/bench/card_fill" "$BUILD/bench/fixed_rate"; do
  [ -x "$tool" ] || { echo "bench_cards.sh: $tool is missing (make bench-cards builds it)" >&2; exit 1; }
done
command -v wrk >/dev/null || { echo "bench_cards.sh: wrk is missing (GAMEBOARD_WITH_BENCH=1 scripts/deps.sh)" >&2; exit 1; }
mkdir -p artifacts
work=$(mktemp -d /var/tmp/gb-cards.XXXXXX)
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

# Starts the server on store $1 with the submission limits lifted; waits until it answers. The
# work queue is short so that a request the server cannot keep up with is refused (503, counted
# as an error) instead of queueing minutes of work behind the measurement.
start_server() {
  "$BIN" serve --host 127.0.0.1 --port $HTTP_PORT --db "$1" --data-dir "$work/data" \
    --submit-rate 1000000 --submit-burst 1000000 --work-queue 256 \
    ${WORK_THREADS:+--work-threads "$WORK_THREADS"} >"$work/server.log" 2>&1 &
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

# Waits (at most 120 s) until a store request answers within 50 ms again, so that work left
# queued by a load the server could not keep up with does not spill into the next measurement.
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

# Splits body file $1 into ROUNDS / 2 parts $1.1 to $1.(ROUNDS / 2): one for each round of its kind.
split_rounds() {
  local n k parts=$((ROUNDS / 2))
  n=$(wc -l <"$1")
  for k in $(seq "$parts"); do
    sed -n "$(((k - 1) * n / parts + 1)),$((k * n / parts))p" "$1" >"$1.$k"
  done
}

# CPU time in clock ticks used so far by the server and by every PostgreSQL process.
cpu_ticks() {
  local total=0 pid
  for pid in $server_pid $(pgrep -x postgres || true); do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}

# Posts the bodies of file $1 from 16 connections for SUBMIT_SECS seconds; prints "rate other reused
# cpu": runs stored per second, answers other than 201, requests sent after the bodies ran out,
# and CPU microseconds (server and database) per stored run.
submit_rate() {
  local before after
  before=$(cpu_ticks)
  BODIES="$1" THREADS=2 wrk -t2 -c16 -d"${SUBMIT_SECS}s" --timeout 30s \
    -s bench/scale_submit.lua "http://127.0.0.1:$HTTP_PORT/api/runs" >"$work/wrk.txt" 2>&1
  after=$(cpu_ticks)
  read -r _ created _ other _ reused < <(grep '^created' "$work/wrk.txt")
  awk -v c="$created" -v s="$SUBMIT_SECS" -v o="$other" -v r="$reused" -v t=$((after - before)) \
    -v hz="$(getconf CLK_TCK)" 'BEGIN {printf "%.0f %d %d %.0f\n", c / s, o, r, (c > 0 ? t * 1e6 / hz / c : 0)}'
}

{
  echo "# Scorecards ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg) at the start, commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
  echo
  echo "$CARDS closed open-v1 cards of 60 slots of $NAMES names (runs of the random agent, at most $LENGTH actions); latency at $RATE requests/s for ${SECS} s (after 2 s of warm-up; 16 connections; open loop, latency counted from when each request was due); submissions from 16 connections, $ROUNDS rounds of ${SUBMIT_SECS} s; server work threads: ${WORK_THREADS:-the default}."
} >"$OUT"

lat_rows=()
sub_rows=()
fill_rows=()
for backend in $BACKENDS; do
  echo "== $backend: fill $CARDS closed cards"
  # As bench_scale.sh: the fill need not wait for a durable commit per run (SQLite fills a file in
  # /dev/shm that is then moved to disk; PostgreSQL's fill sessions commit asynchronously). The
  # server, started after, uses the file on disk and PostgreSQL as configured.
  if [ "$backend" = sqlite ]; then
    db="sqlite:$work/cards.db"
    fill_db=$db
    if [ -d /dev/shm ] && [ -w /dev/shm ]; then
      shm=$(mktemp -d /dev/shm/gb-cards.XXXXXX)
      fill_db="sqlite:$shm/cards.db"
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
  fill_line=$("$BUILD/bench/card_fill" store --db "$fill_db" --cards "$CARDS" --names "$NAMES" \
    --length "$LENGTH" --threads $threads --ids-out "$work/ids.txt")
  echo "$fill_line"
  if [ -n "$shm" ]; then
    mv "$shm"/cards.db* "$work/"
    sync "$work/cards.db"
    rm -rf "$shm"
    shm=
  fi
  if [ "$backend" = postgresql ]; then
    "$pg_bin/psql" -h 127.0.0.1 -p $PG_PORT -U gb -d gameboard -qc "VACUUM ANALYZE"
  fi
  start_server "$db"
  # The cards to fill are opened through the server, as agents open them.
  "$BUILD/bench/card_fill" slots --server "http://127.0.0.1:$HTTP_PORT" --names "$FILLERS" \
    --cards 4 --length "$LENGTH" --fill-out "$work/fill.txt" --plain-out "$work/plain.txt"
  awk 'BEGIN {srand(22)} {ids[NR] = $1} END {for (i = 0; i < 1000; i++) print "/api/scorecards/" ids[int(rand() * NR) + 1]}' \
    "$work/ids.txt" >"$work/card.txt"
  echo "/api/scorecards?suite=open-v1" >"$work/board.txt"
  echo /healthz >"$work/health.txt"
  idle_target=$(head -1 "$work/card.txt")
  echo "== $backend: latency at $RATE requests/s"
  health=$(at_rate "$work/health.txt")
  echo "healthz: $health"
  hp99=$(field p99 "$health")
  lat_rows+=("| $backend | GET /healthz (baseline) | - | $(field rate "$health") | $(field errors "$health") | $(field p50 "$health") | $hp99 | 1.00 |")
  for kind in card board; do
    case $kind in
      card) what="a closed card: GET /api/scorecards/{id}" ;;
      board) what="agents' board, first page: GET /api/scorecards?suite=open-v1" ;;
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
  split_rounds "$work/plain.txt"
  split_rounds "$work/fill.txt"
  kinds=()
  for _ in $(seq $((ROUNDS / 8))); do kinds+=(plain fill fill plain fill plain plain fill); done
  rates=()
  cpus=()
  reused_all=0
  other_all=0
  declare -A share=([plain]=0 [fill]=0)
  for kind in "${kinds[@]}"; do
    share[$kind]=$((share[$kind] + 1))
    round=$((share[plain] + share[fill]))
    read -r rate other reused cpu < <(submit_rate "$work/$kind.txt.${share[$kind]}")
    echo "round $round, $kind: $rate runs/s, $cpu us of CPU a run ($other other, $reused reused)"
    rates+=("$rate")
    cpus+=("$cpu")
    other_all=$((other_all + other))
    reused_all=$((reused_all + reused))
    wait_idle "$idle_target"
  done
  # Rounds (1, 2), (3, 4), ... each hold one plain and one fill round, side by side.
  summary=$(awk -v r="${rates[*]}" -v c="${cpus[*]}" -v k="${kinds[*]}" '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) {t = a[j]; a[j] = a[j - 1]; a[j - 1] = t}
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    BEGIN {
      n = split(r, rate, " "); split(c, cpu, " "); split(k, kind, " ")
      for (i = 1; i <= n; i++) {
        if (kind[i] == "plain") {pr += rate[i]; pc += cpu[i]} else {fr += rate[i]; fc += cpu[i]}
      }
      lo = 1e9; hi = 0; m = 0
      for (i = 1; i <= n; i += 2) {
        p = kind[i] == "plain" ? i : i + 1; f = kind[i] == "plain" ? i + 1 : i
        x = rate[f] / rate[p]; if (x < lo) lo = x; if (x > hi) hi = x
        m++; pair[m] = x; cpair[m] = cpu[p] / cpu[f]
        plist = plist (plist == "" ? "" : ",") rate[p]; flist = flist (flist == "" ? "" : ",") rate[f]
        pclist = pclist (pclist == "" ? "" : ",") cpu[p]; fclist = fclist (fclist == "" ? "" : ",") cpu[f]
      }
      printf "%.0f %.0f %.2f %.2f %.2f %.2f %.2f %.2f %s %s %s %s", pr * 2 / n, fr * 2 / n, fr / pr, lo, hi, pc / fc, median(pair, m), median(cpair, m), plist, flist, pclist, fclist
    }')
  read -r plain_rate fill_rate verdict pair_lo pair_hi cpu_verdict pair_median cpu_median plain_list fill_list plain_cpus fill_cpus <<<"$summary"
  echo "plain runs: $plain_list/s; slot fills: $fill_list/s (pair by pair); fills / plain $verdict (pairs $pair_lo to $pair_hi, median $pair_median), CPU a plain run / a fill $cpu_verdict (median of pairs $cpu_median)"
  if [ "$reused_all" != 0 ]; then
    # A round that ran out of bodies resubmits stored runs: its rate is a bound, not a figure.
    echo "bench_cards.sh: the bodies ran out; raise CARDS_FILLERS" >&2
    verdict="none: the bodies ran out (raise CARDS_FILLERS)"
    pair_median="none"
    cpu_verdict="none"
    cpu_median="none"
  fi
  sub_rows+=("| $backend | ${plain_list//,/, } | $plain_rate | ${plain_cpus//,/, } | ${fill_list//,/, } | $fill_rate | ${fill_cpus//,/, } | $other_all | **$pair_median** ($pair_lo to $pair_hi; means $verdict) | **$cpu_median** (means $cpu_verdict) |")
  fill_rows+=("| $backend | $fill_line |")
  stop_server
  if [ "$backend" = postgresql ]; then bash scripts/pg.sh stop $PG_PORT; pg_started=0; fi
done

{
  echo
  echo "## Reads at $RATE requests/s with $CARDS closed cards"
  echo
  echo "Latencies in ms. \"alone\": the median of 5 requests in a row by curl (a new connection each), nothing else running. Errors: answers other than 200 (the server's work queue is 256 deep, so a load it cannot keep up with is refused with 503), or no answer within 5 s of the schedule's end. Target: p99 under 5 ms."
  echo
  echo "| store | request | alone | answered/s | errors | p50 | p99 | p99 / healthz p99 |"
  echo "|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${lat_rows[@]}"
  echo
  echo "## Filling a slot against submitting the same run plainly (16 connections)"
  echo
  echo "The same runs (slug, seed, actions; at most $LENGTH actions) submitted as plain runs of other names and as fills of every slot of $((FILLERS * 4)) cards opened through the server: $ROUNDS rounds of ${SUBMIT_SECS} s in the order plain, fill, fill, plain, fill, plain, plain, fill (repeated), each on its own share of the bodies; rates and CPU are listed pair by pair (rounds 1-2, 3-4, ...). CPU: microseconds of CPU time per stored run, of the server and of PostgreSQL's processes together (not wrk's). Fills / plain: the median of the pairs' rate ratios, in brackets the lowest and highest, and the ratio of the mean rates. CPU plain / fill: the median of the pairs' ratios, above 1 when a fill costs less CPU than a plain run, and the ratio of the means."
  echo
  echo "| store | plain runs/s | plain mean | CPU us a run | slot fills/s | fills mean | CPU us a run | non-201 | fills / plain | CPU plain / fill |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${sub_rows[@]}"
  echo
  echo "## Filling the store (bench/card_fill: open, play, runs::submit_run into each slot, close)"
  echo
  echo "| store | |"
  echo "|---|---|"
  printf '%s\n' "${fill_rows[@]}"
  echo
  echo "The whole benchmark took $(( ($(date +%s) - began) / 60 )) min $(( ($(date +%s) - began) % 60 )) s."
} >>"$OUT"
cat "$OUT"
