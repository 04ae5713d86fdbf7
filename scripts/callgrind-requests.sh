#!/usr/bin/env bash
# Counts the instructions `relief serve` spends on new keys of one cold workload of
# `make bench-service`, one request at a time: instructions do not move with the machine's load, so
# two builds compare to a fraction of a percent where seconds move by tens. The server runs under
# valgrind's callgrind pinned to one core (an encode then never splits into strips on an idle core),
# the access log off, debug information stripped; 4 requests warm it up, then COUNT new keys are
# counted. Prints the total and the total without zlib, whose count still moves by a few percent
# between runs; the profile stays in OUTDIR (`callgrind_annotate OUTDIR/callgrind.out.1`).
#
# Usage: scripts/callgrind-requests.sh BINARY WORKLOAD [COUNT] [OUTDIR]
#   WORKLOAD: mixed | colour | label | newsize | button-bg | card-bg
#   COUNT: 1 to 100 (default 20); every key is new (no cache hit, so no background re-encode).
set -euo pipefail

if [[ $# -lt 2 ]]; then
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
binary=$1
workload=$2
count=${3:-20}
out=${4:-$(mktemp -d)}
if ! [[ $count =~ ^[0-9]+$ ]] || ((count < 1 || count > 100)); then
    echo "COUNT must be 1 to 100, got '$count'" >&2
    exit 2
fi

# The n-th key of the workload (n of 1 to 100 counted, 101 to 104 the warm-up): the recipes of
# scripts/bench-service.py, the counter stepped so that sizes, styles and states all vary. The mixed
# recipe repeats every 300 keys but for its margin, which keeps the warm-up's keys apart.
key() {
    local n=$1
    local background=$(((n * 7919 + 1234567) % 16777216))
    case $workload in
    mixed)
        local styles=(light dark colorful soft) pressed=false
        ((n % 3 == 0)) && pressed=true
        echo "/render?style=${styles[n % 4]}&shape=rounded&width=$((100 + n * 37 % 100))&height=$((60 + n * 61 % 100))&margin=$((30 + n / 101))&pressed=$pressed&scale=2"
        ;;
    colour) printf '/render?style=colorful&pressed=true&scale=2&margin=30&background=%06x\n' $background ;;
    label) echo "/render?style=dark&shape=capsule&width=160&height=56&scale=2&label=Order%2030-$n" ;;
    newsize) echo "/render?style=light&scale=2&size=$((60 + n))" ;;
    button-bg) printf '/render?style=light&scale=2&background=%06x\n' $background ;;
    card-bg) printf '/render?component=card&style=light&scale=2&background=%06x\n' $background ;;
    *)
        echo "unknown WORKLOAD '$workload': mixed, colour, label, newsize, button-bg or card-bg" >&2
        exit 2
        ;;
    esac
}
key 1 > /dev/null

mkdir -p "$out"
stripped=$out/relief-stripped
cp "$binary" "$stripped"
strip --strip-debug "$stripped"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
taskset -c 0 valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out/callgrind.out" \
    "$stripped" serve --port "$port" --access-log off > "$out/serve.log" 2>&1 &
server=$!
trap 'kill $server 2> /dev/null || true' EXIT
for _ in $(seq 1 600); do
    curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break
    sleep 0.2
done

for n in 101 102 103 104; do
    curl -s -o /dev/null "http://127.0.0.1:$port$(key $n)"
done
callgrind_control -i on $server > /dev/null 2>&1
for n in $(seq 1 "$count"); do
    status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$(key "$n")")
    [[ $status == 200 ]] || echo "key $n answered $status" >&2
done
callgrind_control -i off $server > /dev/null 2>&1
callgrind_control -d $server > /dev/null 2>&1
kill $server
wait $server 2> /dev/null || true

profile=$out/callgrind.out.1
total=$(callgrind_annotate "$profile" 2> /dev/null | grep 'PROGRAM TOTALS' | awk '{gsub(",", "", $1); print $1}')
zlib=$(callgrind_annotate --threshold=100 "$profile" 2> /dev/null | grep 'libz\.so' | awk '{gsub(",", "", $1); s += $1} END {printf "%d", s}')
printf '%s, %d requests: %.1f M instructions, %.1f M without zlib (%s)\n' \
    "$workload" "$count" "$(echo "$total / 1000000" | bc -l)" "$(echo "($total - $zlib) / 1000000" | bc -l)" "$profile"
