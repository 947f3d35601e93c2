#!/usr/bin/env python3
"""The provenance of a sharded count, read from its job directories: per shard, every session
(process) from job.log -- when it started and ended, on how many threads, how many units it
counted, how it ended -- and from the shard's result document (result.json or result.json.xz)
the binary that finished it, the machine and the process CPU of its last session.

    scripts/shard-provenance.py results/2x6/shard-*-of-16 [--json FILE] > provenance.md

Wall times are the sessions' own (start to last log line) and include any pause (SIGSTOP) and
whatever else the machine ran; process CPU is measured by the process (getrusage) and is the
figure of cost. Nothing here is trusted by `gridenum verify`: it is the record of how the run
went (docs/jobs.md, "Sharded runs").
"""
import argparse
import datetime as dt
import json
import lzma
import re
import sys
from pathlib import Path

LINE = re.compile(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+)\] \[(\w+)\] \[pid (\d+)\] (.*)$")
NUM = r"([\d,]+)"


def number(text):
    return int(text.replace(",", ""))


def when(stamp):
    return dt.datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=dt.timezone.utc)


def sessions_of(log):
    out, by_pid = [], {}
    for raw in log.read_text(errors="replace").splitlines():
        m = LINE.match(raw)
        if not m:
            continue
        t, _, pid, msg = when(m.group(1)), m.group(2), m.group(3), m.group(4)
        start = re.match(r"(starting|resuming) job \S+: .*?, (\d+) threads?", msg)
        if start:
            s = {"pid": int(pid), "kind": start.group(1), "threads": int(start.group(2)), "start": t, "end": t,
                 "units_before": None, "units_after": None, "ended": "no closing line (killed?)"}
            by_pid[pid] = s
            out.append(s)
            continue
        s = by_pid.get(pid)
        if s is None:
            continue
        s["end"] = t
        m2 = re.search(NUM + r" work units in this shard \S+, " + NUM + r" already in the journal", msg)
        if m2:
            s["units_before"] = number(m2.group(2))
            s["units_total"] = number(m2.group(1))
        m2 = re.search(r"stopped by (\w+): " + NUM + " of " + NUM + " units are in the journal", msg)
        if m2:
            s["ended"] = "stopped by " + m2.group(1)
            s["units_after"] = number(m2.group(2))
        m2 = re.search(r"done \(" + NUM + " units? counted in this session\)", msg)
        if m2:
            s["ended"] = "finished"
            s["units_after"] = (s["units_before"] or 0) + number(m2.group(1))
    return out


def result_of(d):
    for name, opener in (("result.json", open), ("result.json.xz", lzma.open)):
        p = d / name
        if p.exists():
            with opener(p, "rt") as f:
                return json.load(f)
    return None


def shard_row(d):
    ss = sessions_of(d / "job.log")
    res = result_of(d)
    job = (res or {}).get("job", {})
    wall = sum((s["end"] - s["start"]).total_seconds() for s in ss)
    counted = [(s["units_after"] - s["units_before"]) if s["units_after"] is not None and s["units_before"] is not None
               else None for s in ss]
    return {
        "shard": job.get("shard") or d.name,
        "dir": d.name,
        "sessions": len(ss),
        "resumes": max(0, len(ss) - 1),
        "threads": sorted({s["threads"] for s in ss}),
        "first_start_utc": ss[0]["start"].strftime("%Y-%m-%d %H:%M:%S") if ss else None,
        "finished_utc": job.get("finished_utc"),
        "wall_seconds_of_sessions": round(wall, 1),
        "units_per_session": counted,
        "how_sessions_ended": [s["ended"] for s in ss],
        "finishing_binary": job.get("program"),
        "cpu_model": job.get("cpu_model"),
        "host": job.get("host"),
        "cpu_seconds_last_session": job.get("cpu_seconds_last_session"),
        "units_last_session": job.get("units_computed_last_session"),
        "peak_rss_kib": (res or {}).get("peak_rss_kib"),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", type=Path, help="the shards' job directories")
    ap.add_argument("--json", type=Path, help="also write every figure as JSON to this file")
    a = ap.parse_args()
    rows = []
    for d in a.dirs:
        if not (d / "job.log").exists():
            sys.exit(f"shard-provenance: {d}: no job.log (not a job directory)")
        rows.append(shard_row(d))
    print("| shard | sessions (resumes) | threads | first start (UTC) | finished (UTC) | wall of its sessions | "
          "units counted per session | binary that finished it | process CPU of the last session |")
    print("| --- | --- | --- | --- | --- | ---: | --- | --- | ---: |")
    for r in rows:
        cpu = r["cpu_seconds_last_session"]
        n = r['units_last_session']
        per = f"{cpu:,.0f} s for {n:,} unit{'' if n == 1 else 's'}" if cpu is not None and n else "-"
        units = ", ".join("?" if u is None else f"{u:,}" for u in r["units_per_session"])
        print(f"| {r['shard']} | {r['sessions']} ({r['resumes']}) | {'/'.join(map(str, r['threads']))} | "
              f"{r['first_start_utc']} | {(r['finished_utc'] or 'not finished').replace('T', ' ').rstrip('Z')} | "
              f"{r['wall_seconds_of_sessions'] / 3600:.2f} h | {units} | {r['finishing_binary'] or '-'} | {per} |")
    if a.json:
        a.json.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
