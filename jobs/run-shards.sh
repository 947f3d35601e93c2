#!/usr/bin/env bash
# Workstation launcher: runs a count as M shards side by side on this machine, then merges them.
#
#   jobs/run-shards.sh [-C CONFIG] [-m SHARDS] [-t THREADS_PER_SHARD] [-g GRIDENUM] OUTDIR
#
#   -C CONFIG   job config (default: configs/default.toml next to this script); -c CONFIG too
#               (jobs/slurm-submit.sh takes -C only: there -c is sbatch's CPUs per task)
#   -m SHARDS   number of shards M (default 2)
#   -t THREADS  worker threads per shard (default: cores / M, at least 1)
#   -g GRIDENUM the gridenum binary (default: gridenum on PATH, else build/gridenum)
#
# Shard K runs in OUTDIR/shard-K/ (gridenum count --shard K/M --job-dir ...); the merged result
# goes to OUTDIR/merged/result.txt and result.json. Running the script again after a crash,
# Ctrl-C or reboot resumes the unfinished shards (gridenum resume) and leaves finished ones as
# they are, so it is safe to repeat until it prints the total.
# The first run records the config and M in OUTDIR/run-shards.record; a later run with another
# config or another M is refused (its shards would be the old job's, and the total the old one).
# Exit: 0 merged; 2 usage error or OUTDIR holds another run; otherwise the exit code of the first
# shard that failed, or of merge.
set -u
here=$(cd "$(dirname "$0")" && pwd)
config="$here/../configs/default.toml"
shards=2
threads=""
gridenum=""
while getopts "C:c:m:t:g:h" opt; do
  case $opt in
    C|c) config=$OPTARG ;;
    m) shards=$OPTARG ;;
    t) threads=$OPTARG ;;
    g) gridenum=$OPTARG ;;
    h) sed -n '/^set -u$/q;2,$p' "$0"; exit 0 ;;
    *) sed -n '/^set -u$/q;2,$p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { sed -n '/^set -u$/q;2,$p' "$0"; exit 2; }
out=$1
# M and the thread count are used in arithmetic: anything but a positive integer is a usage error
# here, not a bash error later (-m 0 divided by zero).
positive() { [[ $2 =~ ^[0-9]+$ ]] && [ "$((10#$2))" -ge 1 ] ||
  { echo "run-shards: $1 expects a positive whole number, got '$2'" >&2; exit 2; }; }
positive -m "$shards"
shards=$((10#$shards))
[ -z "$threads" ] || positive -t "$threads"
[ -f "$config" ] && [ -r "$config" ] || { echo "run-shards: cannot read the config $config (use -C)" >&2; exit 2; }
if [ -z "$gridenum" ]; then
  gridenum=$(command -v gridenum || echo "$here/../build/gridenum")
fi
[ -x "$gridenum" ] || { echo "run-shards: no gridenum binary at $gridenum (use -g)" >&2; exit 2; }
if [ -z "$threads" ]; then
  threads=$(( $(nproc) / shards ))
  [ "$threads" -ge 1 ] || threads=1
fi
mkdir -p "$out" || exit 3

# The run's identity: M and the config's text. Shards are resumed only for the same run; a folder
# holding shards but no record (or a record of another run) is refused rather than guessed at.
record="$out/run-shards.record"
want=$(printf 'shards %s\n' "$shards"; cat "$config") || exit 2
if [ -f "$record" ]; then
  if [ "$(cat "$record")" != "$want" ]; then
    echo "run-shards: $out holds a run with another config or shard count (see $record);" \
         "choose a new output folder, or run again with the same -C and -m" >&2
    exit 2
  fi
else
  for d in "$out"/shard-*; do
    if [ -e "$d" ]; then
      echo "run-shards: $out already holds shard folders ($d) but no $record, so their config cannot be" \
           "checked; choose a new output folder" >&2
      exit 2
    fi
  done
  printf '%s\n' "$want" > "$record.tmp.$$" && mv "$record.tmp.$$" "$record" || exit 3
fi

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
