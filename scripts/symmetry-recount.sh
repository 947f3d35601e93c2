#!/usr/bin/env bash
# Every fixing class of a symmetry job counted again by a kernel of one's choice, one process per
# class with a time limit, into a table that later runs extend.
#
# Why: a class counted by two kernels that share no counting code, with equal values, is checked
# independently (docs/symmetry.md, "Every fixing class counted again by the other kernel"). A
# 12-digit job counts its classes with the signature kernel (2x6, 6x2) or, on 3x4 / 4x3, with line
# orbits and the band kernels (band cycles, band swaps, band keeps), and the journal does not say
# which kernel counted a class; line orbits shares no counting code with the others. So a class is
# checked when a kernel other than the one the job used agrees with the job, and for certain when
# two kernels that share no code both do (the table can hold both). Each class takes from
# milliseconds to more than a session, and a `gridenum symmetry` process is not resumable, so each
# class is its own process under `timeout`: a class that does not finish is recorded as such (with
# the limit it had) and tried again, with a longer limit, by a later run.
#
# Usage: scripts/symmetry-recount.sh JOB_DIR SECONDS TABLE.tsv [GRIDENUM]
#   JOB_DIR    a symmetry job (gridenum symmetry --job-dir); its journaled fixing classes are taken
#              from `gridenum status --json JOB_DIR`
#   SECONDS    the time limit of one class (e.g. 60)
#   TABLE.tsv  the table, created or extended: a (class, kernel) already there with a value (agree
#              or DIFFER) is skipped, one that timed out is tried again if SECONDS is longer than
#              its last limit
#   GRIDENUM   the binary (default: gridenum on PATH)
# Environment:
#   RECOUNT_METHOD=KERNEL  the kernel to count with: line-orbits (the default), signatures,
#     band-cycles, band-swaps, band-keeps, band (whichever of the three band kernels takes the
#     class), or cell-search (every class; each fixed grid met once, so for f up to about 1e9). A class the kernel cannot count (gridenum symmetry --json lists each class's
#     "kernels") is left out and counted on stderr; gridenum would count it by line orbits instead.
#   RECOUNT_THREADS=T  threads of each class's count (default 1).
#   RECOUNT_CLASSES=K1,K2,...  only these of the job's fixing classes (a sample of the heavy ones
#     under a longer limit, say); the others are left as they are in the table.
# Columns: class, the job's f, the kernel, its f (or "-"), verdict (agree, DIFFER, timeout),
# seconds of the kernel (or the limit), the binary's commit, the date (UTC).
# Exit: 0 when no class differs, 1 when one does, 2 on a usage error, 3 when gridenum fails.
set -euo pipefail

if [[ $# -lt 3 || $# -gt 4 ]]; then
  sed -n '/^# Usage/,/^# Exit/p' "$0" >&2
  exit 2
fi
job=$1
limit=$2
table=$3
bin=${4:-gridenum}
if ! [[ "$limit" =~ ^[0-9]+$ ]] || [[ "$limit" -lt 1 ]]; then
  echo "symmetry-recount: SECONDS must be a whole number of seconds, got '$limit'" >&2
  exit 2
fi

only=${RECOUNT_CLASSES:-}
if [[ -n "$only" ]] && ! [[ "$only" =~ ^[0-9]+(,[0-9]+)*$ ]]; then
  echo "symmetry-recount: RECOUNT_CLASSES must be class numbers separated by commas, got '$only'" >&2
  exit 2
fi
method=${RECOUNT_METHOD:-line-orbits}
threads=${RECOUNT_THREADS:-1}
if ! [[ "$threads" =~ ^[1-9][0-9]*$ ]]; then
  echo "symmetry-recount: RECOUNT_THREADS must be a positive whole number, got '$threads'" >&2
  exit 2
fi
case "$method" in
  line-orbits | signatures | band-cycles | band-swaps | band-keeps | band | cell-search) ;;
  *)
    echo "symmetry-recount: RECOUNT_METHOD must be line-orbits, signatures, band-cycles, band-swaps, band-keeps, band or cell-search, got '$method'" >&2
    exit 2
    ;;
esac
header=$'class\tjob_f\tmethod\trecount_f\tverdict\tseconds\tcommit\tdate'
if [[ -f "$table" ]] && [[ "$(head -n 1 "$table")" != "$header" ]]; then
  echo "symmetry-recount: $table is not a table of this script (its first line is not the header: $header)" >&2
  exit 2
