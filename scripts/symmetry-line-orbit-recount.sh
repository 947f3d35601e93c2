#!/usr/bin/env bash
# Every fixing class of a symmetry job counted again by the line-orbit kernel, one process per
# class with a time limit, into a table that later runs extend.
#
# Why: a 12-digit symmetry job (2x6, 6x2) counts its classes with the signature kernel; the
# line-orbit kernel shares no counting code with it (docs/symmetry.md, "12 digits in the kernels"),
# so equal values on a class are an independent check of that class. Line orbits takes seconds on
# some classes and more than a session on others, and a `gridenum symmetry` process is not
# resumable, so each class is its own process under `timeout`: a class that does not finish is
# recorded as such (with the limit it had) and tried again, with a longer limit, by a later run.
#
# Usage: scripts/symmetry-line-orbit-recount.sh JOB_DIR SECONDS TABLE.tsv [GRIDENUM]
#   JOB_DIR    a symmetry job (gridenum symmetry --job-dir); its journaled fixing classes are taken
#              from `gridenum status --json JOB_DIR`
#   SECONDS    the time limit of one class (e.g. 60)
#   TABLE.tsv  the table, created or extended: a class already there with a value (agree or
#              DIFFER) is skipped, one that timed out is tried again if SECONDS is longer than
#              its last limit
#   GRIDENUM   the binary (default: gridenum on PATH)
# Environment: RECOUNT_CLASSES=K1,K2,...  only these of the job's fixing classes (a sample of the
#   heavy ones under a longer limit, say); the others are left as they are in the table.
# Columns: class, the job's f, line orbits' f (or "-"), verdict (agree, DIFFER, timeout), seconds
# of the kernel (or the limit; "-" for the identity, the grid count), the binary's commit, the
# date (UTC).
# Exit: 0 when no class differs, 1 when one does, 2 on a usage error.
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
  echo "symmetry-line-orbit-recount: SECONDS must be a whole number of seconds, got '$limit'" >&2
  exit 2
fi

only=${RECOUNT_CLASSES:-}
if [[ -n "$only" ]] && ! [[ "$only" =~ ^[0-9]+(,[0-9]+)*$ ]]; then
  echo "symmetry-line-orbit-recount: RECOUNT_CLASSES must be class numbers separated by commas, got '$only'" >&2
  exit 2
fi

status=$("$bin" status --json "$job")
shape=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["shape"])' <<<"$status")
commit=$("$bin" --version | sed -n 's/.*(commit \([0-9a-f]*\)).*/\1/p')
[[ -f "$table" ]] || printf 'class\tjob_f\tline_orbits_f\tverdict\tseconds\tcommit\tdate\n' >"$table"

# Rows to do: fixing classes not yet settled, or timed out under a shorter limit.
todo=$(STATUS=$status ONLY=$only python3 - "$table" "$limit" <<'EOF'
import csv, json, os, sys
status = json.loads(os.environ['STATUS'])
table, limit = sys.argv[1], float(sys.argv[2])
only = {int(k) for k in os.environ['ONLY'].split(',')} if os.environ['ONLY'] else None
done = {}
with open(table) as f:
    for row in csv.DictReader(f, delimiter='\t'):
        k = int(row['class'])
        if row['verdict'] != 'timeout':
            done[k] = float('inf')
        else:
            done[k] = max(done.get(k, 0), float(row['seconds']))
for c in status['fixing']:
    if done.get(c['class'], 0) < limit and (only is None or c['class'] in only):
        print(c['class'], c['fixed'])
EOF
)

differ=0
while read -r k jobf; do
  [[ -n "$k" ]] || continue
  out=$(mktemp)
  set +e
  timeout -s INT "$limit" "$bin" symmetry --shape "$shape" --method line-orbits --classes "$k" --threads 1 --json >"$out" 2>/dev/null
  rc=$?
  set -e
  now=$(date -u +%FT%TZ)
  if [[ $rc -eq 0 ]]; then
    read -r f secs < <(python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); k = int(sys.argv[2])
c = next(c for c in d["class_table"] if c["index"] == k)
print(c["fixed"], round(c["seconds"], 2) if "seconds" in c else "-")' "$out" "$k")
    [[ -n "$f" ]] || { echo "symmetry-line-orbit-recount: class $k: no fixed count in the output" >&2; exit 3; }
    verdict=agree
    if [[ "$f" != "$jobf" ]]; then verdict=DIFFER; differ=1; fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$k" "$jobf" "$f" "$verdict" "$secs" "$commit" "$now" >>"$table"
  elif [[ $rc -eq 130 || $rc -eq 124 ]]; then
    printf '%s\t%s\t-\ttimeout\t%s\t%s\t%s\n' "$k" "$jobf" "$limit" "$commit" "$now" >>"$table"
  else
    rm -f "$out"
    echo "symmetry-line-orbit-recount: class $k: gridenum symmetry exited with $rc" >&2
    exit 3
  fi
  rm -f "$out"
done <<<"$todo"
exit $differ
