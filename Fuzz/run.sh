#!/usr/bin/env bash
# `make fuzz` and `make fuzz-short`: builds the libFuzzer targets (with AddressSanitizer) and runs
# each for its seconds, starting from the checked-in seeds in Fuzz/corpus/<target>; what the fuzzer
# finds is kept in $SCRATCH/fuzz/corpus/<target>, crashes in $SCRATCH/fuzz/crashes/<target>/ (not in
# artifacts/, SwiftPM's own folder of the scratch path, where a later build removed them).
# A libFuzzer process uses one core, so as many targets run at once as there are cores, the longest
# first. Prints executions and corpus size per target; fails if any target crashed.
#
# Environment: FUZZ_SECONDS (default 600) for each target, FUZZ_SECONDS_<target> (with `_` for `-`,
# as FUZZ_SECONDS_request_head) for one; SWIFT (default swift), SCRATCH (default .build).
set -euo pipefail

swift="${SWIFT:-swift}"
scratch="${SCRATCH:-.build}/fuzz"
targets=(request-head query percent-decoding screen render)

# The seconds of `target`.
seconds_of() {
    local variable="FUZZ_SECONDS_${1//-/_}"
    echo "${!variable:-${FUZZ_SECONDS:-600}}"
}

# Swift's own crash reporter would take the signal before libFuzzer could save the input.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0"
# All five in one build (RELIEF_FUZZ cuts the package down to them), so the modules of one fuzzer
# compile beside another's. gold cannot link libFuzzer's objects with Swift's; lld can.
RELIEF_FUZZ=1 "$swift" build --scratch-path "$scratch" -c release -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -use-ld=lld

# Runs `target` for its seconds and writes its exit status to $scratch/fuzz-<target>.status.
run_target() {
    local target="$1" seconds status=0
    seconds=$(seconds_of "$target")
    local corpus="$scratch/corpus/$target" artifacts="$scratch/crashes/$target" log="$scratch/fuzz-$target.log"
    mkdir -p "$corpus" "$artifacts"
    echo "fuzz: $target for $seconds s (log: $log)"
    "$scratch/release/fuzz-$target" "$corpus" "Fuzz/corpus/$target" -max_total_time="$seconds" -timeout=10 \
        -max_len=4096 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1 || status=$?
    echo "$status" >"$scratch/fuzz-$target.status"
}

lanes=$(nproc)
rm -f "$scratch"/fuzz-*.status
for target in $(for target in "${targets[@]}"; do echo "$(seconds_of "$target") $target"; done | sort -rn | cut -d' ' -f2); do
    while [[ $(jobs -rp | wc -l) -ge $lanes ]]; do wait -n || true; done
    run_target "$target" &
done
wait

failed=()
summary="| target | seconds | executions | executions/s | corpus (inputs) | crashes |"$'\n'"|---|---:|---:|---:|---:|---:|"
for target in "${targets[@]}"; do
    seconds=$(seconds_of "$target")
    corpus="$scratch/corpus/$target"
    artifacts="$scratch/crashes/$target"
    log="$scratch/fuzz-$target.log"
    status=$(cat "$scratch/fuzz-$target.status")
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    inputs=$(find "$corpus" -type f | wc -l)
    crashes=$(find "$artifacts" -type f | wc -l)
    summary+=$'\n'"| fuzz-$target | $seconds | ${executions:-?} | ${rate:-?} | $inputs | $crashes |"
    if [[ $status -ne 0 ]]; then
        failed+=("$target")
        grep -E "precondition|Fatal error|ERROR|SUMMARY|Test unit written" "$log" | head -n 20 || true
    fi
done
echo "$summary"
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz: crashes in ${failed[*]}; inputs in $scratch/crashes/" >&2
    exit 1
fi
