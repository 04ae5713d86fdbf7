# shellcheck shell=bash
# Sourced by the scripts that run `relief serve`.
#
# relief_start BINARY LOG [SERVE_ARGS...]: starts `BINARY serve` on 127.0.0.1 with --port 0, so the
# kernel picks a free port and no other process can take it between choosing and binding; waits for
# the banner and sets RELIEF_PID and RELIEF_PORT. Standard output and error go to LOG.
#
# relief_start_on_port PORT BINARY LOG [SERVE_ARGS...]: the same on a given port, for a server that
# must come back where others expect it (a cluster's replica restarted behind its proxy).

relief_start() {
    relief_start_on_port 0 "$@"
}

relief_start_on_port() {
    local port=$1 binary=$2 log=$3
    shift 3
    "$binary" serve --host 127.0.0.1 --port "$port" "$@" >"$log" 2>&1 &
    RELIEF_PID=$!
    local _
    for _ in $(seq 200); do
        RELIEF_PORT=$(sed -n 's|^relief: serving http://127\.0\.0\.1:\([0-9][0-9]*\) .*|\1|p' "$log" | head -n 1)
        [[ -n "$RELIEF_PORT" ]] && return 0
        if ! kill -0 "$RELIEF_PID" 2>/dev/null; then
            echo "relief serve exited before serving: $(cat "$log")" >&2
            return 1
        fi
        sleep 0.05
    done
    echo "relief serve printed no banner within 10 s (log: $log)" >&2
    return 1
}
