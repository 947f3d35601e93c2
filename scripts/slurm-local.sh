#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for testing the launchers in jobs/ against a real
# scheduler. Needs root and Debian's slurmctld, slurmd, slurm-client and
# munge packages (apt-get install slurmctld slurmd slurm-client munge).
#
#   scripts/slurm-local.sh up DIR     start munged, slurmctld and slurmd with everything in DIR
#                                     (key, slurm.conf, state, spool, logs, pid files); waits until
#                                     sinfo shows the node idle; prints the SLURM_CONF to export
#   scripts/slurm-local.sh down DIR   stop the three daemons started by `up` (by their pid files)
#
# The node is this host (hostname -s) with its CPUs; ProctrackType=proctrack/linuxproc and
# TaskPlugin=task/none need no cgroups; SlurmUser=root; no accounting. Clients need
# SLURM_CONF=DIR/slurm.conf in their environment (the script prints it).
#
# Its timings are a test cluster's (each setting is explained beside the slurm.conf below): a
# requeued job may start again 10 s after scontrol requeue (AuthInfo cred_expire=10; Slurm's
# default holds it 120 s), the backfill scheduler runs every second (bf_interval=1, default 30 s)
# so such a job starts when its hold ends, and `down` stops the three daemons at once (about 2 s,
# 5-8 s one after the other). tests/jobs/slurm_real.cpp (requeues a running shard task) went from
# 179-213 s to 71-93 s with them (2 vCPUs, 2026-11-27): its requeued task used to wait about 85 s
# on an idle node; the count itself (about 82 CPU-s) is most of what is left.
set -eu
cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { sed -n '/^set -eu/q;2,$p' "$0"; exit 2; }
dir=$(realpath -m "$dir")
stop_pids() {  # stop the processes named by these pid files (those that run): all signalled at
  # once, then each waited for (up to 5 s): one after the other took 5-8 s, slurmd about 1 s,
  # slurmctld 2-4 s (up to 3 s more to drop a message to the stopped slurmd), munged 2 s
  local f pid pids=()
  for f in "$@"; do
    [ -f "$f" ] || continue
    pid=$(cat "$f")
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      pids+=("$pid")
    fi
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  rm -f "$@"
}
case $cmd in
  up)
    for b in munged slurmctld slurmd sinfo; do
      command -v "$b" >/dev/null || { echo "slurm-local: $b not found (apt-get install slurmctld slurmd slurm-client munge)" >&2; exit 2; }
    done
    [ "$(id -u)" -eq 0 ] || { echo "slurm-local: run as root (SlurmUser=root)" >&2; exit 2; }
    mkdir -p "$dir"/{state,spool,log,munge}
    chmod 700 "$dir/munge"
    host=$(hostname -s)
    cpus=$(nproc)
    # The node's memory for Slurm, in MiB: 90 % of this machine's (slurmd drains a node that has
    # less than it is said to). Slurm's default, 1 MiB, refuses every job with a --mem, which
    # jobs/slurm-submit.sh sets from the dry run; SelectTypeParameters=CR_CPU only checks a job's
    # --mem against it, it does not share memory out.
    mem=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
    # munge: a fresh key; its own socket, so a system munged (if any) is left alone.
    [ -f "$dir/munge/munge.key" ] || { dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none; chmod 400 "$dir/munge/munge.key"; }
    munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
      --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed" --force
    # Two settings make this test cluster react in seconds where Slurm's defaults, sized for a big
    # shared cluster, wait minutes (scontrol requeue of a running task: its second run started
    # about 85 s after the array's other tasks had ended, on an idle node):
    #   AuthInfo cred_expire=10   a job's launch credential lives 10 s (default 120, the least
    #       Slurm takes is 5). Slurm holds a requeued job this long before it may start again (its
    #       first run's credential must have expired). 10 s is still ample to launch a batch step
    #       on this one node, loaded or not.
    #   SchedulerParameters bf_interval=1   a backfill pass every second (default 30 s). When a
    #       requeued job's hold ends nothing else wakes the scheduler (no submission, no job end):
    #       it waited for the next backfill pass, or the main loop's sched_interval (60 s).
    cat > "$dir/slurm.conf" <<CONF
ClusterName=gridenum-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket,cred_expire=10
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SchedulerParameters=bf_interval=1
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
SlurmctldTimeout=30
SlurmdTimeout=30
MinJobAge=300
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF="$dir/slurm.conf"
    slurmctld -f "$SLURM_CONF" -i
    slurmd -f "$SLURM_CONF"
    for _ in $(seq 1 100); do
      state=$(sinfo -h -N -o '%T' 2>/dev/null | head -1 || true)
      if [ "$state" = idle ]; then echo "export SLURM_CONF=$SLURM_CONF"; exit 0; fi
      sleep 0.2
    done
    echo "slurm-local: the node did not become idle (state '$state'); see $dir/log" >&2
    exit 3
    ;;
  down)
    stop_pids "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"
    ;;
  *) sed -n '/^set -eu/q;2,$p' "$0"; exit 2 ;;
esac
