#!/usr/bin/env bash
# Whole-process benchmark of the commands users run on event files (issue 16 point 1):
# `gauntlet pair --event FILE --json` and `gauntlet standings --event FILE --json`, from the
# program's start to its exit, on event files written the way `gauntlet export` writes them
# (journal included, indented; from 1 MB on, the checkpoint after it: eventfile/file_checkpoint.hpp),
# for SR2017 events of N players with 5 rounds played — and on the same files without the
# checkpoint ("plain": another tool's file, one edited by hand, or one of another build), whose
# journal is re-decided entry by entry.
#
# Usage: bench/eventfile/whole_process.sh [PLAYERS...]   (default: 1000 10000 100000)
# Needs: hyperfine (scripts/install-deps). Builds gauntlet and event_file_gen in build/release.
# The event files are generated once into $GAUNTLET_BENCH_DIR (default /tmp/gauntlet-eventfile-bench)
# and kept for the next run (a 100 000-player file is ~360 MB and takes a minute or two to make)
# until event_file_gen is rebuilt: a checkpoint is trusted only by the build that wrote it.
# Results go to stdout and to $GAUNTLET_BENCH_DIR/results.md; docs/benchmarks.md records a run.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=build/release
dir="${GAUNTLET_BENCH_DIR:-/tmp/gauntlet-eventfile-bench}"
rounds=5
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000)
command -v hyperfine >/dev/null || { echo "whole_process.sh: needs hyperfine (scripts/install-deps)" >&2; exit 2; }

scripts/build release gauntlet event_file_gen >/dev/null
mkdir -p "$dir"
gauntlet="$(pwd)/$build/gauntlet"
: >"$dir/results.md"
for n in "${sizes[@]}"; do
  file="$dir/event-$n-$rounds.json"
  plain="$dir/event-$n-$rounds-plain.json"
  gen="$build/bench/eventfile/event_file_gen"
  if [ ! -s "$file" ] || [ ! -s "$plain" ] || [ "$gen" -nt "$file" ]; then
    "$gen" "$n" "$rounds" "$file" "$plain"
    # The kernel writes the new files back while the first runs are timed: 700 MB at 100 000
    # players made `pair` on the plain file 1.18 s against 0.84 s a minute later (2026-11-28).
    sync
  fi
  echo "== $n players, $rounds rounds: $(du -hL "$file" | cut -f1) ($file), plain $(du -hL "$plain" | cut -f1)"
  # Fewer runs for the largest files: each run is a whole import of the event.
  runs=10
  [ "$n" -lt 50000 ] || runs=3
  hyperfine -N --warmup 1 --runs "$runs" --output=null --export-markdown "$dir/part.md" \
    "$gauntlet pair --event $file --json" "$gauntlet standings --event $file --json" \
    "$gauntlet pair --event $plain --json" "$gauntlet standings --event $plain --json"
  tail -n +3 "$dir/part.md" >>"$dir/results.md"
  # Peak memory of one run each (GNU time's maximum resident set size).
  for f in "$file" "$plain"; do
    for cmd in pair standings; do
      /usr/bin/time -f "$n players: $cmd peak RSS %M KB ($(basename "$f"))" "$gauntlet" "$cmd" --event "$f" --json >/dev/null
    done
  done
done
echo
echo "| command | mean ± σ [ms] | min [ms] | max [ms] | relative |"
echo "|---|---|---|---|---|"
cat "$dir/results.md"
