#!/usr/bin/env bash
# Submits a sharded count to Slurm: an array of M shard tasks and a merge step that starts when
# all of them have ended (afterany, not afterok: a shard stopped at its time limit exits 130 and
# an afterok merge would then wait forever). The merge refuses unfinished shards, naming them;
# run this script again then: finished shards return at once, unfinished ones resume from their
# journals, and a new merge step is queued. The merge step then checks the merged result
# (gridenum verify result) and fails if it does not hold (jobs/slurm-merge.sbatch).
# docs/jobs.md ("Running on a cluster") describes the whole route.
set -eu
usage() {
  cat <<'TEXT'
Usage: jobs/slurm-submit.sh [-C CONFIG] [-m SHARDS] [-g GRIDENUM] [-s SECONDS] [-L] OUTDIR [sbatch options...]

Submits M shard tasks (a Slurm array, jobs/slurm-shards.sbatch) and a merge step
(jobs/slurm-merge.sbatch) that runs after all of them have ended, merges the shards and
checks the merged result with gridenum verify result.

  -C, --config CONFIG         job config (default: configs/default.toml next to this script).
                              Not -c: after OUTDIR, -c is sbatch's --cpus-per-task.
  -m, --shards SHARDS         number of shards M (default: sized from the plan, see below)
  -g, --gridenum GRIDENUM     the gridenum binary (default: gridenum on PATH; install it with
                              cmake --install build --prefix DIR). It is checked before anything
                              is queued, and the tasks run it by its absolute path.
  -s, --sample-seconds SECS   time the sizing dry run spends measuring the plan (default 1)
  -L, --local-dry-run         run the sizing dry run here, on the submit host, instead of as a
                              Slurm job (for small configs: a 4x3 plan builds 1.4 GB of tables
                              for minutes, which a login node should not do)
  -h, --help                  this text

What runs where. On the submit host this script runs only `gridenum --version` and sbatch
(and the dry run, with -L). Everything else runs on compute nodes: the sizing dry run (unless
-L, or skipped: below), the shard tasks and the merge step.

Sizing: unless given, M, --cpus-per-task, --time and --mem come from the plan, measured by
`gridenum count --config CONFIG --dry-run --json`, which builds the plan and times a random
sample of its units on one thread, giving the units U, the projected CPU-seconds P and the
peak memory R of the plan and the sample. The dry run runs as a Slurm job of its own
(jobs/slurm-size.sbatch: 1 CPU, --time 1 hour + 3 x SECONDS, the sbatch options given
after OUTDIR but those of the shards' size, names and logs), and this script waits for it
(sbatch --wait); its output is OUTDIR/logs/size-JOBID.out, its figures
OUTDIR/logs/size-JOBID.json. With -L it runs here. With -m, --cpus-per-task and --time all
given there is nothing to size and no dry run runs at all (then --mem is yours to give).
With a safety factor of 3 (N = 3P CPU-seconds needed):
  CPUs per task  1 if N <= 1 hour, else 8
  M              ceil(N / (CPUs x 4 hours)), at least 1 and at most U
  --time         N / (M x CPUs) + 3 x the plan's build time + 60 s, at least 10 minutes,
                 rounded up to a minute; with -m M, 3 x the dearest shard's projected
                 CPU-seconds / CPUs in place of N / (M x CPUs) (the dry run projects each
                 shard: a three-band shard costs more than P / M)
  --mem          1.5 x R + 256 MiB, rounded up to 256 MiB (for the shard tasks only). The
                 margin: a count's tables may take only 90 % of the task's memory
                 (memory_limit "auto"); the task's threads, journal writes and table cache
                 file (page cache, which Slurm counts) come on top of the one-thread dry
                 run's peak. Not set for the two-stack route (2x5, 2x6): its state tables
                 grow class by class up to 90 % of whatever the task has, so the sample's
                 peak is no bound; give --mem (configs/2x6.toml says how much).
It prints what it chose and why. Explicit choices win: -m M, and --cpus-per-task / -c,
--time / -t and --mem / --mem-per-cpu among the sbatch options (the others are then sized
around them).

OUTDIR must be on a file system every node sees. Shard K runs in OUTDIR/shard-K; the result
goes to OUTDIR/merged/result.txt and result.json. Slurm's logs go to OUTDIR/logs/shard-K.out
(one per shard, appended to when a task is requeued or resubmitted) and OUTDIR/logs/merge.out
(the merge and the verification), unless --output / -o is given. The sbatch options after
OUTDIR (such as --account=A --partition=P --time=1:00:00 --cpus-per-task=4) go to the shard
array and to the merge job alike (--array to the shards only). Each task is given K and M
explicitly (SHARD_K / SHARDS), so a task resubmitted alone (--array=3) is still shard 3/M.

Exit: 0 queued; 2 nothing queued: a usage error, a bad config or binary, a failed dry run, or a
job sbatch refused; 3 the shards are queued but sbatch refused the merge step (the command that
queues it is printed).
TEXT
}
here=$(cd "$(dirname "$0")" && pwd)
config="$here/../configs/default.toml"
shards=""
m_given=""
gridenum=gridenum
sample=1
local_dry=""
fail() { echo "slurm-submit: $*" >&2; exit 2; }

# This script's options come before OUTDIR, sbatch's after it. They are read by hand rather than
# by getopts for the long forms (--config, --config=FILE). -c was the config once, and is sbatch's
# --cpus-per-task: given before OUTDIR it is refused with the new spelling, never taken for either.
value() {  # the value of option $1 given as "$1 VALUE" ($2 is what followed it, $3 how many did)
  [ "$3" -ge 2 ] || fail "$1 needs a value (jobs/slurm-submit.sh -h lists the options)"
  printf '%s' "$2"
}
while [ $# -gt 0 ]; do
  case $1 in
    -C|--config) config=$(value "$1" "${2-}" $#); shift 2 ;;
    --config=*) config=${1#--config=}; shift ;;
    -C?*) config=${1#-C}; shift ;;
    -m|--shards) shards=$(value "$1" "${2-}" $#); m_given=1; shift 2 ;;
    --shards=*) shards=${1#--shards=}; m_given=1; shift ;;
    -m?*) shards=${1#-m}; m_given=1; shift ;;
    -g|--gridenum) gridenum=$(value "$1" "${2-}" $#); shift 2 ;;
    --gridenum=*) gridenum=${1#--gridenum=}; shift ;;
    -g?*) gridenum=${1#-g}; shift ;;
    -s|--sample-seconds) sample=$(value "$1" "${2-}" $#); shift 2 ;;
    --sample-seconds=*) sample=${1#--sample-seconds=}; shift ;;
    -s?*) sample=${1#-s}; shift ;;
    -L|--local-dry-run) local_dry=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -c|-c?*)
      fail "-c is not this script's config option any more: it is sbatch's --cpus-per-task, and the two" \
           "were mistaken for each other. Give the config as -C CONFIG (or --config CONFIG) before OUTDIR, and" \
           "CPUs per task as an sbatch option after OUTDIR (--cpus-per-task=N). Nothing was queued." ;;
    --) shift; break ;;
    -?*) fail "unknown option '$1' before OUTDIR; sbatch options go after OUTDIR (jobs/slurm-submit.sh -h)" ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { usage >&2; exit 2; }
