#!/usr/bin/env bash
# Layers without back arrows (docs/architecture.md): a folder of src/ may include only itself and the
# folders listed for it. An include that points up a layer fails the test suite.
set -euo pipefail
cd "$(dirname "$0")/../.."
declare -A allowed=(
  [core]=""
  [dynlib]=""
  [editions]="core"
  [tabletop]="core editions"
  [paper]="core dynlib"
  [model]="core editions"
  [adjudication]="core editions model"
  [armylists]="core editions model"
  [standings]="core editions model"
  [pairing]="core editions model standings"
  [engine]="core editions model armylists standings pairing"
  [checkpoint]="core editions model armylists standings pairing engine"
  [eventfile]="core editions model armylists standings pairing engine checkpoint"
  [sqldb]="dynlib"
  [journal]="core dynlib editions model armylists standings pairing engine checkpoint sqldb"
  [app]="core dynlib editions tabletop paper model adjudication armylists standings pairing engine checkpoint eventfile sqldb journal"
  [server]="core dynlib editions tabletop paper model adjudication armylists standings pairing engine checkpoint eventfile sqldb journal app"
  [cli]="core dynlib editions tabletop paper model adjudication armylists standings pairing engine checkpoint eventfile sqldb journal app server"
)
status=0
for dir in src/*/; do
  module=$(basename "$dir")
  [ "$module" = web ] && continue
  if [ -z "${allowed[$module]+x}" ]; then
    echo "layers: src/$module is not in tests/format/layers.sh (add it with the layers it may use)"
    status=1
    continue
  fi
  while IFS=: read -r file line; do
    used=$(sed -E 's/.*#include "([a-z_]+)\/.*/\1/' <<<"$line")
    [ "$used" = "$module" ] && continue
    if ! grep -qw -- "$used" <<<"${allowed[$module]}"; then
      echo "layers: $file includes $used/, a layer $module may not use: $line"
      status=1
    fi
  done < <(grep -rHE '^#include "[a-z_]+/' "$dir" --include=*.hpp --include=*.cpp || true)
done
[ $status -eq 0 ] && echo "layers: every include points down"
exit $status
