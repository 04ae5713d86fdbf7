#!/usr/bin/env bash
# Relief as a cluster on this machine's loopback: N `relief serve` replicas behind nginx, configured
# from deploy/nginx/ (SPEC §12).
#
#   scripts/cluster.sh up --replicas N --port P --dir D [--binary FILE] [-- SERVE_FLAGS...]
#       starts N replicas on free loopback ports and nginx on 127.0.0.1:P in front of them; writes
#       D/replica-K.port, D/replica-K.pid (K = 1..N), D/nginx.pid, the logs and nginx's files in D;
#       returns once every part answers. SERVE_FLAGS go to every `relief serve` (e.g. --cache-mb 32).
#       On any failure it stops what it started and says why.
#   scripts/cluster.sh down --dir D
#       stops everything `up` started in D, and only that, and returns once all of it has exited:
#       one line per process, SIGKILL for any still running after 7 s.
#   scripts/cluster.sh restart --replica K --dir D
#       starts replica K again on its port, after it died or was stopped.
#
# FILE defaults to $RELIEF_BINARY, else .build/release/relief.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
templates="$repo_root/deploy/nginx"
# shellcheck source=SCRIPTDIR/lib/relief-serve.sh
source "$repo_root/scripts/lib/relief-serve.sh"

# More replicas than this on one machine is a mistake, not a test.
max_replicas=64
# How long a part may take to answer before the cluster gives up on it.
answer_timeout_seconds=30
# The longest a replica takes to exit on SIGINT (no drain period): what it still holds is cancelled
# and answered 503 at once, then its shutdown's closing time (1 s) and the last flush of its access
# log (1 s), docs/HTTP.md. nginx's fast shutdown takes far less.
replica_stop_seconds=$((1 + 1))
# How long `down` waits for a part to exit before killing it: that, plus room for a loaded machine.
stop_timeout_seconds=$((replica_stop_seconds + 5))
# How long a killed process may take to be gone before `down` reports it still there.
kill_timeout_seconds=5

usage() {
    sed -n '4,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

fail() {
    echo "cluster: $*" >&2
    exit 1
}

is_whole_number() {
    [[ "$1" =~ ^[0-9]+$ ]]
}

# A process that exists and is not a zombie (a stopped replica whose parent is gone may stay one).
is_running() {
    local state
    state=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null) || return 1
    [[ -n "$state" && "$state" != Z ]]
}

# Whether something accepts connections on 127.0.0.1:PORT.
is_listening() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

answers() {
    curl -fsS --max-time 2 -o /dev/null "$1" 2>/dev/null
}

# Waits until URL answers 2xx while PID runs; NAME and LOG explain a failure.
wait_until_answers() {
    local url=$1 pid=$2 name=$3 log=$4 deadline=$((SECONDS + answer_timeout_seconds))
    until answers "$url"; do
        is_running "$pid" || fail "$name exited before answering $url: $(tail -n 5 "$log")"
        ((SECONDS < deadline)) || fail "$name did not answer $url within ${answer_timeout_seconds} s (log: $log)"
        sleep 0.1
    done
}

# Whether PID is still the process a cluster's pid file named, not another that took its number:
# a replica runs the recorded binary, nginx is nginx.
is_cluster_process() {
    local pid=$1 kind=$2 executable
    is_running "$pid" || return 1
    executable=$(readlink "/proc/$pid/exe" 2>/dev/null) || return 1
    case "$kind" in
        replica) [[ "${executable% (deleted)}" == "$binary" ]] ;;
        nginx) [[ "$(basename "${executable% (deleted)}")" == nginx ]] ;;
    esac
}

# The kind of process a part's name is: nginx, or a replica.
kind_of() {
    if [[ "$1" == nginx ]]; then echo nginx; else echo replica; fi
}

