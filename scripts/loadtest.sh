#!/usr/bin/env bash
# Load-tests a running `relief serve` on this machine with curl alone: N requests, C at a time, a
# mix of cache hits (a few popular queries, repeated) and misses (queries never asked before, with
# a label unique to this run). Prints requests per second, the count of each status and the
# latency percentiles; exits non-zero when any request got a 5xx or no answer at all.
#
# Usage: scripts/loadtest.sh [-n N] [-c C] [-u URL] [-m PERCENT]
set -euo pipefail

requests=1000
concurrency=16
base_url="http://127.0.0.1:8080"
miss_percent=20

usage() {
    cat <<'EOF'
usage: scripts/loadtest.sh [-n N] [-c C] [-u URL] [-m PERCENT]
  -n N        requests to send, 1 to 1000000 (default 1000)
  -c C        requests in flight at once, 1 to 1000 (default 16)
  -u URL      the service, on this machine: http://127.0.0.1:PORT, http://localhost:PORT
              or http://[::1]:PORT (default http://127.0.0.1:8080)
  -m PERCENT  share of requests that miss the cache, 0 to 100 (default 20)
EOF
}

fail() {
    echo "loadtest: $1" >&2
    exit 2
}

# $1 names the option, $2 is its value, $3 and $4 bound it.
whole_number() {
    [[ "$2" =~ ^[0-9]+$ ]] && (( 10#$2 >= $3 && 10#$2 <= $4 )) ||
        fail "$1 must be a whole number from $3 to $4; got \"$2\""
    echo $((10#$2))
}

while getopts ":n:c:u:m:h" option; do
    case "$option" in
        n) requests=$(whole_number -n "$OPTARG" 1 1000000) ;;
        c) concurrency=$(whole_number -c "$OPTARG" 1 1000) ;;
        m) miss_percent=$(whole_number -m "$OPTARG" 0 100) ;;
        u) base_url="${OPTARG%/}" ;;
        h) usage; exit 0 ;;
        :) fail "-$OPTARG needs a value" ;;
        *) usage >&2; fail "unknown option -$OPTARG" ;;
    esac
done
shift $((OPTIND - 1))
(( $# == 0 )) || { usage >&2; fail "unexpected argument '$1'"; }

# A load test is for an instance on this machine, never someone else's server.
[[ "$base_url" =~ ^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]{1,5})?$ ]] ||
    fail "-u must be http://127.0.0.1[:PORT], http://localhost[:PORT] or http://[::1][:PORT]; got \"$base_url\""

# --parallel arrived in curl 7.66 and the %{exitcode} write-out variable in 7.75.
curl_version=$(curl --version | awk 'NR == 1 { print $2 }')
IFS=. read -r major minor _ <<<"$curl_version"
(( major > 7 || (major == 7 && minor >= 75) )) || fail "curl 7.75 or newer is needed; this is $curl_version"

curl -fsS -o /dev/null --max-time 5 "$base_url/healthz" ||
    fail "$base_url/healthz does not answer 200; start the service first (make serve)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Popular queries: after their first request, every repetition is a cache hit.
popular=(
    "style=light"
    "style=dark&pressed=true"
    "style=colorful&icon=play"
    "component=switch&style=soft&on=true"
    "component=card&style=light"
    "component=toggle&style=dark&on=true&shape=rounded"
)
styles=(light dark colorful soft)
run_id="$(date +%s)-$$"

{
    for ((i = 0; i < requests; i++)); do
        if (( i * miss_percent / 100 != (i + 1) * miss_percent / 100 )); then
            # Spread evenly through the run: a query no one has asked for, so the cache misses.
            query="style=${styles[i % 4]}&shape=capsule&label=run%20${run_id}%20n${i}"
        else
            query="${popular[i % ${#popular[@]}]}"
        fi
        printf 'url = "%s/render?%s"\noutput = "/dev/null"\n' "$base_url" "$query"
    done
} >"$work/requests.curl"

echo "loadtest: $requests requests to $base_url/render, $concurrency at a time, ${miss_percent}% cache misses"
started=$(date +%s.%N)
curl_status=0
curl --parallel --parallel-immediate --parallel-max "$concurrency" --silent --no-progress-meter --show-error \
    --connect-timeout 5 --max-time 60 --config "$work/requests.curl" \
    --write-out '%{http_code} %{time_total} %{exitcode}\n' >"$work/results.txt" 2>"$work/errors.txt" ||
    curl_status=$?
finished=$(date +%s.%N)

awk -v started="$started" -v finished="$finished" -v expected="$requests" '
    {
        count[$1]++
        if ($1 == "000" || $1 >= 500 || $3 != 0) failures++
        print $2 * 1000 > "'"$work"'/latencies.txt"
    }
    END {
        seconds = finished - started
        printf "completed  %d of %d in %.2f s: %.1f requests/s\n", NR, expected, seconds, NR / seconds
        printf "statuses  "
        for (status in count) printf " %s: %d", status, count[status]
        printf "\n"
        if (NR != expected) failures += expected - NR
        exit failures > 0 ? 1 : 0
    }' "$work/results.txt" && failed=0 || failed=1

sort -n "$work/latencies.txt" | awk '
    { latency[NR] = $1 }
    END {
        if (NR == 0) exit
        split("50 90 99", percents, " ")
        printf "latency   "
        for (i = 1; i <= 3; i++) {
            rank = int((percents[i] * NR + 99) / 100)
            printf " p%s %.2f ms", percents[i], latency[rank < 1 ? 1 : rank]
        }
        printf "  (max %.2f ms)\n", latency[NR]
    }'

if [[ -s "$work/errors.txt" ]]; then
    echo "curl reported:" >&2
    sort "$work/errors.txt" | uniq -c | sort -rn | head -5 >&2
fi
if (( failed || curl_status != 0 )); then
    echo "loadtest: FAILED: some requests got a 5xx or no answer (curl exit status $curl_status)" >&2
    exit 1
fi
echo "loadtest: ok"
