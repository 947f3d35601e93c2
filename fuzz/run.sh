#!/bin/sh
# Builds the libFuzzer targets with clang++ and runs the puzzle-reader fuzzer.
# Usage: fuzz/run.sh [SECONDS] [BUILD_DIR] [WORKERS]   (defaults: 60 s, build-fuzz, 1)
# WORKERS > 1 runs libFuzzer's fork mode with that many fuzzing processes sharing the corpus
# (CI: 2 workers for 30 s, about the executions of 1 worker for 60 s on its 2 cores, in half
# the wall time; docs/testing.md). Fork mode ignores timeouts and out-of-memory by default;
# they are turned back into failures here, as they are with one worker.
# The corpus starts from the seeds in fuzz/seeds/ (a few inputs of every format), copied into
# BUILD_DIR/corpus/, which the run grows; the seeds themselves are not changed.
set -eu
SECONDS_TO_RUN=${1:-60}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${2:-$ROOT/build-fuzz}
WORKERS=${3:-1}
FORK=""
if [ "$WORKERS" -gt 1 ]; then
  FORK="-fork=$WORKERS -ignore_crashes=0 -ignore_timeouts=0 -ignore_ooms=0"
fi
# A build folder already configured for fuzzing (the sanitizer pass's, clang with
# -DGRIDENUM_FUZZ=ON) is used as it is: reconfiguring it would rebuild everything.
if ! grep -q '^GRIDENUM_FUZZ:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
  # libstdc++'s assertions as in the sanitizer pass (scripts/sanitizer-pass.sh): a bad index into
  # a std::vector or std::string stops the fuzzer where ASan might see only a valid address.
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" \
    -DCMAKE_CXX_FLAGS="-D_GLIBCXX_ASSERTIONS" -DGRIDENUM_FUZZ=ON -DGRIDENUM_TESTS=OFF -DGRIDENUM_BENCH=OFF >/dev/null
fi
cmake --build "$BUILD" -j2 --target fuzz_puzzle_io
CORPUS="$BUILD/corpus"
mkdir -p "$CORPUS"
cp "$ROOT"/fuzz/seeds/* "$CORPUS"/ 2>/dev/null || true
# shellcheck disable=SC2086 # FORK is a list of flags, or nothing
"$BUILD/fuzz/fuzz_puzzle_io" $FORK -max_total_time="$SECONDS_TO_RUN" -max_len=4096 -timeout=10 \
  -rss_limit_mb=2048 "$CORPUS"
