#!/usr/bin/env bash
# CI guard for the README's first command (issue 7): runs `scripts/run` exactly as a new user would
# (in the repository it is given, normally a fresh clone), on a free loopback port; waits for the
# URL it prints; fetches `/` and the demo event's standings; stops it. Then checks that every
# `scripts/…` and `build/…` path the README names exists, and every path docs/ names is real. Exits non-zero on any failure.
#   tests/readme/first_run.sh [REPO]   (default: this checkout)
set -euo pipefail
repo="$(cd "${1:-$(dirname "$0")/../..}" && pwd)"
cd "$repo"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
log="$(mktemp /tmp/gauntlet-first-run.XXXXXX)"
started=$(date +%s)
scripts/run --listen "127.0.0.1:$port" >"$log" 2>&1 &
pid=$!
stop() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
trap stop EXIT

fail() { echo "first_run: $*" >&2; echo "--- scripts/run printed:" >&2; cat "$log" >&2; exit 1; }

# A first run installs and builds (minutes); wait for the URL line, or for scripts/run to die.
url=""
for _ in $(seq 1800); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$log" | head -n 1 || true)
  [ -n "$url" ] && break
  kill -0 "$pid" 2>/dev/null || fail "scripts/run exited before printing its URL"
  sleep 1
done
[ -n "$url" ] || fail "no URL after 30 minutes"
echo "first_run: scripts/run printed $url after $(( $(date +%s) - started )) s"
grep -q "EO password for event 'demo'" "$log" || fail "no EO password printed for the demo event"

curl -sf "$url" | grep -qi "<html" || fail "GET / did not answer a page"
standings=$(curl -sf "${url}api/events/demo/standings") || fail "GET /api/events/demo/standings failed"
python3 - "$standings" <<'PY' || fail "the demo standings are not what the README promises"
import json, sys
s = json.loads(sys.argv[1])
rows = s["standings"]
assert len(rows) == 24, f"{len(rows)} players, expected 24"
assert s["rounds_counted"] == 3, f"{s['rounds_counted']} rounds counted, expected 3"
assert rows[0]["rank"] == 1 and rows[0]["tp"] >= 2
print(f"first_run: demo standings: 24 players, 3 rounds, leader {rows[0]['name']} on {rows[0]['tp']} TP")
PY
curl -sf "${url}standings.html?event=demo" | grep -qi "<html" || fail "GET /standings.html did not answer a page"
stop
trap - EXIT

# Every scripts/… and build/… path the README names exists after that build.
missing=0
for path in $(grep -o '\(scripts\|build\)/[A-Za-z0-9_./-]*[A-Za-z0-9_]' README.md | sort -u); do
  if [ -e "$path" ]; then echo "first_run: README path $path exists"
  else echo "first_run: README names $path, which does not exist after scripts/run" >&2; missing=1; fi
done
# docs/ may name what the full release build makes (benchmarks): Ninja must know how to build it.
# (A path starts after a space, quote or bracket: /api/events/bench/live is a URL, not a file.)
for path in $(grep -ohP '(?<![/\w])(scripts|build|bench|tests|src)/[\w./-]*\w' docs/*.md | sort -u); do
  case "$path" in
    build/release|build/test) ;;
    build/release/*) ninja -C build/release -t query "${path#build/release/}" >/dev/null 2>&1 \
                       || { echo "first_run: docs name $path, which the release build does not make" >&2; missing=1; } ;;
    build/*) echo "first_run: docs name $path, outside the build folders the scripts make" >&2; missing=1 ;;
    *) [ -e "$path" ] || { echo "first_run: docs name $path, which does not exist" >&2; missing=1; } ;;
  esac
done
[ "$missing" -eq 0 ] || exit 1
echo "first_run: ok"