fi

status=$("$bin" status --json "$job")
read -r shape transposition classes < <(python3 -c '
import json, sys
s = json.load(sys.stdin)
print(s["shape"], "yes" if s["transposition"] else "no", ",".join(str(c["class"]) for c in s["fixing"] if c["class"] != 1) or "-")' <<<"$status")
commit=$("$bin" --version | sed -n 's/.*(commit \([^)]*\)).*/\1/p')
flags=()
rows=${shape%x*}
cols=${shape#*x}
[[ "$rows" == "$cols" && "$transposition" == no ]] && flags+=(--no-transpose)
[[ -f "$table" ]] || printf '%s\n' "$header" >"$table"

# The kernels that can count each fixing class, from the job's own figures (nothing is counted).
kernels=$(mktemp)
trap 'rm -f "$kernels"' EXIT
if [[ "$classes" != - ]]; then
  "$bin" symmetry --shape "$shape" "${flags[@]}" --classes "$classes" --known-from "$job" --threads 1 --json >"$kernels"
else
  echo '{"class_table": []}' >"$kernels"
fi

# Rows to do: (class, kernel) not yet settled, or timed out under a shorter limit.
todo=$(STATUS=$status ONLY=$only METHOD=$method python3 - "$table" "$limit" "$kernels" <<'PY'
import csv, json, os, sys
status = json.loads(os.environ['STATUS'])
table, limit, kernels_file = sys.argv[1], float(sys.argv[2]), sys.argv[3]
method = os.environ['METHOD']
only = {int(k) for k in os.environ['ONLY'].split(',')} if os.environ['ONLY'] else None
kernels = {c['index']: c.get('kernels', []) for c in json.load(open(kernels_file))['class_table']}
done = {}
with open(table) as f:
    for row in csv.DictReader(f, delimiter='\t'):
        key = (int(row['class']), row['method'])
        done[key] = float('inf') if row['verdict'] != 'timeout' else max(done.get(key, 0), float(row['seconds']))
left_out = 0
for c in status['fixing']:
    k = c['class']
    if k == 1 or (only is not None and k not in only):
        continue
    can = kernels.get(k, [])
    m = next((b for b in ('band-cycles', 'band-swaps', 'band-keeps') if b in can), None) if method == 'band' else (method if method in can else None)
    if m is None:
        left_out += 1
    elif done.get((k, m), 0) < limit:
        print(k, c['fixed'], m)
if left_out:
    print(f'symmetry-recount: {left_out} fixing classes left out: {method} cannot count them', file=sys.stderr)
PY
)

differ=0
while read -r k jobf m; do
  [[ -n "$k" ]] || continue
  out=$(mktemp)
  set +e
  timeout -s INT "$limit" "$bin" symmetry --shape "$shape" "${flags[@]}" --method "$m" --classes "$k" --threads "$threads" --json >"$out" 2>/dev/null
  rc=$?
  set -e
  now=$(date -u +%FT%TZ)
  if [[ $rc -eq 0 ]]; then
    read -r f secs used < <(python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); k = int(sys.argv[2])
c = next(c for c in d["class_table"] if c["index"] == k)
print(c["fixed"], round(c["seconds"], 2) if "seconds" in c else "-", c["method"])' "$out" "$k")
    rm -f "$out"
    [[ -n "$f" ]] || { echo "symmetry-recount: class $k: no fixed count in the output" >&2; exit 3; }
    if [[ "$used" != "$m" ]]; then
      echo "symmetry-recount: class $k: asked for $m, gridenum counted it by $used" >&2
      exit 3
    fi
    verdict=agree
    if [[ "$f" != "$jobf" ]]; then verdict=DIFFER; differ=1; fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$k" "$jobf" "$m" "$f" "$verdict" "$secs" "$commit" "$now" >>"$table"
  elif [[ $rc -eq 130 || $rc -eq 124 ]]; then
    rm -f "$out"
    printf '%s\t%s\t%s\t-\ttimeout\t%s\t%s\t%s\n' "$k" "$jobf" "$m" "$limit" "$commit" "$now" >>"$table"
  else
    rm -f "$out"
    echo "symmetry-recount: class $k: gridenum symmetry exited with $rc" >&2
    exit 3
  fi
done <<<"$todo"
exit $differ
