#!/usr/bin/env bash
# `make fuzz`: builds pbfuzz with libFuzzer and AddressSanitizer, writes the seed corpora, runs
# every target (or FUZZ_TARGETS) for FUZZ_SECONDS each (or until FUZZ_RUNS executions), prints
# executions and findings per target, and exits non-zero when any target found something.
# FUZZ_KEEP_CORPUS=1 (make fuzz-long) merges the inputs that add coverage into Fuzz/Corpus/.
# docs/fuzzing.md explains it.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${FUZZ_SECONDS:-60}
runs=${FUZZ_RUNS:-}
keep=${FUZZ_KEEP_CORPUS:-}
scratch=$root/.build-fuzz
work=$scratch/work
shared=$root/../shared/data
pbfuzz=$scratch/release/pbfuzz

# Release (-O keeps bounds, overflow and precondition checks) runs 3-17x more inputs per second
# than debug; -enable-testing lets targets reach internal decoders through @testable import.
echo "fuzz: building pbfuzz (-c release -enable-testing -sanitize=fuzzer,address) in $scratch"
(cd "$root/Fuzz" && swift build -c release -Xswiftc -enable-testing -Xswiftc -sanitize=fuzzer,address \
    --scratch-path "$scratch" 2>&1 \
    | grep -v "Cannot export local symbol") || exit 1
[ -x "$pbfuzz" ] || { echo "fuzz: $pbfuzz was not built"; exit 1; }

# No leak checking: LeakSanitizer reports the memory Swift's once-initialised statics (the sensor
# drivers' step tables, made by the first input that opens a driver) hold for the whole run as
# direct leaks, a finding on every device target; reference counting leaves little else to find.
export ASAN_OPTIONS=detect_leaks=0

rm -rf "$work/seeds"
if [ -d "$shared" ]; then
    "$pbfuzz" seeds "$work/seeds" --shared "$shared" || exit 1
else
    echo "fuzz: $shared is absent; seeds come from the generator only"
    "$pbfuzz" seeds "$work/seeds" || exit 1
fi

# A finding ends in fatalError or a sanitizer report; Swift's own backtracer would then read
# memory ASan guards and add a report of its own.
export SWIFT_BACKTRACE=enable=no

targets=${FUZZ_TARGETS:-$("$pbfuzz" list | cut -d' ' -f1)}
failed=0
total=0
printf '\n%-20s %12s %10s %8s  %s\n' target executions exec/s corpus result
for target in $targets; do
    max_len=$("$pbfuzz" list | awk -v t="$target" '$1 == t { print $2 }')
    [ -n "$max_len" ] || { echo "fuzz: no target $target"; failed=1; continue; }
    corpus=$work/corpus/$target artifacts=$work/artifacts/$target log=$work/logs/$target.log
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    rm -f "$artifacts"/*
    directories=("$corpus" "$work/seeds/$target")
    [ -d "$root/Fuzz/Corpus/$target" ] && directories+=("$root/Fuzz/Corpus/$target")
    limits=(-max_total_time="$seconds")
    [ -z "$runs" ] || limits+=(-runs="$runs")
    "$pbfuzz" run "$target" "${limits[@]}" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" "${directories[@]}" >"$log" 2>&1
    status=$?
    if [ -n "$keep" ] && [ "$status" -eq 0 ]; then
        # Only inputs that reach new coverage join the committed corpus (libFuzzer -merge=1).
        mkdir -p "$root/Fuzz/Corpus/$target"
        "$pbfuzz" run "$target" -merge=1 -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
            "$root/Fuzz/Corpus/$target" "$corpus" >"$log.merge" 2>&1 || echo "fuzz: merging $target failed, see $log.merge"
    fi
    executions=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log" | tail -1)
    rate=$(awk '/stat::average_exec_per_sec/ { print $2 }' "$log" | tail -1)
    findings=$(find "$artifacts" -type f | wc -l)
    units=$(find "$corpus" -type f | wc -l)
    if [ "$status" -eq 0 ] && [ "$findings" -eq 0 ]; then
        result=ok
    else
        result="FOUND (exit $status): $(find "$artifacts" -type f -printf '%f ' ) see $log"
        failed=1
    fi
    total=$((total + ${executions:-0}))
    printf '%-20s %12s %10s %8s  %s\n' "$target" "${executions:-?}" "${rate:-?}" "$units" "$result"
done
printf '%-20s %12s\n' total "$total"
exit $failed
