#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests (issue 15), from Debian's postgresql package.
#
#   tests/support/postgres.sh start DIR   # initdb + start; prints the URL of its `postgres` database
#   tests/support/postgres.sh url DIR     # that URL again
#   tests/support/postgres.sh stop DIR    # stops it and removes DIR
#   tests/support/postgres.sh pause DIR   # stops it, keeping its data (the fault tests: a server gone
#   tests/support/postgres.sh resume DIR  # mid-burst), and starts it again
#
# The server listens only on a Unix socket inside DIR (no port to collide with another run) and
# trusts local connections as user `gauntlet`. fsync is off: the tests kill Gauntlet, not
# PostgreSQL, and this keeps a CI run short. initdb refuses to run as root, so as root the server
# runs as the unprivileged `postgres` user the package creates. A server that cannot start fails
# the command (and with it every test that needs it): never skipped silently.
set -euo pipefail
action="${1:?usage: postgres.sh start|url|stop DIR}"
dir="${2:?usage: postgres.sh start|url|stop DIR}"

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "postgres.sh: no PostgreSQL server found under /usr/lib/postgresql (scripts/install-deps installs it)" >&2
  exit 1
fi
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  as_owner=(runuser -u postgres --)
fi
url="postgresql:///postgres?host=$dir/run&user=gauntlet"

launch() {
  "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses='' -c unix_socket_directories='$dir/run' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
}

case "$action" in
  start)
    if [ -f "$dir/data/postmaster.pid" ]; then
      "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    mkdir -p "$dir/run"
    [ "$(id -u)" -eq 0 ] && chown -R postgres:postgres "$dir"
    "${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U gauntlet --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    launch
    echo "$url"
    ;;
  # fast: a clean shutdown (clients cut off, open transactions rolled back, commits kept), as an
  # operator's restart or a failover looks to Gauntlet.
  pause) "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null ;;
  resume) launch ;;
  url) echo "$url" ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
      "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    fi
    rm -rf "$dir"
    ;;
  *) echo "postgres.sh: unknown action '$action' (start, url, stop, pause or resume)" >&2; exit 2 ;;
esac
