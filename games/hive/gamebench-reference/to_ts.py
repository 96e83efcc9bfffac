# Prints the TS literal of the GameBench cases (s1.json, s2.json: real positions; pass: the hand-built one).
import json, sys
cases = []
for f in sys.argv[1:]:
    d = json.load(open(f))
    for x in (d if isinstance(d, list) else [d]):
        cases.append(x)
def s(v): return json.dumps(v, ensure_ascii=False)
out = ['const GAMEBENCH_CASES: GameBenchCase[] = [']
for c in cases:
    p = c['position']
    out.append('  {')
    out.append(f"    name: {s(p['name'] if 'name' in p else 'random.seed(%d), ply %d' % (p['seed'], p['ply']))},")
    out.append(f"    cells: {s(p['cells'])},")
    out.append(f"    toMove: {p['toMove']},")
    out.append(f"    turns: {s(p['turns'])},")
    out.append(f"    observation: {s(c['observation'])},")
    out.append(f"    first: {s(c['first'])},")
    out.append(f"    second: {s(c['second'])},")
    out.append('  },')
out.append('];')
print('\n'.join(out))
