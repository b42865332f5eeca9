#!/usr/bin/env bash
# Fails when a tracked C++ file is not formatted as .clang-format says (registered in CTest as
# clang_format, so scripts/test and CI refuse unformatted code). Fix with:
#   git ls-files '*.cpp' '*.hpp' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "$0")/../.."
files=$(git ls-files '*.cpp' '*.hpp' 2>/dev/null || find src tests bench -name '*.[ch]pp')
bad=$(echo "$files" | xargs clang-format --dry-run 2>&1 | grep -o '^[^:]*\.[ch]pp' | sort -u || true)
if [ -n "$bad" ]; then
  echo "clang_format: not formatted (run: clang-format -i FILE):" >&2
  echo "$bad" >&2
  exit 1
fi
echo "clang_format: $(echo "$files" | wc -l) files formatted"
