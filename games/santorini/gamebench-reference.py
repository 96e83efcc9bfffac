# Reproduces the literals of games/santorini/gamebench.test.ts from checkouts of github.com/Joshuaclymer/GameBench and
# github.com/Tomansion/SantorinAI (ba20832, santorinai 1.3.3, which GameBench's Santorini imports):
#   GAMEBENCH_DIR=/tmp/GameBench SANTORINAI_DIR=/tmp/sant python3 games/santorini/gamebench-reference.py
# GameBench's own Santorini (games/santorini/santorini.py at HEAD of Joshuaclymer/GameBench, on santorinai 1.3.3 =
# Tomansion/SantorinAI ba20832) shown positions set by hand as games/santorini/gamebench.test.ts builds them; prints its
# Rules, and the observation and AvailableActions of each turn, as JSON.
import os, sys, types
sys.path.insert(0, os.environ.get("GAMEBENCH_DIR", "/tmp/GameBench"))
sys.path.insert(0, os.environ.get("SANTORINAI_DIR", "/tmp/sant"))  # santorinai 1.3.3 (Tomansion/SantorinAI ba20832)
pil = types.ModuleType("PIL")
pil.Image = types.ModuleType("PIL.Image")
pil.Image.Image = type("Image", (), {})
sys.modules.update({"PIL": pil, "PIL.Image": pil.Image})
import api.classes
api.classes.Rules.__hash__ = object.__hash__  # Python 3.11 and an unhashable dataclass default (written for 3.10)
from agents.random_agent import RandomAgent
import json, random
from games.santorini.santorini import Santorini
random.seed(0)
out = {}
# 1. Placement: A at (2, 2), X at (1, 1); Player 1 places B.
g = Santorini()
g.init_game(RandomAgent, RandomAgent)
out['title'], out['summary'], out['details'] = g.rules.title, g.rules.summary, g.rules.additional_details
g.board.place_pawn((2, 2)); g.board.place_pawn((1, 1))
o, a = g.get_pawn_placement_observation(g.agents[0])
out['placement'] = {'observation': o.text, 'instructions': a.instructions, 'predefined': a.predefined, 'openended': a.openended}
# 2. Play: levels by row from the top; A (1, 2), X (2, 3), B (3, 2), Y (0, 4); A to play (pawn_turn 1), then X.
levels = [[0, 1, 2, 0, 0], [1, 3, 2, 4, 0], [0, 2, 2, 1, 0], [0, 0, 1, 0, 0], [4, 0, 0, 1, 2]]
for key, turn, agent in (('playA', 1, 0), ('playX', 2, 1)):
    g = Santorini()
    g.init_game(RandomAgent, RandomAgent)
    g.board.board = [row[:] for row in levels]
    for pawn, pos in zip(g.board.pawns, [(1, 2), (2, 3), (3, 2), (0, 4)]):
        pawn.pos = pos
    g.board.pawn_turn = turn
    o, a, _ = g.get_move_build_observation(g.agents[agent])
    out[key] = {'observation': o.text, 'instructions': a.instructions, 'predefined': a.predefined, 'openended': a.openended}
print(json.dumps(out, indent=2, ensure_ascii=False))
