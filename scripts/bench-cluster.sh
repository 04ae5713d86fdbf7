#!/usr/bin/env bash
# `make bench-cluster`: what nginx in front of replicas adds or costs, side by side in one run.
#
# One `relief serve` alone, and a cluster of REPLICAS (default 3) behind nginx (scripts/cluster.sh),
# each measured with wrk -t1 for DURATION seconds:
#   hits    one cached image, asked again and again (the replica's cache; nginx's cache), 50
#           connections
#   misses  a new image every request (a render on the replica; through nginx, a render on the
#           replica the URI hashes to, then nginx stores it), 8 connections: more would overflow a
#           lone replica's render queue (2 workers and 16 waiting on 2 cores) into fast 503s
# then the renders each replica performed and each one's peak resident memory (VmHWM).
#
# Usage: scripts/bench-cluster.sh [RELIEF_BINARY]   (default .build/release/relief)
# Environment: DURATION (default 10), REPLICAS (default 3). Traffic stays on 127.0.0.1.
set -euo pipefail

relief="${1:-.build/release/relief}"
duration="${DURATION:-10}"
replicas="${REPLICAS:-3}"
hit_query="style=colorful&scale=2"
miss_connections=8
script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

[[ -x "$relief" ]] || { echo "bench-cluster: no executable at $relief" >&2; exit 1; }
for tool in wrk nginx curl; do
    command -v "$tool" >/dev/null || { echo "bench-cluster: $tool is missing (scripts/install-deps.sh bench)" >&2; exit 1; }
done

work=$(mktemp -d)
lone_pid=""
cleanup() {
    "$script_dir/cluster.sh" down --dir "$work/cluster" >/dev/null 2>&1 || true
    [[ -z "$lone_pid" ]] || kill -INT "$lone_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# shellcheck source=SCRIPTDIR/lib/relief-serve.sh
source "$script_dir/lib/relief-serve.sh"
# shellcheck source=SCRIPTDIR/lib/bench.sh
source "$script_dir/lib/bench.sh"

relief_start "$relief" "$work/lone.log"
lone_pid=$RELIEF_PID lone_port=$RELIEF_PORT
nginx_port=$(free_port)
"$script_dir/cluster.sh" up --replicas "$replicas" --port "$nginx_port" --dir "$work/cluster" --binary "$relief" >/dev/null
curl -fsS -o /dev/null "http://127.0.0.1:$lone_port/render?$hit_query"
curl -fsS -o /dev/null "http://127.0.0.1:$nginx_port/render?$hit_query"

# Every request a new small button, its size a thousandth of a point from the last; ICON keeps
# the two targets' keys apart at the same cost.
cat >"$work/misses.lua" <<'LUA'
local n = 0
local icon = os.getenv("ICON")
request = function()
    n = n + 1
    return wrk.format("GET", string.format("/render?size=%.3f&icon=%s", 16 + n / 1000, icon))
end
LUA

renders() {
    curl -fsS "http://127.0.0.1:$1/metrics" | awk '/^relief_render_duration_seconds_count / { print int($2) }'
}

replica_ports=()
for replica in $(seq "$replicas"); do replica_ports+=("$(<"$work/cluster/replica-$replica.port")"); done
renders_before=()
for port in "${replica_ports[@]}"; do renders_before+=("$(renders "$port")"); done

echo "bench-cluster: wrk -t1 -d${duration}s, hits -c50, misses -c$miss_connections; one replica direct against nginx + $replicas replicas, on $(nproc) cores"
lone_hit=$(run_wrk 50 "http://127.0.0.1:$lone_port/render?$hit_query")
read -r lone_hit_rps lone_hit_p99 <<<"$lone_hit"
nginx_hit=$(run_wrk 50 "http://127.0.0.1:$nginx_port/render?$hit_query")
read -r nginx_hit_rps nginx_hit_p99 <<<"$nginx_hit"
lone_miss=$(ICON=star run_wrk "$miss_connections" -s "$work/misses.lua" "http://127.0.0.1:$lone_port")
read -r lone_miss_rps lone_miss_p99 <<<"$lone_miss"
nginx_miss=$(ICON=plus run_wrk "$miss_connections" -s "$work/misses.lua" "http://127.0.0.1:$nginx_port")
read -r nginx_miss_rps nginx_miss_p99 <<<"$nginx_miss"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '| requests | one replica direct: req/s | p99 ms | nginx + %s replicas: req/s | p99 ms | nginx / direct |\n' "$replicas"
printf '|---|---:|---:|---:|---:|---:|\n'
printf '| hits | %s | %s | %s | %s | %s |\n' "$lone_hit_rps" "$lone_hit_p99" "$nginx_hit_rps" "$nginx_hit_p99" \
    "$(ratio "$nginx_hit_rps" "$lone_hit_rps")"
printf '| misses | %s | %s | %s | %s | %s |\n' "$lone_miss_rps" "$lone_miss_p99" "$nginx_miss_rps" "$nginx_miss_p99" \
    "$(ratio "$nginx_miss_rps" "$lone_miss_rps")"

shares=() peaks=()
for replica in $(seq "$replicas"); do
    shares+=("$(($(renders "${replica_ports[replica - 1]}") - renders_before[replica - 1]))")
    peaks+=("$(awk '/^VmHWM:/ { printf "%d", $2 / 1024 }' "/proc/$(<"$work/cluster/replica-$replica.pid")/status")")
done
echo "renders per replica during the misses: ${shares[*]}; peak RSS per replica (MiB): ${peaks[*]};" \
    "lone replica peak RSS: $(awk '/^VmHWM:/ { printf "%d", $2 / 1024 }' "/proc/$lone_pid/status") MiB;" \
    "nginx cache: $(du -sm "$work/cluster/cache" | cut -f1) MiB"
