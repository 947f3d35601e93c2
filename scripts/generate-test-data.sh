#!/usr/bin/env bash
# Regenerates the project's own puzzle test data, tests/data/generated/, with `gridenum generate`
# from fixed seeds. Each file starts with the exact command that made it (written by generate
# itself); tests/puzzle/test_generate.cpp checks every puzzle with two solvers and rebuilds the
# files through the library, byte for byte, so this script and the tests must agree: after a
# change to the generator, run it and commit the data with the change.
#
#   scripts/generate-test-data.sh [path/to/gridenum]     (default: build/gridenum)
#
# Output does not depend on --threads (puzzle i depends only on the seed, i and the options).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/gridenum}
out=tests/data/generated
mkdir -p "$out"

# name seed count options...
gen() {
  local name=$1 seed=$2 count=$3
  shift 3
  "$bin" generate --seed "$seed" --puzzles "$count" --threads 0 "$@" > "$out/$name.txt.tmp"
  mv "$out/$name.txt.tmp" "$out/$name.txt"
  echo "$out/$name.txt ($SECONDS s)" >&2
}

# Classic: every box shape from 4x4 to 16x16 (6x6, 8x8, 12x12 both ways round), minimal, and
# a few 25x25 as made by default (a 25x25 minimal pass is seconds per puzzle).
gen classic-2x2 1001 100 --shape 2x2 --minimal
gen classic-2x3 1002 100 --shape 2x3 --minimal
gen classic-3x2 1003 100 --shape 3x2 --minimal
gen classic-2x4 1004 100 --shape 2x4 --minimal
gen classic-4x2 1018 100 --shape 4x2 --minimal
gen classic-3x3 1005 100 --shape 3x3 --minimal
gen classic-2x5 1019 100 --shape 2x5 --minimal
gen classic-3x4 1006 100 --shape 3x4 --minimal
gen classic-4x3 1007 100 --shape 4x3 --minimal
gen classic-4x4 1008 100 --shape 4x4 --minimal
gen classic-5x5 1020 3 --shape 5x5
# Symmetric givens: minimal over orbits, then made minimal by the final pass (rotational), and
# as the orbit pass leaves them (mirror, rotational 6x6: the givens keep the symmetry).
gen classic-3x3-rotational 1009 100 --shape 3x3 --symmetry rotational --minimal
gen classic-3x3-mirror 1010 100 --shape 3x3 --symmetry mirror
gen classic-2x3-rotational 1021 100 --shape 2x3 --symmetry rotational
gen x-3x3-rotational 1022 100 --rules x --shape 3x3 --symmetry rotational
# X on every size up to 16x16, Windoku and X-Windoku.
gen x-2x2 1011 100 --rules x --shape 2x2 --minimal
gen x-2x3 1012 100 --rules x --shape 2x3 --minimal
gen x-2x4 1013 100 --rules x --shape 2x4 --minimal
gen x-3x3 1014 100 --rules x --shape 3x3 --minimal
gen x-3x4 1015 100 --rules x --shape 3x4 --minimal
gen x-4x4 1023 100 --rules x --shape 4x4
gen windoku-3x3 1016 100 --rules windoku --shape 3x3 --minimal
gen x-windoku-3x3 1017 100 --rules x,windoku --shape 3x3 --minimal
# Jigsaw, sizes 4 to 12 and 16, and with X. 10, 12 and 16 without --minimal: its last pass is
# exact, and on these sizes a single undecided given can take seconds to settle.
for n in 4 5 6 7 8 9; do
  gen jigsaw-$n $((1020 + n)) 100 --rules jigsaw --size "$n" --minimal
done
gen jigsaw-10 1030 100 --rules jigsaw --size 10
gen jigsaw-12 1032 100 --rules jigsaw --size 12
gen jigsaw-16 1036 100 --rules jigsaw --size 16
gen jigsaw-x-9 1040 100 --rules jigsaw,x --size 9 --minimal
# Killer: 4x4 and 6x6 minimal (no two adjacent cages can be merged), larger as made by default;
# 12x12 with cages of at most 4 cells and 16x16 with at most 3: with the default 6,
# Dancing Links (the second engine the tests check with) took 68 s of CPU on 100 12x12 killers
# (4 cells: 4.4 s; 3: 0.3 s) and over a minute on one of ten 16x16 ones (3 cells: a tenth of a second).
gen killer-2x2 1041 100 --rules killer --shape 2x2 --minimal
gen killer-2x3 1042 100 --rules killer --shape 2x3 --minimal
gen killer-2x4 1046 100 --rules killer --shape 2x4
gen killer-3x3 1043 100 --rules killer --shape 3x3
gen killer-x-3x3 1044 100 --rules killer,x --shape 3x3
gen killer-3x4 1047 100 --rules killer --shape 3x4 --cage-max 4
gen killer-4x4 1048 100 --rules killer --shape 4x4 --cage-max 3
# JSON lines: what only JSON holds (jigsaw killers).
gen jigsaw-killer-6 1045 100 --rules jigsaw,killer --size 6 --minimal --format json
gen jigsaw-killer-9 1049 100 --rules jigsaw,killer --size 9 --format json
# Puzzles with other solution counts ("puzzle:count:solution", the solution when the count is 1):
# generated puzzles with one given blanked or changed, counted exactly by the propagation solver.
gen counts-classic-2x2-change 1050 50 --shape 2x2 --minimal --perturb change
gen counts-classic-3x3-remove 1051 50 --shape 3x3 --minimal --perturb remove
gen counts-classic-3x3-change 1052 50 --shape 3x3 --minimal --perturb change
