#!/usr/bin/env bash
# Submits a sharded count to Slurm: an array of M shard tasks and a merge step that starts when
# all of them have ended (afterany, not afterok: a shard stopped at its time limit exits 130 and
# an afterok merge would then wait forever). The merge refuses unfinished shards, naming them;
# run this script again then: finished shards return at once, unfinished ones resume from their
# journals, and a new merge step is queued. The merge step then checks the merged result
# (gridenum verify result) and fails if it does not hold (jobs/slurm-merge.sbatch).
set -eu
usage() {
  cat <<'TEXT'
Usage: jobs/slurm-submit.sh [-c CONFIG] [-m SHARDS] [-g GRIDENUM] [-s SECONDS] OUTDIR [sbatch options...]

Submits M shard tasks (a Slurm array, jobs/slurm-shards.sbatch) and a merge step
(jobs/slurm-merge.sbatch) that runs after all of them have ended, merges the shards and
checks the merged result with gridenum verify result.

  -c CONFIG    job config (default: configs/default.toml next to this script)
  -m SHARDS    number of shards M (default: sized from the plan, see below)
  -g GRIDENUM  the gridenum binary (default: gridenum on PATH; install it with
               cmake --install build --prefix DIR). It is checked before anything is
               queued, and the tasks run it by its absolute path.
  -s SECONDS   time to spend measuring the plan (default 1; gridenum count --dry-run)
  -h           this text

Sizing: unless given, M, --cpus-per-task and --time come from the plan. The script runs
`gridenum count --config CONFIG --dry-run --json`, which builds the plan and times a random
sample of its units on one thread, giving the units U and the projected CPU-seconds P. With
a safety factor of 3 (N = 3P CPU-seconds needed):
  CPUs per task  1 if N <= 1 hour, else 8
  M              ceil(N / (CPUs x 4 hours)), at least 1 and at most U
  --time         N / (M x CPUs) + 3 x the plan's build time + 60 s, at least 10 minutes,
                 rounded up to a minute; with -m M, 3 x the dearest shard's projected
                 CPU-seconds / CPUs in place of N / (M x CPUs) (the dry run projects each
                 shard: a three-band shard costs more than P / M)
It prints what it chose and why. Explicit choices win: -m M, and --cpus-per-task / -c or
--time / -t among the sbatch options (the others are then sized around them).

OUTDIR must be on a file system every node sees. Shard K runs in OUTDIR/shard-K; the result
goes to OUTDIR/merged/result.txt and result.json. The sbatch options after OUTDIR (such as
--account=A --partition=P --time=1:00:00 --cpus-per-task=4) go to the shard array and to
the merge job alike. Each task is given K and M explicitly (SHARD_K / SHARDS), so a task
resubmitted alone (--array=3) is still shard 3/M.
TEXT
}
here=$(cd "$(dirname "$0")" && pwd)
config="$here/../configs/default.toml"
shards=""
m_given=""
gridenum=gridenum
sample=1
while getopts "c:m:g:s:h" opt; do
  case $opt in
    c) config=$OPTARG ;;
    m) shards=$OPTARG; m_given=1 ;;
    g) gridenum=$OPTARG ;;
    s) sample=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { usage >&2; exit 2; }
if [ -n "$m_given" ]; then
  [[ $shards =~ ^[0-9]+$ ]] && [ "$((10#$shards))" -ge 1 ] ||
    { echo "slurm-submit: -m expects a positive whole number, got '$shards'" >&2; exit 2; }
  shards=$((10#$shards))
fi
[ -r "$config" ] || { echo "slurm-submit: cannot read the config $config (use -c)" >&2; exit 2; }
# The binary, before anything is queued: a task that cannot run it would fail on a node, after
# the wait in the queue, and the merge after it.
if ! resolved=$(command -v -- "$gridenum"); then
  echo "slurm-submit: no gridenum binary '$gridenum' (not on PATH; install with cmake --install build --prefix DIR," \
       "or give -g PATH)" >&2
  exit 2
fi
gridenum=$(realpath "$resolved")
if ! version=$("$gridenum" --version 2>&1) || [[ $version != gridenum* ]]; then
  echo "slurm-submit: $gridenum does not run as gridenum ($version)" >&2
  exit 2
fi
out=$(realpath -m "$1")
shift
config=$(realpath "$config")

# Sizing from the plan (the script once asked for a fixed 8 tasks x 8 CPUs x 24 h: far more than a
# job of a second needs). The binary measures (gridenum count --dry-run, see
# include/gridenum/jobs/plan_cost.hpp); this script only does the arithmetic, in awk.
cpus_given=""; time_given=""
for a in "$@"; do
  case $a in
    --cpus-per-task=*) cpus_given=${a#--cpus-per-task=} ;;
    --cpus-per-task|-c) cpus_given=next ;;
    -c*) cpus_given=${a#-c} ;;
    --time=*|-t?*|--time|-t) time_given=yes ;;
    *) [ "$cpus_given" = next ] && cpus_given=$a ;;
  esac
