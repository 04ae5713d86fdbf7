#!/usr/bin/env bash
# `make bench-http`: Relief against nginx serving the same bytes, side by side, in one run.
#
#   1. wrk -t1 -c50 against a cached render on relief, then against nginx serving that PNG as a
#      static file, with the same settings; prints both, the ratio and the p99 latencies.
#   2. The server's resident memory after N distinct renders (default 100000), against the cache
#      budget + 40 MiB.
#
# Usage: scripts/bench-http.sh [RELIEF_BINARY]   (default .build/release/relief)
# Environment: DURATION (wrk seconds, default 10), DISTINCT (renders for the memory check, default
# 100000; 0 skips it), CACHE_MB (default 64). Traffic stays on 127.0.0.1.
set -euo pipefail

relief="${1:-.build/release/relief}"
duration="${DURATION:-10}"
distinct="${DISTINCT:-100000}"
cache_mb="${CACHE_MB:-64}"
query="style=colorful&scale=2"

[[ -x "$relief" ]] || { echo "bench-http: no executable at $relief" >&2; exit 1; }
for tool in wrk nginx curl; do
    command -v "$tool" >/dev/null || { echo "bench-http: $tool is missing (scripts/install-deps.sh bench)" >&2; exit 1; }
done

work=$(mktemp -d)
# nginx workers run as an unprivileged user and must read the PNG in here.
chmod 755 "$work"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    [[ -n "${KEEP_WORK:-}" ]] || rm -rf "$work"
}
trap cleanup EXIT

# shellcheck source=SCRIPTDIR/lib/relief-serve.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/relief-serve.sh"
# shellcheck source=SCRIPTDIR/lib/bench.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"

wait_for() {
    for _ in $(seq 100); do curl -fsS -o /dev/null "$1" 2>/dev/null && return 0; sleep 0.1; done
    echo "bench-http: nothing answered at $1" >&2
    exit 1
}

# No access log on either side: nginx below has `access_log off`, so both serve the same work.
relief_start "$relief" "$work/relief.log" --public Public --cache-mb "$cache_mb" --access-log off
relief_pid=$RELIEF_PID relief_port=$RELIEF_PORT
pids+=("$relief_pid")
wait_for "http://127.0.0.1:$relief_port/healthz"
curl -fsS -o "$work/render.png" "http://127.0.0.1:$relief_port/render?$query"

nginx_port=$(free_port)
mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    sendfile on;
    tcp_nodelay on;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$nginx_port;
        location = /render {
            default_type image/png;
            alias $work/render.png;
        }
    }
}
CONF
nginx -c "$work/nginx/nginx.conf" -g 'daemon off;' &
pids+=($!)
wait_for "http://127.0.0.1:$nginx_port/render?$query"
cmp -s "$work/render.png" <(curl -fsS "http://127.0.0.1:$nginx_port/render?$query") \
    || { echo "bench-http: nginx does not serve the same bytes" >&2; exit 1; }

echo "bench-http: wrk -t1 -c50 -d${duration}s, ${query}, $(stat -c %s "$work/render.png") bytes"
relief_result=$(run_wrk 50 "http://127.0.0.1:$relief_port/render?$query")
read -r relief_rps relief_p99 <<<"$relief_result"
nginx_result=$(run_wrk 50 "http://127.0.0.1:$nginx_port/render?$query")
read -r nginx_rps nginx_p99 <<<"$nginx_result"
ratio=$(awk -v a="$relief_rps" -v b="$nginx_rps" 'BEGIN { printf "%.3f", a / b }')
printf '| server | requests/s | p99 ms |\n|---|---:|---:|\n'
printf '| relief | %s | %s |\n| nginx | %s | %s |\n' "$relief_rps" "$relief_p99" "$nginx_rps" "$nginx_p99"
printf 'relief / nginx: %s (target >= 0.8) %s; relief p99 %s ms (target <= 5) %s\n' "$ratio" \
    "$(awk -v r="$ratio" 'BEGIN { print (r >= 0.8) ? "PASS" : "FAIL" }')" "$relief_p99" \
    "$(awk -v p="$relief_p99" 'BEGIN { print (p <= 5) ? "PASS" : "FAIL" }')"

if [[ "$distinct" -gt 0 ]]; then
    # Distinct small renders: every request a new cache key (size steps of 0.001 pt).
    cat >"$work/distinct.lua" <<LUA
-- Each run starts where the cache's miss count left off, so keys never repeat.
local n = tonumber(os.getenv("RELIEF_FIRST_KEY") or "0")
request = function()
    n = n + 1
    return wrk.format("GET", string.format("/render?size=%.3f&icon=star", 16 + n / 1000))
end
LUA
    echo "bench-http: $distinct distinct renders..."
    start=$(date +%s)
    misses() { curl -fsS "http://127.0.0.1:$relief_port/metrics" | awk '/^relief_cache_misses_total / { print int($2) }'; }
    while (( $(misses) < distinct )); do
        RELIEF_FIRST_KEY=$(misses) wrk -t1 -c8 -d10s -s "$work/distinct.lua" "http://127.0.0.1:$relief_port" >/dev/null
    done
    rss_kib=$(awk '/^VmRSS:/ { print $2 }' "/proc/$relief_pid/status")
    limit_kib=$(((cache_mb + 40) * 1024))
    printf 'RSS after %s distinct renders (%ss): %d MiB (target <= %d MiB) %s\n' "$distinct" "$(( $(date +%s) - start ))" \
        $((rss_kib / 1024)) $((limit_kib / 1024)) "$([[ $rss_kib -le $limit_kib ]] && echo PASS || echo FAIL)"
fi
