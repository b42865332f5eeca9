#!/usr/bin/env bash
# Burst of player actions (issue 15 point 4): 512 tables report and confirm within about a second
# against the release `gauntlet serve`, on a fresh SQLite file or on a fresh, durable PostgreSQL
# (fsync and synchronous_commit on, unlike tests/support/postgres.sh) started here in a temporary
# directory; see bench/server/burst.mjs for what is measured and checked.
#
# Usage: bench/server/burst.sh sqlite|postgresql [TABLES=512] [SPREAD_MS=1000] [GAUNTLET_BIN]
# (GAUNTLET_BIN defaults to build/release/gauntlet, built here). Needs node 20 and, for
# postgresql, Debian's postgresql package. docs/benchmarks.md records a run and these commands.
# BURST_IDEMPOTENCY=1: every action with an Idempotency-Key, as the web pages send. PostgreSQL only:
# BURST_PG_OPTS adds server settings (e.g. "-c log_statement=all") and BURST_KEEP_LOG=FILE keeps its log.
set -euo pipefail
cd "$(dirname "$0")/../.."
store="${1:?usage: bench/server/burst.sh sqlite|postgresql [TABLES] [SPREAD_MS] [GAUNTLET_BIN]}"
tables="${2:-512}"
spread="${3:-1000}"
gauntlet="${4:-}"
if [ -z "$gauntlet" ]; then
  scripts/build release gauntlet >/dev/null
  gauntlet=build/release/gauntlet
fi

case "$store" in
  sqlite) exec node bench/server/burst.mjs "$gauntlet" "" "$tables" "$spread" ;;
  postgresql) ;;
  *) echo "burst.sh: unknown store '$store' (sqlite or postgresql)" >&2; exit 2 ;;
esac

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[ -x "$bindir/initdb" ] || { echo "burst.sh: no PostgreSQL under /usr/lib/postgresql" >&2; exit 1; }
as_owner=()
[ "$(id -u)" -eq 0 ] && as_owner=(runuser -u postgres --)
dir="$(mktemp -d /tmp/gauntlet-burst-pg.XXXXXX)"
mkdir -p "$dir/run"
[ "$(id -u)" -eq 0 ] && chown -R postgres:postgres "$dir"
cleanup() {
  "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  [ -n "${BURST_KEEP_LOG:-}" ] && cp "$dir/server.log" "$BURST_KEEP_LOG"
  rm -rf "$dir"
}
trap cleanup EXIT
"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U gauntlet --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses='' -c unix_socket_directories='$dir/run' -c fsync=on -c synchronous_commit=on -c max_connections=100 ${BURST_PG_OPTS:-}" \
  start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
PSQL="$bindir/psql" node bench/server/burst.mjs "$gauntlet" "postgresql:///postgres?host=$dir/run&user=gauntlet" "$tables" "$spread"
