#!/usr/bin/env bash
# Browser tests of the web UI (registered in CTest as browser_<file>, one per *.test.mjs).
#   GAUNTLET_BIN=build/test/gauntlet bash tests/browser/run.sh [FILE.test.mjs...]   (default: all)
# Needs node (>= 20), npm and Debian's chromium (scripts/install-deps installs it).
# Screenshots go to $GAUNTLET_SCREENSHOTS (default: build/browser-screenshots).
set -euo pipefail
: "${GAUNTLET_BIN:?set GAUNTLET_BIN to the gauntlet binary}"
GAUNTLET_BIN="$(realpath "$GAUNTLET_BIN")"
export GAUNTLET_BIN
if [ -n "${GAUNTLET_SCREENSHOTS:-}" ]; then GAUNTLET_SCREENSHOTS="$(realpath -m "$GAUNTLET_SCREENSHOTS")"; export GAUNTLET_SCREENSHOTS; fi
cd "$(dirname "$0")"
export CHROMIUM_BIN="${CHROMIUM_BIN:-/usr/bin/chromium}"
# node_modules is cached between runs: npm ci only when the lock file is newer than the install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --prefer-offline --loglevel=error
fi
if [ $# -eq 0 ]; then set -- ./*.test.mjs; fi
exec node --test --test-reporter=spec "$@"
