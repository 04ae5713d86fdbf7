#!/usr/bin/env bash
# `make fuzz` and `make fuzz-short`: builds the libFuzzer targets (with AddressSanitizer) and runs
# each for FUZZ_SECONDS, starting from the checked-in seeds in Fuzz/corpus/<target>; what the fuzzer
# finds is kept in $SCRATCH/fuzz/corpus/<target>, crashes in $SCRATCH/fuzz/crashes/<target>/ (not in
# artifacts/, SwiftPM's own folder of the scratch path, where a later build removed them).
# Prints executions and corpus size per target; fails if any target crashed.
#
# Environment: FUZZ_SECONDS (default 600), SWIFT (default swift), SCRATCH (default .build).
set -euo pipefail

seconds="${FUZZ_SECONDS:-600}"
swift="${SWIFT:-swift}"
scratch="${SCRATCH:-.build}/fuzz"
targets=(request-head query percent-decoding screen render)

# Swift's own crash reporter would take the signal before libFuzzer could save the input.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0"
for target in "${targets[@]}"; do
    # gold cannot link libFuzzer's objects with Swift's; lld can.
    RELIEF_FUZZ=1 "$swift" build --scratch-path "$scratch" -c release -Xswiftc -sanitize=fuzzer,address \
        -Xswiftc -enable-testing -Xswiftc -use-ld=lld --product "fuzz-$target"
done

failed=()
summary="| target | seconds | executions | executions/s | corpus (inputs) | crashes |"$'\n'"|---|---:|---:|---:|---:|---:|"
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target"
    artifacts="$scratch/crashes/$target"
    log="$scratch/fuzz-$target.log"
    mkdir -p "$corpus" "$artifacts"
    echo "fuzz: $target for $seconds s (log: $log)"
    status=0
    "$scratch/release/fuzz-$target" "$corpus" "Fuzz/corpus/$target" -max_total_time="$seconds" -timeout=10 \
        -max_len=4096 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1 || status=$?
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