# Stops the processes of the arguments, each a pid then a name ("replica K" or "nginx"), and returns
# once every one has exited: replicas by SIGINT (shut down now: a cluster being torn down has no
# clients to drain for), nginx by SIGTERM (fast shutdown), all at once; whatever still runs after
# stop_timeout_seconds gets SIGKILL. One line per process says how it ended. A process that exited
# but that nobody has collected yet (a zombie) has exited: it holds no port and no file. Fails when a
# killed process is still there after kill_timeout_seconds.
stop_processes() {
    local pids=() names=() pid name index deadline=$((SECONDS + stop_timeout_seconds)) stuck=0
    while [[ $# -gt 0 ]]; do
        pid=$1 name=$2
        shift 2
        if ! is_cluster_process "$pid" "$(kind_of "$name")"; then
            echo "cluster: $name (pid $pid) was not running"
            continue
        fi
        pids+=("$pid") names+=("$name")
        if [[ "$name" == nginx ]]; then kill -TERM "$pid" 2>/dev/null || true; else kill -INT "$pid" 2>/dev/null || true; fi
    done
    for index in "${!pids[@]}"; do
        pid=${pids[index]} name=${names[index]}
        while is_running "$pid" && ((SECONDS < deadline)); do sleep 0.1; done
        if ! is_running "$pid"; then
            echo "cluster: $name (pid $pid) exited"
            continue
        fi
        echo "cluster: $name (pid $pid) still ran ${stop_timeout_seconds} s after it was asked to stop: killing it" >&2
        kill -KILL "$pid" 2>/dev/null || true
        local killed_deadline=$((SECONDS + kill_timeout_seconds))
        while is_running "$pid" && ((SECONDS < killed_deadline)); do sleep 0.1; done
        if is_running "$pid"; then
            echo "cluster: $name (pid $pid) is still there ${kill_timeout_seconds} s after SIGKILL" >&2
            stuck=1
        else
            echo "cluster: $name (pid $pid) was killed"
        fi
    done
    return "$stuck"
}

# The cluster's settings, written by `up` for `down` and `restart`.
read_state() {
    [[ -f "$dir/cluster.state" ]] || fail "$dir holds no cluster (no cluster.state): nothing to do"
    # shellcheck source=/dev/null
    source "$dir/cluster.state"
}

# Every pid file of the cluster in D, one line each: the pid, then the part's name ("replica K" or
# "nginx").
cluster_processes() {
    local file replica
    for file in "$dir"/replica-*.pid "$dir"/nginx.pid; do
        [[ -f "$file" ]] || continue
        if [[ "$file" == */nginx.pid ]]; then
            echo "$(<"$file") nginx"
        else
            replica=${file##*/replica-}
            echo "$(<"$file") replica ${replica%.pid}"
        fi
    done
}

# Writes a file from a template of deploy/nginx/: every ${NAME} of the NAME=VALUE arguments replaced
# by its value, and each line holding ${RELIEF_REPLICA} repeated once per address of $replica_addresses.
render_template() {
    local template=$1 output=$2
    shift 2
    awk -v replicas="${replica_addresses[*]}" -v pairs="$(printf '%s\n' "$@")" '
        function replace_all(text, from, to,    at, result) {
            result = ""
            while ((at = index(text, from)) > 0) {
                result = result substr(text, 1, at - 1) to
                text = substr(text, at + length(from))
            }
            return result text
        }
        BEGIN {
            count = split(pairs, lines, "\n")
            for (i = 1; i <= count; i++) {
                at = index(lines[i], "=")
                names[i] = "${" substr(lines[i], 1, at - 1) "}"
                values[i] = substr(lines[i], at + 1)
            }
            replica_count = split(replicas, addresses, " ")
        }
        {
            line = $0
            for (i = 1; i <= count; i++) line = replace_all(line, names[i], values[i])
            if (index(line, "${RELIEF_REPLICA}") > 0) {
                for (r = 1; r <= replica_count; r++) print replace_all(line, "${RELIEF_REPLICA}", addresses[r])
            } else {
                print line
            }
        }' "$template" >"$output"
    # shellcheck disable=SC2016 # the placeholders themselves, not expansions
    if grep -v '^ *#' "$output" | grep -q '\${RELIEF_'; then
        fail "$template has a placeholder nobody filled in: $(grep -v '^ *#' "$output" | grep -o '\${RELIEF_[A-Z_]*}' | head -n 1)"
    fi
}

up() {
    local replicas="" port="" serve_flags=()
    binary="${RELIEF_BINARY:-$repo_root/.build/release/relief}"
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --replicas) replicas=${2-}; shift 2 || fail "--replicas needs a value" ;;
            --port) port=${2-}; shift 2 || fail "--port needs a value" ;;
            --dir) dir=${2-}; shift 2 || fail "--dir needs a value" ;;
            --binary) binary=${2-}; shift 2 || fail "--binary needs a value" ;;
            --) shift; serve_flags=("$@"); break ;;
            *) usage >&2; fail "up: unknown argument '$1'" ;;
        esac
    done
    [[ -n "$replicas" && -n "$port" && -n "${dir:-}" ]] || { usage >&2; fail "up needs --replicas N, --port P and --dir D"; }
    if ! is_whole_number "$replicas" || ((10#$replicas < 1 || 10#$replicas > max_replicas)); then
        fail "--replicas must be a whole number from 1 to $max_replicas; got '$replicas'"
    fi
    replicas=$((10#$replicas))
    if ! is_whole_number "$port" || ((10#$port < 1 || 10#$port > 65535)); then
        fail "--port must be a whole number from 1 to 65535; got '$port'"
    fi
    port=$((10#$port))
    [[ -f "$binary" && -x "$binary" ]] || fail "no relief executable at $binary (build it with 'make binary', or pass --binary FILE)"
    binary=$(realpath "$binary")
    command -v nginx >/dev/null || fail "nginx is missing (scripts/install-deps.sh test installs it)"
    command -v curl >/dev/null || fail "curl is missing (scripts/install-deps.sh test installs it)"
    is_listening "$port" && fail "port $port is busy: something already listens on 127.0.0.1:$port"

    mkdir -p "$dir" || fail "cannot create $dir"
    dir=$(realpath "$dir")
    local pid name
    while read -r pid name; do
        is_cluster_process "$pid" "$(kind_of "$name")" && fail "$dir already runs a cluster ($name, pid $pid): 'scripts/cluster.sh down --dir $dir' first"
    done < <(cluster_processes)
    rm -rf "$dir"/replica-*.pid "$dir"/replica-*.port "$dir"/nginx.pid "$dir/nginx-temp" "$dir/cache"
    {
        printf 'binary=%q\n' "$binary"
        printf 'serve_flags=(%s)\n' "$( ((${#serve_flags[@]} == 0)) || printf '%q ' "${serve_flags[@]}")"
        printf 'replicas=%q\nport=%q\n' "$replicas" "$port"
    } >"$dir/cluster.state"

    # Until every part answers, a failure stops whatever was started (globals: the trap runs after
    # this function has returned).
    started=() nginx_pid="" starting_replica=""
    trap 'stop_processes "${started[@]}" ${RELIEF_PID:+"$RELIEF_PID" "replica $starting_replica"} ${nginx_pid:+"$nginx_pid" nginx} >&2; rm -f "$dir"/replica-*.pid "$dir"/nginx.pid' EXIT

    "$binary" problem-files "$dir/problems" || fail "$binary problem-files failed"
    replica_addresses=()
    local replica
    for replica in $(seq "$replicas"); do
        RELIEF_PID="" starting_replica=$replica
        relief_start "$binary" "$dir/replica-$replica.log" "${serve_flags[@]}" || fail "replica $replica did not start"
        started+=("$RELIEF_PID" "replica $replica")
        echo "$RELIEF_PID" >"$dir/replica-$replica.pid"
        echo "$RELIEF_PORT" >"$dir/replica-$replica.port"
        replica_addresses+=("127.0.0.1:$RELIEF_PORT")
    done
    RELIEF_PID=""

    mkdir -p "$dir/nginx-temp" "$dir/cache"
    render_template "$templates/relief.conf.template" "$dir/relief.conf" \
        "RELIEF_LISTEN=127.0.0.1:$port" "RELIEF_CACHE_DIR=$dir/cache" "RELIEF_PROBLEM_DIR=$dir/problems"
    render_template "$templates/nginx.conf.template" "$dir/nginx.conf" \
        "RELIEF_NGINX_DIR=$dir" "RELIEF_NGINX_USER=$(id -un) $(id -gn)"
    nginx -c "$dir/nginx.conf" -g 'daemon off;' </dev/null >"$dir/nginx.log" 2>&1 &
    nginx_pid=$!

    for replica in $(seq "$replicas"); do
        wait_until_answers "http://127.0.0.1:$(<"$dir/replica-$replica.port")/healthz" \
            "$(<"$dir/replica-$replica.pid")" "replica $replica" "$dir/replica-$replica.log"
    done
    if ! (wait_until_answers "http://127.0.0.1:$port/healthz" "$nginx_pid" nginx "$dir/nginx-error.log"); then
        grep -q 'Address already in use' "$dir/nginx-error.log" "$dir/nginx.log" 2>/dev/null \
            && fail "port $port is busy: nginx could not listen on 127.0.0.1:$port"
        exit 1
    fi
    # nginx writes its pid file once it runs; the one it writes is the master's, $nginx_pid.
    [[ "$(cat "$dir/nginx.pid" 2>/dev/null)" == "$nginx_pid" ]] || fail "nginx wrote no pid file $dir/nginx.pid"
    trap - EXIT
    echo "cluster: $replicas replicas (ports $(cat "$dir"/replica-*.port | paste -sd ' ')) behind nginx at http://127.0.0.1:$port/ (files in $dir)"
}

down() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --dir) dir=${2-}; shift 2 || fail "--dir needs a value" ;;
            *) usage >&2; fail "down: unknown argument '$1'" ;;
        esac
    done
    [[ -n "${dir:-}" ]] || { usage >&2; fail "down needs --dir D"; }
    read_state
    local processes=() pid name
    while read -r pid name; do processes+=("$pid" "$name"); done < <(cluster_processes)
    stop_processes "${processes[@]}" || fail "could not stop the cluster in $dir: the processes above are still there"
    rm -f "$dir"/replica-*.pid "$dir"/nginx.pid
    local file listening=()
    for file in "$dir"/replica-*.port; do
        [[ -f "$file" ]] && is_listening "$(<"$file")" && listening+=("$(<"$file")")
    done
    is_listening "$port" && listening+=("$port")
    [[ ${#listening[@]} -eq 0 ]] || fail "stopped the cluster in $dir, but ports ${listening[*]} still answer"
    echo "cluster: stopped the cluster in $dir"
}

restart() {
    local replica=""
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --replica) replica=${2-}; shift 2 || fail "--replica needs a value" ;;
            --dir) dir=${2-}; shift 2 || fail "--dir needs a value" ;;
            *) usage >&2; fail "restart: unknown argument '$1'" ;;
        esac
    done
    [[ -n "$replica" && -n "${dir:-}" ]] || { usage >&2; fail "restart needs --replica K and --dir D"; }
    read_state
    [[ -f "$dir/replica-$replica.port" ]] || fail "$dir has no replica $replica (replicas 1 to $replicas)"
    local pid_file="$dir/replica-$replica.pid" replica_port
    replica_port=$(<"$dir/replica-$replica.port")
    [[ -f "$pid_file" ]] && is_cluster_process "$(<"$pid_file")" replica && fail "replica $replica still runs (pid $(<"$pid_file"))"
    RELIEF_PID=""
    # The replica's name and pid file written in now: the trap may run once this function's variables are gone.
    trap "stop_processes \${RELIEF_PID:+\"\$RELIEF_PID\" $(printf %q "replica $replica")} >&2; rm -f $(printf %q "$pid_file")" EXIT
    relief_start_on_port "$replica_port" "$binary" "$dir/replica-$replica.log" "${serve_flags[@]}" \
        || fail "replica $replica did not start again on port $replica_port"
    echo "$RELIEF_PID" >"$pid_file"
    wait_until_answers "http://127.0.0.1:$replica_port/healthz" "$RELIEF_PID" "replica $replica" "$dir/replica-$replica.log"
    trap - EXIT
    echo "cluster: replica $replica runs again on port $replica_port (pid $RELIEF_PID)"
}

case "${1-}" in
    up | down | restart) command=$1; shift; "$command" "$@" ;;
    -h | --help) usage ;;
    *) usage >&2; exit 2 ;;
esac
