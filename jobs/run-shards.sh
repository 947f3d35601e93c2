#!/usr/bin/env bash
# Workstation launcher: runs a count as M shards side by side on this machine, then merges them.
#
#   jobs/run-shards.sh [-c CONFIG] [-m SHARDS] [-t THREADS_PER_SHARD] [-g GRIDENUM] OUTDIR
#
#   -c CONFIG   job config (default: configs/default.toml next to this script)
#   -m SHARDS   number of shards M (default 2)
#   -t THREADS  worker threads per shard (default: cores / M, at least 1)
#   -g GRIDENUM the gridenum binary (default: gridenum on PATH, else build/gridenum)
#
# Shard K runs in OUTDIR/shard-K/ (gridenum count --shard K/M --job-dir ...); the merged result
# goes to OUTDIR/merged/result.txt and result.json. Running the script again after a crash,
# Ctrl-C or reboot resumes the unfinished shards (gridenum resume) and leaves finished ones as
# they are, so it is safe to repeat until it prints the total.
# Exit: 0 merged; otherwise the exit code of the first shard that failed, or of merge.
set -u
here=$(cd "$(dirname "$0")" && pwd)
config="$here/../configs/default.toml"
shards=2
threads=""
gridenum=""
while getopts "c:m:t:g:h" opt; do
  case $opt in
    c) config=$OPTARG ;;
    m) shards=$OPTARG ;;
    t) threads=$OPTARG ;;
    g) gridenum=$OPTARG ;;
    *) sed -n '2,18p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { sed -n '2,18p' "$0"; exit 2; }
out=$1
if [ -z "$gridenum" ]; then
  gridenum=$(command -v gridenum || echo "$here/../build/gridenum")
fi
[ -x "$gridenum" ] || { echo "run-shards: no gridenum binary at $gridenum (use -g)" >&2; exit 2; }
if [ -z "$threads" ]; then
  threads=$(( $(nproc) / shards ))
  [ "$threads" -ge 1 ] || threads=1
fi
mkdir -p "$out" || exit 3

pids=()
# Ctrl-C reaches every shard (same process group); each one journals and exits 130.
for k in $(seq 1 "$shards"); do
  dir="$out/shard-$k"
  if [ -f "$dir/config.toml" ]; then
    "$gridenum" resume "$dir" --threads "$threads" > "$out/shard-$k.out" 2> "$out/shard-$k.err" &
  else
    "$gridenum" count --config "$config" --shard "$k/$shards" --threads "$threads" --job-dir "$dir" \
      > "$out/shard-$k.out" 2> "$out/shard-$k.err" &
  fi
  pids+=($!)
done
status=0
for k in $(seq 1 "$shards"); do
  wait "${pids[$((k - 1))]}"
  rc=$?
  if [ $rc -ne 0 ]; then
    echo "run-shards: shard $k/$shards exited with $rc (see $out/shard-$k.err); run this script again to resume" >&2
    [ $status -ne 0 ] || status=$rc
  fi
done
[ $status -eq 0 ] || exit $status

dirs=()
for k in $(seq 1 "$shards"); do dirs+=("$out/shard-$k"); done
"$gridenum" merge --output "$out/merged" "${dirs[@]}"
