#!/usr/bin/env bash
# Interleaved A/B of two gridenum binaries on the same count: A, B, A, B, ... so that drift of the
# machine (other load, frequency) hits both alike; prints each run's wall time and the medians.
#
#   bench/ab_count.sh A_BINARY B_BINARY [RUNS] [count options...]
#   e.g. bench/ab_count.sh build/gridenum build-native/gridenum 30 --threads 2
set -euo pipefail
a=$1 b=$2 runs=${3:-30}
shift 3 || shift $#
for bin in "$a" "$b"; do "$bin" count "$@" > /dev/null; done  # warm-up (page cache, CPU frequency)
ta=() tb=()
now() { date +%s%N; }
for ((i = 0; i < runs; i++)); do
  t0=$(now); "$a" count "$@" > /dev/null; t1=$(now); "$b" count "$@" > /dev/null; t2=$(now)
  ta+=($(( (t1 - t0) / 1000 ))) tb+=($(( (t2 - t1) / 1000 )))
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
ma=$(median "${ta[@]}") mb=$(median "${tb[@]}")
echo "A $a: median $(( ma / 1000 )) ms over $runs runs"
echo "B $b: median $(( mb / 1000 )) ms over $runs runs"
awk -v a="$ma" -v b="$mb" 'BEGIN { printf "B / A = %.3f\n", b / a }'
