#!/usr/bin/env bash
# ESLint over the web UI (src/web/*.js, plain browser ES modules), registered in CTest as web_lint.
#   bash tests/web/lint.sh
# Rules: tests/web/eslint.config.js (@eslint/js recommended, browser globals). Needs node and npm
# (scripts/install-deps installs them); ESLint itself comes from tests/web/package-lock.json.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$here"
# node_modules is cached between runs: npm ci only when the lock file is newer than the install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --prefer-offline --loglevel=error
fi
cd "$root"
shopt -s nullglob
files=(src/web/*.js)
if [ ${#files[@]} -eq 0 ]; then
  echo "web_lint: no src/web/*.js to lint" >&2
  exit 1
fi
# --max-warnings 0: a warning fails the test as an error does.
"$here/node_modules/.bin/eslint" --config "$here/eslint.config.js" --max-warnings 0 "${files[@]}"
echo "web_lint: ${#files[@]} files clean"
