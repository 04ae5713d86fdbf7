# Sourced by the scripts that run `relief serve`.
#
# relief_start BINARY LOG [SERVE_ARGS...]: starts `BINARY serve` on 127.0.0.1 with --port 0, so the
# kernel picks a free port and no other process can take it between choosing and binding; waits for
# the banner and sets RELIEF_PID and RELIEF_PORT. Standard output and error go to LOG.

relief_start() {
    local binary=$1 log=$2
    shift 2
    "$binary" serve --host 127.0.0.1 --port 0 "$@" >"$log" 2>&1 &
    RELIEF_PID=$!
    local attempt
    for attempt in $(seq 200); do
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
