#!/usr/bin/env bash
# Submits a sharded count to Slurm: an array of M shard tasks and a merge step that starts when
# all of them have ended (afterany, not afterok: a shard stopped at its time limit exits 130 and
# an afterok merge would then wait forever). The merge refuses unfinished shards, naming them;
# run this script again then: finished shards return at once, unfinished ones resume from their
# journals, and a new merge step is queued.
set -eu
usage() {
  cat <<'TEXT'
Usage: jobs/slurm-submit.sh [-c CONFIG] [-m SHARDS] [-g GRIDENUM] OUTDIR [sbatch options...]

Submits M shard tasks (a Slurm array, jobs/slurm-shards.sbatch) and a merge step
(jobs/slurm-merge.sbatch) that runs after all of them have ended.

  -c CONFIG    job config (default: configs/default.toml next to this script)
  -m SHARDS    number of shards M (default 8)
  -g GRIDENUM  the gridenum binary (default: gridenum on PATH; install it with
               cmake --install build --prefix DIR). It is checked before anything is
               queued, and the tasks run it by its absolute path.
  -h           this text

OUTDIR must be on a file system every node sees. Shard K runs in OUTDIR/shard-K; the result
goes to OUTDIR/merged/result.txt and result.json. The sbatch options after OUTDIR (such as
--account=A --partition=P --time=1:00:00 --cpus-per-task=4) go to the shard array and to
the merge job alike. Each task is given K and M explicitly (SHARD_K / SHARDS), so a task
resubmitted alone (--array=3) is still shard 3/M.
TEXT
}
here=$(cd "$(dirname "$0")" && pwd)
config="$here/../configs/default.toml"
shards=8
gridenum=gridenum
while getopts "c:m:g:h" opt; do
  case $opt in
    c) config=$OPTARG ;;
    m) shards=$OPTARG ;;
    g) gridenum=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { usage >&2; exit 2; }
[[ $shards =~ ^[0-9]+$ ]] && [ "$((10#$shards))" -ge 1 ] ||
  { echo "slurm-submit: -m expects a positive whole number, got '$shards'" >&2; exit 2; }
shards=$((10#$shards))
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
mkdir -p "$out"
array=$(sbatch --parsable --array="1-$shards" "$@" \
  --export=ALL,OUT="$out",CONFIG="$config",GRIDENUM="$gridenum",SHARDS="$shards" "$here/slurm-shards.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterany:$array" "$@" \
  --export=ALL,OUT="$out",SHARDS="$shards",GRIDENUM="$gridenum" "$here/slurm-merge.sbatch")
echo "shards: job $array (array 1-$shards), merge: job ${merge%%;*} (after all shards end); $version"
echo "progress: $gridenum status $out/shard-K ; result: $out/merged/result.txt"
