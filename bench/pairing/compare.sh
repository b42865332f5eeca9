#!/usr/bin/env bash
# Side-by-side: Gauntlet's pairing_bench vs tournament-organizer (npm) on the same round-5 inputs.
#
#   bench/pairing/compare.sh [build-dir] [sizes...]
#   bench/pairing/compare.sh build/release 128 1024 10000 100000
#
# Installs tournament-organizer into bench/.scratch/tournament-organizer (git-ignored; not a
# product dependency). TO_TIMEOUT (seconds, default 60) caps each tournament-organizer run;
# TO_MAX (default 10000) skips it above that size (it builds all n(n-1)/2 edges in JavaScript).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build/release}
shift || true
sizes=${*:-128 1024 10000 100000}
bench=$build/bench/pairing/pairing_bench
scratch=$root/bench/.scratch/tournament-organizer
mkdir -p "$scratch"
if [ ! -d "$scratch/node_modules/tournament-organizer" ]; then
  (cd "$scratch" && npm init -y >/dev/null && npm install --no-audit --no-fund tournament-organizer@4 >/dev/null)
fi
cp "$root/bench/pairing/time_to.mjs" "$scratch/"
to_version=$(node -p "require('$scratch/node_modules/tournament-organizer/package.json').version")
printf '%-8s %14s %10s %10s   %22s %10s %8s\n' players "gauntlet(ms)" rematches floats \
  "tournament-org $to_version(ms)" rematches cross
for n in $sizes; do
  "$bench" --export "$n" > "$scratch/round5-$n.json"
  ours=$("$bench" --benchmark_filter="SwissRound5/$n\$" --benchmark_format=json 2>/dev/null |
    node -e 'const b=JSON.parse(require("fs").readFileSync(0)).benchmarks[0];
             console.log(b.real_time.toFixed(2), b.rematches, b.floats)')
  if [ "$n" -gt "${TO_MAX:-10000}" ]; then theirs="skipped - -"; else
  theirs=$(cd "$scratch" && timeout "${TO_TIMEOUT:-60}" node time_to.mjs "round5-$n.json" |
    node -e 'const r=JSON.parse(require("fs").readFileSync(0)); console.log(r.ms.toFixed(2), r.rematches, r.cross)' ||
    echo "timeout(${TO_TIMEOUT:-60}s) - -"); fi
  read -r o_ms o_re o_fl <<< "$ours"
  read -r t_ms t_re t_cr <<< "$theirs"
  printf '%-8s %14s %10s %10s   %22s %10s %8s\n' "$n" "$o_ms" "$o_re" "$o_fl" "$t_ms" "$t_re" "$t_cr"
done
