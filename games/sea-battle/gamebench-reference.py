# Reproduces the literals of games/sea-battle/gamebench.test.ts from a checkout of github.com/Joshuaclymer/GameBench:
#   GAMEBENCH_DIR=/tmp/GameBench python3 games/sea-battle/gamebench-reference.py
# GameBench's own Sea Battle (games/sea_battle.py at HEAD of Joshuaclymer/GameBench) shown one position, set by hand
# as games/sea-battle/gamebench.test.ts builds it with makeState; prints its Rules, get_observation and
# AvailableActions for seats 0 (Red 1) and 4 (Blue 2) as JSON.
import os, sys, types
sys.path.insert(0, os.environ.get("GAMEBENCH_DIR", "/tmp/GameBench"))
pil = types.ModuleType("PIL")
pil.Image = types.ModuleType("PIL.Image")
pil.Image.Image = type("Image", (), {})
sys.modules.update({"PIL": pil, "PIL.Image": pil.Image})
import api.classes
api.classes.Rules.__hash__ = object.__hash__  # Python 3.11 and an unhashable dataclass default (written for 3.10)
from agents.random_agent import RandomAgent
import json, random
from games.sea_battle import SeaBattle, Location
random.seed(0)
g = SeaBattle()
g.init_game(RandomAgent, RandomAgent)
H = {'E': 1, 'N': 1j, 'W': -1, 'S': -1j}
ships = [(5, 7, 'N', 3), (12, 3, 'E', 0), (20, 20, 'W', 10), (6, 9, 'S', 4), (17, 14, 'W', 8), (2, 21, 'E', 1)]
for p, (x, y, h, d) in zip(g._players, ships):
    p.location = Location(x + y * 1j, H[h])
    p.damage.damage = d
rocks = [(9, 9), (3, 4), (15, 2), (21, 11), (7, 18), (11, 13), (1, 1), (22, 22), (13, 6), (4, 16), (18, 8), (10, 21), (16, 19), (8, 5)]
g.rocks = g.rocks[:96] + [Location(x + y * 1j) for x, y in rocks]
r = g.rules
out = {'title': r.title, 'summary': r.summary, 'details': r.additional_details}
for seat in (0, 4):
    o, a = g.get_observation(g.agents[seat])
    out[seat] = {'observation': o.text, 'instructions': a.instructions, 'predefined': a.predefined, 'openended': a.openended}
print(json.dumps(out, indent=2, ensure_ascii=False))
