# Run from results/2x6 (python3 repair-2026-12-01/suspects.py): see ../README.md, "The repair of 2026-12-01".
# Units journaled at or after a stop signal's arrival, per shard (the TBB-cancellation bug).
import re, sys, glob, datetime, json
out = {}
for d in sorted(glob.glob('shard-*-of-16')):
    sig = {}  # pid -> ms of the "SIGTERM: stopping" line
    for line in open(d + '/job.log'):
        m = re.match(r'\[(\S+ \S+)\] \[warning\] \[pid (\d+)\] (SIGTERM|SIGINT): stopping', line)
        if m:
            t = datetime.datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S.%f').replace(tzinfo=datetime.timezone.utc)
            sig[int(m.group(2))] = int(t.timestamp() * 1000)
    pid = None; threads = None; sus = []
    for n, line in enumerate(open(d + '/journal'), 1):
        f = line.split()
        if f[0] == 'S':
            kv = dict(x.split('=') for x in f[1:-1])
            pid = int(kv['pid']); threads = int(kv['threads'])
        elif f[0] == 'U':
            uid, cnt, ms = int(f[1]), int(f[2]), int(f[3])
            if pid in sig and ms >= sig[pid] - 2000:
                sus.append(dict(line=n, unit=uid, count=cnt, ms=ms, after_signal_ms=ms - sig[pid], pid=pid, threads=threads))
            elif cnt == 0:
                sus.append(dict(line=n, unit=uid, count=cnt, ms=ms, after_signal_ms=None, pid=pid, threads=threads))
    out[d.split('/')[-1]] = sus
    print(d.split('/')[-1], len(sig), 'signals;', len(sus), 'suspects:', [(s['unit'], s['count'], s['after_signal_ms'], s['threads']) for s in sus])
if len(sys.argv) > 1:  # the list as written on 2026-12-01 is suspects.json; do not overwrite it
    json.dump(out, open(sys.argv[1], 'w'), indent=1)
