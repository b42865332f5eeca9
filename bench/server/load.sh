#!/usr/bin/env bash
# Load benchmark of `gauntlet serve` (issues 4 and 16): wrk against the public pairings and
# standings JSON of a 256-player event at 256 connections, side by side in the same run with nginx
# serving the very same bytes as static files, as they are and gzipped (wrk sends
# Accept-Encoding: gzip; nginx answers from the .gz file gauntlet's bytes were saved to,
# gzip_static); then 500 live WebSockets while the EO publishes a round.
#
# Usage: bench/server/load.sh [DURATION] [REPEAT]   (default 10s, once; builds what it needs in
#        build/release). REPEAT > 1 runs the whole side-by-side comparison that many times in turn,
#        for tails (p99) that move from one run to the next.
# Needs: wrk and nginx (scripts/install-deps).
# Results go to stdout; docs/benchmarks.md ("Server") records a run and these exact commands.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=build/release
duration="${1:-10s}"
repeat="${2:-1}"
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

# nginx serves the same bytes the server answers, as static files, with equivalent headers
# (no-cache, an ETag, Vary, nosniff, Referrer-Policy); the .gz files are gauntlet's gzip answers.
www="$tmp/www/api/events/bench"
mkdir -p "$www"
for what in pairings standings; do
  curl -sf "http://127.0.0.1:$gport/api/events/bench/$what" >"$www/$what"
  curl -sf -H 'Accept-Encoding: gzip' "http://127.0.0.1:$gport/api/events/bench/$what" >"$www/$what.gz"
  curl -sf -H 'Accept-Encoding: br' "http://127.0.0.1:$gport/api/events/bench/$what" >"$tmp/$what.br"
  gunzip -c "$www/$what.gz" | cmp -s - "$www/$what" || { echo "load.sh: $what.gz is not $what gzipped" >&2; exit 1; }
done
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
  gzip_static on; gzip_vary on; etag on;
  server {
    listen 127.0.0.1:$nport;
    root $tmp/www;
    add_header Cache-Control no-cache;
    add_header X-Content-Type-Options nosniff;
    add_header Referrer-Policy no-referrer;
  }
}
CONF
chmod -R a+rX "$tmp"
nginx -c "$tmp/nginx.conf" -p "$tmp" -g 'daemon off;' &
pids+=($!)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$nport/api/events/bench/standings" >/dev/null && break; sleep 0.1; done

size() { wc -c <"$1" | tr -d ' '; }
for what in pairings standings; do
  echo "== bytes $what: identity $(size "$www/$what"), gzip $(size "$www/$what.gz"), br $(size "$tmp/$what.br")"
done
echo "== machine: $(nproc) cores, $(uname -r); wrk $(wrk -v 2>&1 | head -1 | cut -d' ' -f2); $(nginx -v 2>&1)"
for who in gauntlet nginx; do
  port=$gport; [ "$who" = nginx ] && port=$nport
  echo "== $who gzip headers: $(curl -sI -H 'Accept-Encoding: gzip' "http://127.0.0.1:$port/api/events/bench/standings" |
    grep -iE '^(content-encoding|content-length|etag|vary|cache-control):' | tr -d '\r' | tr '\n' ' ')"
done
for rep in $(seq "$repeat"); do
  for what in pairings standings; do
    for coding in identity gzip; do
      header=(); [ "$coding" = gzip ] && header=(-H 'Accept-Encoding: gzip')
      for who in gauntlet nginx; do
        port=$gport; [ "$who" = nginx ] && port=$nport
        echo "== run $rep/$repeat: $who $what $coding: wrk -t2 -c$conns -d$duration --latency ${header[*]:+-H 'Accept-Encoding: gzip' }http://127.0.0.1:$port/api/events/bench/$what"
        wrk -t2 -c"$conns" -d"$duration" --latency "${header[@]}" "http://127.0.0.1:$port/api/events/bench/$what" |
          grep -E "Requests/sec|Transfer/sec|Latency  |  50%|  99%|Non-2xx|Socket errors"
      done
    done
  done
done

echo "== live: 500 WebSockets, the EO publishes round 4"
"$build/bench/server/server_live_bench" "$gport" 500
