# Run from results/2x6 (python3 repair-2026-12-01/drop.py repair-2026-12-01): see ../README.md.
# Drop the suspect unit records found by suspects.py from each shard's journal (written atomically),
# keeping the dropped lines; a finished shard's result files are removed so that resume recounts.
import json, os, sys
sus = json.load(open('repair-2026-12-01/suspects.json'))
keep_dir = sys.argv[1]
os.makedirs(keep_dir, exist_ok=True)
for shard, rows in sus.items():
    if not rows: continue
    d = f'{shard}'
    lines = open(d + '/journal').read().split('\n')
    drop = {r['line']: r for r in rows}
    out, gone = [], []
    for n, l in enumerate(lines, 1):
        if n in drop:
            f = l.split()
            assert f[0] == 'U' and int(f[1]) == drop[n]['unit'] and int(f[2]) == drop[n]['count'], (shard, n, l)
            gone.append(l)
        else:
            out.append(l)
    assert len(gone) == len(rows)
    with open(f'{keep_dir}/{shard}.dropped', 'w') as g:
        g.write('\n'.join(gone) + '\n')
    tmp = d + '/journal.tmp'
    with open(tmp, 'w') as g:
        g.write('\n'.join(out))
        g.flush(); os.fsync(g.fileno())
    os.rename(tmp, d + '/journal')
    for f in ('result.json.xz', 'result.txt.xz', 'result.json', 'result.txt'):
        if os.path.exists(f'{d}/{f}'):
            os.remove(f'{d}/{f}')
    print(shard, 'dropped', len(gone))
