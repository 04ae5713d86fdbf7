#!/usr/bin/env bash
# Attacks a relief serve of its own, on 127.0.0.1 only, as hostile clients would: floods of the
# largest renders, animations and audits, screens of long texts, clients that leave, long pipelines, slowloris, 2,000 idle
# connections, slow readers of big images, half-closed sockets and invalid <img> requests. For
# each flood it prints what the server did and the latency of a normal user's requests meanwhile
# (scripts/lib/attack.py). Every flood is bounded in time; the whole run takes about four minutes.
#
# Usage: scripts/attack.sh [RELIEF_BINARY] [SCENARIO...]   (default .build/release/relief, all)
# Environment: ATTACK_SECONDS (each flood, default 10), CACHE_MB (64), RENDER_MB (256).
set -euo pipefail

relief="${1:-.build/release/relief}"
shift $(( $# > 0 ? 1 : 0 ))
[[ -x "$relief" ]] || { echo "attack: no executable at $relief" >&2; exit 1; }
command -v python3 >/dev/null || { echo "attack: python3 is missing" >&2; exit 1; }

# 2,000 idle connections and the server's 1,024 need descriptors on both sides.
ulimit -n "$(( $(ulimit -Hn) < 8192 ? $(ulimit -Hn) : 8192 ))"

work=$(mktemp -d)
cleanup() {
    [[ -n "${RELIEF_PID:-}" ]] && kill "$RELIEF_PID" 2>/dev/null && wait "$RELIEF_PID" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# shellcheck source=lib/relief-serve.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/relief-serve.sh"
export CACHE_MB="${CACHE_MB:-64}" RENDER_MB="${RENDER_MB:-256}"
relief_start "$relief" "$work/relief.log" --public Public --cache-mb "$CACHE_MB" --render-mb "$RENDER_MB"
export RELIEF_PORT RELIEF_PID
curl -fsS -o /dev/null --max-time 30 "http://127.0.0.1:$RELIEF_PORT/healthz"

timeout 900 python3 "$(dirname "${BASH_SOURCE[0]}")/lib/attack.py" "$@"
kill -0 "$RELIEF_PID" 2>/dev/null || { echo "attack: relief serve died (log: $(tail -n 5 "$work/relief.log"))" >&2; exit 1; }
