#!/usr/bin/env bash
# How long `gauntlet serve` takes from process start until it serves (issue 16 point 2: a server
# holding 1 000 stored events starts and serves in under 1 s), and its memory then.
#
# Usage: bench/server/start_time.sh DB [RUNS] [GAUNTLET]
#   DB        a database, e.g. one written by build/release/bench/server/server_bench_many
#   RUNS      starts to time (default 5)
#   GAUNTLET  the program (default build/release/gauntlet)
#
# "Serves" is the user's view: the first successful GET /api/events and then GET
# /api/events/<id>/standings of the last event listed (curl every 5 ms from process start; the
# figure includes those curls). Then the server's CPU time so far (user + system, from
# /proc/PID/stat: steadier than wall time on a shared machine), VmRSS and VmHWM from
# /proc/PID/status, and the server is stopped. One line per run. docs/benchmarks.md has the
# commands and figures ("Opening events: checkpoints").
set -euo pipefail
db="$1"
runs="${2:-5}"
gauntlet="${3:-$(dirname "$0")/../../build/release/gauntlet}"
port=$((20000 + RANDOM % 20000))
base="http://127.0.0.1:$port/api/events"

for run in $(seq "$runs"); do
  start=$(date +%s%N)
  "$gauntlet" --db "$db" serve --listen "127.0.0.1:$port" >/dev/null 2>&1 &
  pid=$!
  served=""
  for _ in $(seq 4000); do
    if list=$(curl -sf --max-time 5 "$base"); then
      last=$(grep -o '"id":"[^"]*"' <<<"$list" | tail -1 | cut -d'"' -f4 || true)
      if [ -z "$last" ] || curl -sf --max-time 5 -o /dev/null "$base/$last/standings"; then
        served=$(date +%s%N)
        break
      fi
    fi
    sleep 0.005
  done
  ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
  hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  [ -n "$served" ] || { echo "start_time.sh: run $run: the server did not serve within 20 s" >&2; exit 1; }
  cpu_ms=$((ticks * 1000 / $(getconf CLK_TCK)))
  echo "run $run: served after $(((served - start) / 1000000)) ms (CPU ${cpu_ms} ms); VmRSS ${rss} kB, VmHWM ${hwm} kB"
done