if [ -n "$m_given" ]; then
  [[ $shards =~ ^[0-9]+$ ]] && [ "$((10#$shards))" -ge 1 ] || fail "-m expects a positive whole number, got '$shards'"
  shards=$((10#$shards))
fi
[[ $sample =~ ^([0-9]+[.]?[0-9]*|[.][0-9]+)$ ]] && awk -v s="$sample" 'BEGIN { exit !(s > 0) }' ||
  fail "-s expects a positive number of seconds, got '$sample'"
[ -f "$config" ] && [ -r "$config" ] || fail "cannot read the config '$config' (give it with -C CONFIG)"
# The binary, before anything is queued: a task that cannot run it would fail on a node, after
# the wait in the queue, and the merge after it.
if ! resolved=$(command -v -- "$gridenum"); then
  fail "no gridenum binary '$gridenum' (not on PATH; install with cmake --install build --prefix DIR, or give -g PATH)"
fi
gridenum=$(realpath "$resolved")
if ! version=$("$gridenum" --version 2>&1) || [[ $version != gridenum* ]]; then
  fail "$gridenum does not run as gridenum ($version)"
fi
out=$(realpath -m "$1")
shift
config=$(realpath "$config")
# The paths travel to the jobs in sbatch's --export=ALL,NAME=VALUE list, which a comma would cut.
for p in "$out" "$config" "$gridenum"; do
  [[ $p != *,* ]] || fail "'$p' holds a comma, which sbatch --export cannot carry; use a path without one"
done

# The sbatch options given after OUTDIR: which of the request's sizes they fix (CPUs, time,
# memory), whether they name the logs, and the lists passed on to the two other jobs. The sizing
# job takes the user's options but those that size, name or log the shards (it sets its own);
# the merge job takes them all but --array (it is one job). Options are matched as sbatch spells
# them in full (--cpus-per-task=N, --cpus-per-task N, -c N, -cN); sbatch's abbreviations of long
# options (--cpus=4) are not recognised here and would only reach sbatch.
cpus_given=""; time_given=""; mem_given=""; output_given=""; openmode_given=""
size_opts=(); merge_opts=()
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  a=${args[i]}
  v=""; kind=""; takes_next=""; for_size=1; for_merge=1
  case $a in
    --cpus-per-task=*) v=${a#*=}; kind=cpus; for_size="" ;;
    --cpus-per-task|-c) takes_next=1; kind=cpus; for_size="" ;;
    -c?*) v=${a#-c}; kind=cpus; for_size="" ;;
    --time=*|-t?*) time_given=1; for_size="" ;;
    --time|-t) takes_next=1; time_given=1; for_size="" ;;
    --mem=*|--mem-per-cpu=*|--mem-per-gpu=*) mem_given=1 ;;
    --mem|--mem-per-cpu|--mem-per-gpu) takes_next=1; mem_given=1 ;;
    --output=*|-o?*) output_given=1; for_size="" ;;
    --output|-o) takes_next=1; output_given=1; for_size="" ;;
    --error=*|-e?*|--job-name=*|-J?*|--dependency=*|-d?*) for_size="" ;;
    --error|-e|--job-name|-J|--dependency|-d) takes_next=1; for_size="" ;;
    --open-mode=*) openmode_given=1; for_size="" ;;
    --open-mode) takes_next=1; openmode_given=1; for_size="" ;;
    --array=*|-a?*) for_size=""; for_merge="" ;;
    --array|-a) takes_next=1; for_size=""; for_merge="" ;;
  esac
  one=("$a")
  if [ -n "$takes_next" ]; then
    [ $((i + 1)) -lt ${#args[@]} ] || fail "the sbatch option $a after OUTDIR needs a value"
    i=$((i + 1)); v=${args[i]}; one+=("$v")
  fi
  # After OUTDIR, -c is sbatch's CPUs per task: a config file name there is the old -c, misplaced.
  if [ "$kind" = cpus ]; then
    [[ $v =~ ^[0-9]+$ ]] && [ "$((10#$v))" -ge 1 ] ||
      fail "$a after OUTDIR is sbatch's CPUs per task and expects a positive whole number, got '$v'; the config" \
           "is -C CONFIG (or --config CONFIG), before OUTDIR"
    cpus_given=$((10#$v))
  fi
  [ -z "$for_size" ] || size_opts+=("${one[@]}")
  [ -z "$for_merge" ] || merge_opts+=("${one[@]}")
done
mkdir -p "$out/logs"

# The plan's figures, from the dry run's JSON (gridenum count --dry-run --json; the fields are
# include/gridenum/count/cost_model.hpp's PlanCost). Skipped when the user fixed M, the CPUs and
# the time: then it would size nothing (it used to build the plan on the submit host anyway: for
# 4x3, 1.4 GB of tables for minutes on a login node). Otherwise it runs as a small Slurm job of
# its own (jobs/slurm-size.sbatch), so the plan is built on a compute node, and this script waits
# for it; -L runs it here, for configs whose plan is cheap. With -m M it also projects each of the
# M shards (a three-band shard costs more than P / M): --time then comes from the dearest.
plan=""
nodes=()
[ -n "$m_given" ] && nodes=(--nodes "$shards")
if [ -n "$m_given" ] && [ -n "$cpus_given" ] && [ -n "$time_given" ]; then
  echo "slurm-submit: no dry run: -m, --cpus-per-task and --time are given, so there is nothing to size"
elif [ -n "$local_dry" ]; then
  echo "slurm-submit: sizing: gridenum count --dry-run on this host (-L)"
  if ! plan=$("$gridenum" count --config "$config" --dry-run --json --sample-seconds "$sample" "${nodes[@]}" 2>&1); then
    echo "slurm-submit: gridenum count --dry-run failed; nothing queued:" >&2
    echo "$plan" >&2
    exit 2
  fi
else
  # Its time limit: the plan's build and the sample (at least SECONDS; the doubling rounds may
  # spend twice that, plus one more unit). An hour covers 4x3's, the dearest plan: its dry run took
  # 12 minutes on 2 busy threads here (about 21 CPU-minutes: the tables, then one 73-second chunk
  # for a 1-second sample), so about 20-25 minutes on the job's one CPU.
  size_minutes=$(awk -v s="$sample" 'BEGIN { m = 60 + 3 * s / 60; print (m == int(m)) ? m : int(m) + 1 }')
  size_time=$(printf '%02d:%02d:00' $((size_minutes / 60)) $((size_minutes % 60)))
  echo "slurm-submit: sizing: gridenum count --dry-run as a Slurm job (1 CPU, --time=$size_time); waiting for it" \
       "(its output: $out/logs/size-JOBID.out; -L runs it here instead)"
  set +e
  size_job=$(sbatch --parsable --wait --job-name=gridenum-size --cpus-per-task=1 --time="$size_time" \
    --output="$out/logs/size-%j.out" "${size_opts[@]}" \
    --export=ALL,OUT="$out",CONFIG="$config",GRIDENUM="$gridenum",SAMPLE="$sample",NODES="${m_given:+$shards}" \
    "$here/slurm-size.sbatch")
  rc=$?
  set -e
  size_job=${size_job%%;*}
  if [ -z "$size_job" ]; then
    fail "sbatch could not queue the sizing job (exit $rc; its message is above); nothing queued. -L runs the" \
         "dry run here instead"
  fi
  if [ $rc -ne 0 ] || [ ! -s "$out/logs/size-$size_job.json" ]; then
    echo "slurm-submit: the sizing job $size_job (gridenum count --dry-run) failed (exit $rc); nothing else" \
         "queued. The end of its output, $out/logs/size-$size_job.out:" >&2
    tail -n 20 "$out/logs/size-$size_job.out" >&2 2>/dev/null || true
    exit 2
  fi
  plan=$(cat "$out/logs/size-$size_job.json")
fi

# The arithmetic, in awk (the binary measures, include/gridenum/jobs/plan_cost.hpp).
field() { printf '%s\n' "$plan" | sed -n "s/^ *\"$1\": *\"*\([^\",]*\)\"*,*\$/\1/p"; }
mem_opt=(); mem_note="--mem as given"
if [ -z "$plan" ]; then
  cpus=$cpus_given
  why="shards:given cpus:given"
  [ -n "$mem_given" ] || mem_note="no --mem (no dry run measured the memory; Slurm's default applies: give --mem=SIZE)"
else
  units=$(field units); projected=$(field projected_cpu_seconds); plan_s=$(field plan_seconds)
  sampled=$(field sampled_units); dearest=$(field max_shard_cpu_seconds); peak=$(field peak_rss_bytes)
  method=$(field method)
  [ -n "$units" ] && [ -n "$projected" ] && [ -n "$plan_s" ] && [ -n "$peak" ] ||
    { echo "slurm-submit: cannot read the plan from gridenum count --dry-run --json:" >&2; echo "$plan" >&2; exit 3; }
  read -r shards cpus seconds why < <(awk -v P="$projected" -v U="$units" -v B="$plan_s" -v M="$shards" \
      -v C="$cpus_given" -v S="${m_given:+$dearest}" '
    function ceil(x) { return (x == int(x)) ? x : int(x) + 1 }
    BEGIN {
      safety = 3; n = P * safety; why = ""
      if (C == "") { c = (n <= 3600) ? 1 : 8; why = why "cpus:plan " } else { c = C + 0; why = why "cpus:given " }
      if (M == "") { m = ceil(n / (c * 4 * 3600)); if (m < 1) m = 1; if (m > U) m = U; why = why "shards:plan " }
      else { m = M + 0; why = why "shards:given " }
      t = (S != "" ? S * safety : n / m) / c + safety * B + 60
      if (t < 600) t = 600
      t = ceil(t / 60) * 60
      printf "%d %d %d %s\n", m, c, t, why
    }')
  hms=$(printf '%02d:%02d:00' $((seconds / 3600)) $(((seconds % 3600) / 60)))
  echo "slurm-submit: plan: $units units (built in $plan_s s), projected $projected CPU-seconds (measured on $sampled" \
       "sampled units by gridenum count --dry-run), x3 safety factor; peak memory $((peak / 1048576)) MiB"
  # --mem for the shard tasks from the memory the dry run measured (the plan's tables and the
  # sampled units, on one thread), with a margin: the tables get only 90 % of the task's memory
  # (memory_limit "auto", docs/methods/side2.md "Memory"), so the three-band tables' check needs
  # 1.11 x; the task's other threads, its journal and the table cache file it writes (page cache,
  # which Slurm's cgroup counts) come on top; 256 MiB for the process itself when the tables are
  # small. The two-stack route's state tables are a budget instead (they grow class by class up
  # to the limit, and classes that do not fit side by side take turns): its sample's peak bounds
  # nothing (2x6: 91 MiB for a 1-second sample, 4.3 GB for its hardest class), so --mem is left
  # to the user there.
  if [ -n "$mem_given" ]; then
    :
  elif [ "$method" = two-stack ]; then
    mem_note="no --mem: the two-stack route's state tables grow class by class up to 90 % of the task's memory, so"
    mem_note+=" this dry run's peak ($((peak / 1048576)) MiB, $sampled sampled classes) bounds nothing; give --mem=SIZE,"
    mem_note+=" at least what the largest class needs alone (configs/2x6.toml: 2x6's figures)"
  else
    mem=$(awk -v r="$peak" 'BEGIN { m = (1.5 * r) / 1048576 + 256; q = int(m / 256); if (q * 256 < m) q++; print q * 256 }')
    mem_opt=(--mem="${mem}M")
    mem_note="--mem=${mem}M (1.5 x the dry run's peak of $((peak / 1048576)) MiB + 256 MiB)"
  fi
fi
size=()
[ -n "$cpus_given" ] || size+=(--cpus-per-task="$cpus")
[ -n "$time_given" ] || size+=(--time="$hms")
size+=("${mem_opt[@]}")
echo "slurm-submit: chose $shards shard(s) ($([[ $why == *shards:given* ]] && echo "-m" || echo "from the plan"))," \
     "$cpus CPU(s) per task ($([[ $why == *cpus:given* ]] && echo "given" || echo "from the plan"))," \
     "$([ -n "$time_given" ] && echo "--time as given" || echo "--time=$hms (at least 10 minutes)"), $mem_note"

# Slurm's logs in OUTDIR/logs, not the directory sbatch runs in: one file per shard (appended to,
# so a requeued or resubmitted task adds its session to the shard's log) and one for the merges.
# The user's --output wins (and their --open-mode).
shard_log=(); merge_log=()
if [ -z "$output_given" ]; then
  shard_log=(--output="$out/logs/shard-%a.out")
  merge_log=(--output="$out/logs/merge.out")
  if [ -z "$openmode_given" ]; then shard_log+=(--open-mode=append); merge_log+=(--open-mode=append); fi
fi
# sbatch may refuse a job (an unknown partition or account, more memory or time than the
# partition allows): then say which job, and what is queued. Nothing is when the array is refused;
# when only the merge is, the command that queues it by hand.
if ! array=$(sbatch --parsable --array="1-$shards" "${size[@]}" "${shard_log[@]}" "$@" \
    --export=ALL,OUT="$out",CONFIG="$config",GRIDENUM="$gridenum",SHARDS="$shards" "$here/slurm-shards.sbatch"); then
  fail "sbatch refused the shard array (its message is above); nothing queued"
fi
array=${array%%;*}
merge_env=(--export=ALL,OUT="$out",SHARDS="$shards",GRIDENUM="$gridenum")
if ! merge=$(sbatch --parsable --dependency="afterany:$array" "${merge_log[@]}" "${merge_opts[@]}" "${merge_env[@]}" \
    "$here/slurm-merge.sbatch"); then
  echo "slurm-submit: the shards are queued (job $array) but sbatch refused the merge step (its message is above);" \
       "queue it by hand once fixed: sbatch --dependency=afterany:$array ${merge_log[*]} ${merge_opts[*]}" \
       "${merge_env[*]} $here/slurm-merge.sbatch" >&2
  exit 3
fi
echo "shards: job $array (array 1-$shards), merge: job ${merge%%;*} (after all shards end, then gridenum verify result);" \
     "$version"
echo "progress: $gridenum status $out/shard-* (the array together; $out/shard-K one shard) ;" \
     "result: $out/merged/result.txt ;" \
     "logs: $([ -n "$output_given" ] && echo "as --output gives" || echo "$out/logs/shard-K.out, $out/logs/merge.out")"
