#!/usr/bin/env bash
# Runs the long test tier (label long: the re-derivations of tens of minutes or hours, which CI
# never runs; docs/testing.md) and prints the record docs/testing.md keeps of its last run.
#
#   scripts/long-tests.sh [BUILD_DIR] [-- CTEST_ARGS...]
#
# Configures BUILD_DIR (default build-long) with -DGRIDENUM_LONG_TESTS=ON, builds it, runs
# `ctest -L long` with -j2 (ctest adds the setup tests of the fixtures the long tests need), and
# prints a Markdown table -- date, commit, CPU, and each test's wall time and result -- to paste
# into docs/testing.md. Extra arguments after -- go to ctest (e.g. -R Burnside, -j1). Exit status:
# ctest's. Run it deliberately before changing the code a long test guards; it takes hours and up
# to 3.5 GB of memory (the 4x3 tables).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-long}
[ $# -gt 0 ] && shift
[ "${1:-}" = "--" ] && shift
cmake -S "$root" -B "$build" -DGRIDENUM_LONG_TESTS=ON >/dev/null
cmake --build "$build" -j2
log="$build/long-tests.log"
start=$(date -u +%Y-%m-%dT%H:%MZ)
set +e
ctest --test-dir "$build" -L long -j2 --output-on-failure "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
family=$(lscpu | sed -n 's/^CPU family: *//p' | head -1)
model=$(lscpu | sed -n 's/^Model: *//p' | head -1)
echo
echo "Long tier run: started $start, commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo ' (with uncommitted changes)'),"
echo "$(nproc) cores, $cpu (family $family model $model), ctest -j2 $*"
echo
echo "| test | wall time | result |"
echo "| --- | --- | --- |"
sed -n 's/^ *[0-9]*\/[0-9]* Test *#[0-9]*: \([^ ]*\) \.*[^A-Za-z]*\([A-Za-z* ]*[A-Za-z]\) *\([0-9.]*\) sec$/| `\1` | \3 s | \2 |/p' "$log"
exit "$status"
