#!/usr/bin/env bash
# The MIP timing table of docs/mip.md: solve time per variant and formulation with CBC and
# GLPK (`gridenum solve --engine mip`), one solver process at a time, plus the thesis's big-M
# NLIP on a 17-clue puzzle under a longer cap.
#
# usage: bench/mip_table.sh [GRIDENUM] [SHARED_DIR] [CAP_SECONDS] [CAP17_SECONDS] > table.md
#   GRIDENUM     the binary (default build/gridenum)
#   SHARED_DIR   the shared folder with puzzles/ (default ../shared)
#   CAP_SECONDS  time limit per solve (default 60)
#   CAP17        time limit for the 17-clue NLIP runs (default 300)
# Raw rows (variant,puzzle,solver,formulation,status,seconds) go to stderr as CSV.
set -euo pipefail
G=${1:-build/gridenum}
S=${2:-../shared}
CAP=${3:-60}
CAP17=${4:-300}
P=$S/puzzles
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Puzzles: the seed examples for classic, X and Windoku; the first three 9x9 puzzles of the
# jigsaw and killer collections.
grep '^classic ' "$P/seed-examples.txt" | awk '{print $2}' > "$work/classic.txt"
grep '^x-sudoku ' "$P/seed-examples.txt" | awk '{print $2}' > "$work/x.txt"
grep '^windoku ' "$P/seed-examples.txt" | awk '{print $2}' > "$work/windoku.txt"
awk '/^9\|/ && n < 3 { print; n++ }' "$P/jigsaw-300.txt" > "$work/jigsaw.txt"
awk '/^9\|/ && n < 3 { print; n++ }' "$P/killer-400.txt" > "$work/killer.txt"
awk 'NR == 1' "$P/classic-17clue-2000.txt" > "$work/c17.txt"

rules_of() { case $1 in x) echo "--rules x" ;; windoku) echo "--rules windoku" ;; *) echo "" ;; esac; }

# run VARIANT FILE SOLVER FORMULATION CAP -> appends "status seconds" per puzzle to $work/res
run_one() {
  local variant=$1 file=$2 solver=$3 form=$4 cap=$5 i=0
  while IFS= read -r line; do
    i=$((i + 1))
    printf '%s\n' "$line" > "$work/one.txt"
    local t0 t1 out status
    t0=$(date +%s.%N)
    # shellcheck disable=SC2046
    if out=$("$G" solve --engine mip --mip-solver "$solver" --formulation "$form" --time-limit "$cap" \
        $(rules_of "$variant") "$work/one.txt" 2> "$work/err.txt"); then status=solved; else
      if grep -q "time limit" "$work/err.txt"; then status=timeout; else status=error; fi
    fi
    t1=$(date +%s.%N)
    local secs
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    echo "$variant,$i,$solver,$form,$status,$secs" >&2
    echo "$variant $solver $form $status $secs" >> "$work/res"
  done < "$file"
}

: > "$work/res"
for variant in classic x windoku jigsaw killer; do
  for solver in cbc glpk; do
    for form in blp nlip nlip-tight; do
      run_one "$variant" "$work/$variant.txt" "$solver" "$form" "$CAP"
    done
  done
done

# cell VARIANT SOLVER FORM [CAP]: mean seconds of the solved ones, and "k/m timed out" if any did.
cell() {
  awk -v v="$1" -v s="$2" -v f="$3" -v cap="${4:-$CAP}" '
    $1 == v && $2 == s && $3 == f { n++; if ($4 == "solved") { k++; t += $5 } else if ($4 == "timeout") to++; else er++ }
    END {
      if (n == 0) { printf "-"; exit }
      if (k > 0) printf "%.2f", t / k; else printf "> %d", cap
      if (to > 0) printf " (%d/%d over %d s)", to, n, cap
      if (er > 0) printf " (%d/%d errors)", er, n
    }' "$work/res"
}

declare -A SCIP_BLP=([classic]="-" [x]="-" [windoku]="-" [jigsaw]="-" [killer]="7.6")
declare -A SCIP_NLIP=([classic]="31.7" [x]="26.7" [windoku]="298.8" [jigsaw]="220.5" [killer]="475.5")
declare -A LABEL=([classic]="Classic" [x]="X-Sudoku" [windoku]="Windoku" [jigsaw]="Jigsaw" [killer]="Killer")
declare -A COUNT=([classic]=1 [x]=1 [windoku]=1 [jigsaw]=3 [killer]=3)

echo "Mean wall seconds per puzzle (\`gridenum solve --engine mip\`, model writing and solution reading included), cap $CAP s per solve."
echo
echo "| variant (puzzles) | SCIP BLP (slides) | CBC BLP | GLPK BLP | SCIP NLIP (slides) | CBC NLIP | GLPK NLIP | CBC NLIP-tight | GLPK NLIP-tight |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for v in classic x windoku jigsaw killer; do
  echo "| ${LABEL[$v]} (${COUNT[$v]}) | ${SCIP_BLP[$v]} | $(cell $v cbc blp) | $(cell $v glpk blp) | ${SCIP_NLIP[$v]} | $(cell $v cbc nlip) | $(cell $v glpk nlip) | $(cell $v cbc nlip-tight) | $(cell $v glpk nlip-tight) |"
done
echo

# The 17-clue case: the thesis's big-M NLIP under the long cap, with the other two beside it.
: > "$work/res"
for solver in cbc glpk; do
  run_one classic "$work/c17.txt" "$solver" nlip "$CAP17"
  run_one classic "$work/c17.txt" "$solver" nlip-tight "$CAP"
  run_one classic "$work/c17.txt" "$solver" blp "$CAP"
done
echo "17-clue puzzle $(cat "$work/c17.txt") (first of classic-17clue-2000):"
echo
echo "| solver | BLP | NLIP (thesis, cap $CAP17 s) | NLIP-tight |"
echo "| --- | --- | --- | --- |"
for solver in cbc glpk; do
  echo "| ${solver^^} | $(cell classic "$solver" blp) | $(cell classic "$solver" nlip "$CAP17") | $(cell classic "$solver" nlip-tight) |"
done
