#!/usr/bin/env bash
# Runs every command of the README's command table as a new user would (docs/walkthrough.md keeps
# the last run), each once, timed, in a scratch directory, and prints a Markdown table: the
# command, its exit code, its wall time, and the line of its output that says what it did.
#
#   scripts/readme-walkthrough.sh [GRIDENUM]
#
# GRIDENUM defaults to build/gridenum of this checkout. The long jobs of the table (4x3, 2x6) are
# shown by the 2x6 dry run and by a 4x3 job started, stopped with SIGINT in its first phase and looked
# at with status, not run to their end (hours). Exit status: 0 when every command exited as the
# table says it should, else 1 (the rows marked "UNEXPECTED" say which).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
g=$(realpath "${1:-$root/build/gridenum}")
[ -x "$g" ] || { echo "readme-walkthrough: no gridenum binary at $g (build it, or give its path)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# A puzzle file: three 9x9 puzzles of the repository's generated set (tests/data/generated).
grep -v '^#' "$root/tests/data/generated/classic-3x3.txt" | grep -v '^\s*$' | head -3 > puzzles.txt
bad=0
echo "| command | exit | wall | what it said |"
echo "| --- | --- | --- | --- |"
# run EXPECTED_EXIT COMMAND...: one row. The summary is the output's last non-empty line (stdout,
# else stderr), cut to 90 characters.
run() {
  local want=$1
  shift
  local t0 t1 rc out
  t0=$(date +%s.%N)
  "$@" > out.txt 2> err.txt
  rc=$?
  t1=$(date +%s.%N)
  out=$(grep -v '^\s*$' out.txt | tail -1)
  [ -n "$out" ] || out=$(grep -v '^\s*$' err.txt | tail -1)
  out=${out//|/\\|}
  local shown=${*//$g/gridenum}
  shown=${shown//$work\//}
  shown=${shown//$root\//}
  local mark=""
  if [ "$rc" != "$want" ]; then
    mark=" **UNEXPECTED (expected $want)**"
    bad=1
  fi
  printf '| `%s` | %s%s | %.2f s | %s |\n' "$shown" "$rc" "$mark" "$(echo "$t1 - $t0" | bc)" "${out:0:90}"
}
# stop_in_phase SECONDS COMMAND...: starts it, sends SIGINT once it has run SECONDS, expects 130.
stop_in_phase() {
  local wait_s=$1
  shift
  local t0 t1 rc
  t0=$(date +%s.%N)
  "$@" > out.txt 2> err.txt &
  local pid=$!
  sleep "$wait_s"
  kill -INT "$pid"
  wait "$pid"
  rc=$?
  t1=$(date +%s.%N)
  local shown=${*//$g/gridenum}
  shown=${shown//$work\//}
  local mark=""
  [ "$rc" = 130 ] || { mark=" **UNEXPECTED (expected 130)**"; bad=1; }
  printf '| `%s` (SIGINT after %s s) | %s%s | %.2f s | %s |\n' "$shown" "$wait_s" "$rc" "$mark" \
    "$(echo "$t1 - $t0" | bc)" "$(tail -1 err.txt | cut -c1-90 | sed 's/|/\\|/g')"
}

run 0 "$g" count --config "$root/configs/default.toml"
run 0 "$g" count --shape 3x3 --threads 2 --json
run 0 "$g" count --shape 2x2
run 0 "$g" count --shape 2x5 --threads 2
run 0 "$g" count --shape 2x5 --method two-stack --threads 2
run 0 "$g" count --shape 2x5 --method two-band --threads 2
run 0 "$g" count --shape 2x6 --dry-run --sample-seconds 5 --threads 2
stop_in_phase 20 "$g" count --shape 4x3 --job-dir j43 --threads 2
run 0 "$g" status j43
run 0 "$g" count --shape 2x5 --memory-limit 20G --threads 2
run 2 "$g" count --shape 9x9
run 0 "$g" count --job-dir j24 --config "$root/configs/2x4.toml" --shard 1/2 --threads 2
run 0 "$g" count --job-dir j24b --config "$root/configs/2x4.toml" --shard 2/2 --threads 2
run 0 "$g" resume j24
run 0 "$g" status j24
run 0 "$g" merge j24 j24b --output merged
run 0 "$g" count --method signature
run 0 "$g" methods --shape 2x5
run 0 "$g" methods --json
run 0 "$g" verify classes
run 0 "$g" verify completions --all
run 0 "$g" verify completions --shape 2x5 --sample 2 --seed 1 --threads 2
run 0 "$g" verify result merged/result.json
run 0 "$g" symmetry
run 0 "$g" symmetry --shape 2x2 --no-transpose
run 0 "$g" symmetry --shape 2x5 --threads 2
# The grid tools read whole grids: the three puzzles' solutions.
"$g" solve puzzles.txt > grids.txt 2>/dev/null
run 0 "$g" grid canon grids.txt
run 0 "$g" grid equiv "$(sed -n 1p grids.txt)" "$(sed -n 1p grids.txt)"
run 0 "$g" grid auto grids.txt
run 0 "$g" grid info grids.txt
run 0 "$g" estimate --shape 3x3
run 0 "$g" estimate --shape 4x3 --method sis --samples 2000 --threads 2
run 0 "$g" solve puzzles.txt
run 0 "$g" solve --count puzzles.txt
run 0 "$g" solve --unique puzzles.txt
run 0 "$g" generate --rules x --shape 3x3 --minimal --seed 1
run 0 "$g" enumerate --shape 2x2 --rules x
run 0 "$g" export-mip puzzles.txt --stats
run 0 "$g" help count
run 2 "$g" cuont
exit $bad