done
# With -m M the dry run also projects each of the M shards (its own units; the three-band route's
# shards split prefix groups, so they cost more than P / M): --time then comes from the dearest.
nodes=()
[ -n "$m_given" ] && nodes=(--nodes "$shards")
if ! plan=$("$gridenum" count --config "$config" --dry-run --json --sample-seconds "$sample" "${nodes[@]}" 2>&1); then
  echo "slurm-submit: gridenum count --dry-run failed; nothing queued:" >&2
  echo "$plan" >&2
  exit 2
fi
field() { printf '%s\n' "$plan" | sed -n "s/^ *\"$1\": *\([0-9.eE+-]*\),*\$/\1/p"; }
units=$(field units); projected=$(field projected_cpu_seconds); plan_s=$(field plan_seconds); sampled=$(field sampled_units)
dearest=$(field max_shard_cpu_seconds)
[ -n "$units" ] && [ -n "$projected" ] && [ -n "$plan_s" ] ||
  { echo "slurm-submit: cannot read the plan from gridenum count --dry-run --json:" >&2; echo "$plan" >&2; exit 3; }
read -r shards cpus seconds why < <(awk -v P="$projected" -v U="$units" -v B="$plan_s" -v M="$shards" -v C="$cpus_given" \
    -v S="${m_given:+$dearest}" '
  function ceil(x) { return (x == int(x)) ? x : int(x) + 1 }
  BEGIN {
    safety = 3; n = P * safety; why = ""
    if (C == "" || C == "next") { c = (n <= 3600) ? 1 : 8; why = why "cpus:plan " } else { c = C + 0; why = why "cpus:given " }
    if (M == "") { m = ceil(n / (c * 4 * 3600)); if (m < 1) m = 1; if (m > U) m = U; why = why "shards:plan " }
    else { m = M + 0; why = why "shards:given " }
    t = (S != "" ? S * safety : n / m) / c + safety * B + 60
    if (t < 600) t = 600
    t = ceil(t / 60) * 60
    printf "%d %d %d %s\n", m, c, t, why
  }')
hms=$(printf '%02d:%02d:00' $((seconds / 3600)) $(((seconds % 3600) / 60)))
size=()
[ -n "$cpus_given" ] || size+=(--cpus-per-task="$cpus")
[ -n "$time_given" ] || size+=(--time="$hms")
echo "slurm-submit: plan: $units units (built in $plan_s s), projected $projected CPU-seconds (measured on $sampled" \
     "sampled units by gridenum count --dry-run), x3 safety factor"
echo "slurm-submit: chose $shards shard(s) ($([[ $why == *shards:given* ]] && echo "-m" || echo "from the plan"))," \
     "$cpus CPU(s) per task ($([[ $why == *cpus:given* ]] && echo "given" || echo "from the plan"))," \
     "$([ -n "$time_given" ] && echo "--time as given" || echo "--time=$hms (at least 10 minutes)")"
mkdir -p "$out"
array=$(sbatch --parsable --array="1-$shards" "${size[@]}" "$@" \
  --export=ALL,OUT="$out",CONFIG="$config",GRIDENUM="$gridenum",SHARDS="$shards" "$here/slurm-shards.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterany:$array" "$@" \
  --export=ALL,OUT="$out",SHARDS="$shards",GRIDENUM="$gridenum" "$here/slurm-merge.sbatch")
echo "shards: job $array (array 1-$shards), merge: job ${merge%%;*} (after all shards end, then gridenum verify result);" \
     "$version"
echo "progress: $gridenum status $out/shard-K ; result: $out/merged/result.txt"
