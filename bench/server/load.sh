#!/usr/bin/env bash
# Load benchmark of `gauntlet serve` (issue 4): wrk against the public pairings and standings
# JSON of a 256-player event at 256 connections, side by side in the same run with nginx serving
# the very same bytes as static files; then 500 live WebSockets while the EO publishes a round.
#
# Usage: bench/server/load.sh [DURATION]   (default 10s; builds what it needs in build/release)
# Needs: wrk and nginx (scripts/install-deps).
# Results go to stdout; docs/benchmarks.md ("Server") records a run and these exact commands.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=build/release
duration="${1:-10s}"
gport=18080
nport=18081
conns=256

scripts/build release gauntlet server_bench_seed server_live_bench >/dev/null
gauntlet="$build/gauntlet"
command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "load.sh: needs wrk and nginx (scripts/install-deps)" >&2; exit 2; }

tmp="$(mktemp -d /tmp/gauntlet-load.XXXXXX)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

"$build/bench/server/server_bench_seed" "$tmp/bench.db" 256 3
"$gauntlet" --db "$tmp/bench.db" serve --listen "127.0.0.1:$gport" >"$tmp/serve.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$gport/api/events" >/dev/null && break; sleep 0.1; done

# nginx serves the same bytes the server answers, as static files, with the same headers.
mkdir -p "$tmp/www/api/events/bench"
curl -sf "http://127.0.0.1:$gport/api/events/bench/pairings" >"$tmp/www/api/events/bench/pairings"
curl -sf "http://127.0.0.1:$gport/api/events/bench/standings" >"$tmp/www/api/events/bench/standings"
cat >"$tmp/nginx.conf" <<CONF
worker_processes 2;
error_log $tmp/nginx-error.log;
pid $tmp/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx-body; proxy_temp_path $tmp/nginx-proxy;
  fastcgi_temp_path $tmp/nginx-fcgi; uwsgi_temp_path $tmp/nginx-uwsgi; scgi_temp_path $tmp/nginx-scgi;
  sendfile on; tcp_nopush on; tcp_nodelay on;
  keepalive_requests 10000000; keepalive_timeout 60;
  default_type application/json;
  server {
    listen 127.0.0.1:$nport;
    root $tmp/www;
    add_header Cache-Control no-store;
    add_header X-Content-Type-Options nosniff;
  }
}
CONF
chmod -R a+rX "$tmp"
nginx -c "$tmp/nginx.conf" -p "$tmp" -g 'daemon off;' &
pids+=($!)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$nport/api/events/bench/standings" >/dev/null && break; sleep 0.1; done

echo "== bytes: pairings $(wc -c <"$tmp/www/api/events/bench/pairings"), standings $(wc -c <"$tmp/www/api/events/bench/standings")"
echo "== machine: $(nproc) cores, $(uname -r); wrk $(wrk -v 2>&1 | head -1 | cut -d' ' -f2); $(nginx -v 2>&1)"
for what in pairings standings; do
  for who in gauntlet nginx; do
    port=$gport; [ "$who" = nginx ] && port=$nport
    echo "== $who $what: wrk -t2 -c$conns -d$duration --latency http://127.0.0.1:$port/api/events/bench/$what"
    wrk -t2 -c"$conns" -d"$duration" --latency "http://127.0.0.1:$port/api/events/bench/$what" |
      grep -E "Requests/sec|Transfer/sec|Latency  |  50%|  99%|Non-2xx|Socket errors"
  done
done

echo "== live: 500 WebSockets, the EO publishes round 4"
"$build/bench/server/server_live_bench" "$gport" 500
