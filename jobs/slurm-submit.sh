#!/usr/bin/env bash
# Submits a sharded count to Slurm: an array of M shard tasks and a merge step that starts when
# all of them have ended (afterany, not afterok: a shard stopped at its time limit exits 130 and
# an afterok merge would then wait forever). The merge refuses unfinished shards, naming them;
# run this script again then: finished shards return at once, unfinished ones resume from their
# journals, and a new merge step is queued.
#
#   jobs/slurm-submit.sh [-c CONFIG] [-m SHARDS] [-g GRIDENUM] OUTDIR [extra sbatch options...]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
config="$here/../configs/default.toml"
shards=8
gridenum=gridenum
while getopts "c:m:g:h" opt; do
  case $opt in
    c) config=$OPTARG ;;
    m) shards=$OPTARG ;;
    g) gridenum=$OPTARG ;;
    *) sed -n '2,7p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { sed -n '2,7p' "$0"; exit 2; }
out=$(realpath -m "$1")
shift
config=$(realpath "$config")
mkdir -p "$out"
array=$(sbatch --parsable --array="1-$shards" "$@" \
  --export=ALL,OUT="$out",CONFIG="$config",GRIDENUM="$gridenum" "$here/slurm-shards.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterany:$array" \
  --export=ALL,OUT="$out",SHARDS="$shards",GRIDENUM="$gridenum" "$here/slurm-merge.sbatch")
echo "shards: job $array (array 1-$shards), merge: job ${merge%%;*} (after all shards end)"
echo "progress: $gridenum status $out/shard-K ; result: $out/merged/result.txt"
