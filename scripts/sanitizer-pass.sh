#!/usr/bin/env bash
# The full sanitizer pass: the library, the CLI and the fast tests built with clang++ under
# AddressSanitizer + UndefinedBehaviorSanitizer + libstdc++'s assertions (Debug, so `assert` is
# on), then the fast label, then libFuzzer on the puzzle readers from the same build.
#
#   scripts/sanitizer-pass.sh [BUILD_DIR] [FUZZ_SECONDS]   (defaults: build-asan, 30)
#
# About 31 minutes of 2 cores on AMD EPYC family 23 (the build about 20 of them), so it left
# CI's stages on 2026-11-30: CI keeps the fuzz stage (the readers and their libraries under the
# same sanitizers), and this pass runs deliberately, like the long tier, before a session that
# changed library or CLI code stops; docs/testing.md ("The sanitizer pass") records its last run.
# Prints the stage times and a line to paste there. Exit status: non-zero if any part failed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-asan}
fuzz_seconds=${2:-30}
cd "$root"
start=$SECONDS
begun=$(date -u +%Y-%m-%dT%H:%MZ)
# Only the fast label runs here, so the slow programs are not even compiled (GRIDENUM_SLOW_TESTS),
# nor the collection programs (a puzzles folder that does not exist).
# Built with clang++: the same instrumentation as GCC's, in 6 minutes of 2 cores instead of 12
# (GCC's UBSan doubles the compile at -O1), and its instrumented code runs faster; docs/testing.md.
# The same build holds the libFuzzer target (-DGRIDENUM_FUZZ=ON: the puzzle readers also carry
# libFuzzer's coverage hooks), so clang compiles the library once for both.
cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DGRIDENUM_SANITIZE=address,undefined -DCMAKE_CXX_FLAGS="-D_GLIBCXX_ASSERTIONS" \
  -DGRIDENUM_BENCH=OFF -DGRIDENUM_SLOW_TESTS=OFF -DGRIDENUM_FUZZ=ON \
  -DGRIDENUM_PUZZLES_DIR="$root/no-puzzles-in-the-sanitizer-build" >/dev/null
cmake --build "$build" -j2
built=$SECONDS
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
  ctest --test-dir "$build" -L fast --output-on-failure -j2 | tee "$build/sanitizer-pass.log"
tested=$SECONDS
sh fuzz/run.sh "$fuzz_seconds" "$build" 2
cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
family=$(lscpu | sed -n 's/^CPU family: *//p' | head -1)
model=$(lscpu | sed -n 's/^Model: *//p' | head -1)
echo
echo "Sanitizer pass: started $begun, commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with uncommitted changes)'),"
echo "$(nproc) cores, $cpu (family $family model $model): build $(( built - start )) s,"
echo "fast label $(( tested - built )) s ($(grep -o '[0-9]* tests failed out of [0-9]*' "$build/sanitizer-pass.log")),"
echo "fuzz $(( SECONDS - tested )) s; total $(( SECONDS - start )) s."
