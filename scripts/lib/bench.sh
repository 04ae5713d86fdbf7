# shellcheck shell=bash
# Sourced by the benchmarks, which set `duration` (seconds) and `work` (a scratch directory).

# free_port: a free loopback port, for a server such as nginx that cannot report a port the kernel
# chose for it.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# run_wrk CONNECTIONS WRK_ARGS... (the URL last): wrk -t1 for `duration` seconds; prints
# "requests_per_second p99_ms", or fails naming the count when any answer was not 2xx or 3xx or any
# socket failed, since fast errors would pass for speed. Call it as `x=$(run_wrk ...)`, so that a
# failure stops the script.
# shellcheck disable=SC2154 # duration and work belong to the sourcing script
run_wrk() {
    local connections=$1
    shift
    wrk -t1 -c"$connections" -d"${duration}s" --latency "$@" >"$work/wrk.txt"
    awk -v target="${*: -1}" '
        /Requests\/sec:/ { rps = $2 }
        /^ +99%/ { v = $2; unit = v; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", v)
                   ms = (unit == "us") ? v / 1000 : (unit == "s") ? v * 1000 : v; p99 = ms }
        /Non-2xx or 3xx responses:/ { failed += $NF }
        /Socket errors:/ { gsub(/[^0-9 ]/, " "); for (i = 1; i <= NF; i++) failed += $i }
        END {
            if (failed > 0) { printf "wrk %s: %d failed requests\n", target, failed > "/dev/stderr"; exit 1 }
            printf "%s %.3f\n", rps, p99
        }' "$work/wrk.txt"
}
