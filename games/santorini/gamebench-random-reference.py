# GameBench's own Santorini played by its RandomAgent: the figures games/santorini/gamebench.test.ts compares with:
#   GAMEBENCH_DIR=/tmp/GameBench SANTORINAI_DIR=/tmp/sant python3 games/santorini/gamebench-random-reference.py 5000 [first seed]
# GameBench's own Santorini (games/santorini/santorini.py, santorinai 1.3.3 = Tomansion/SantorinAI ba20832) played by
# its RandomAgent in both seats, match i seeded with random.seed(i), as scripts/reference/gamebench_random.py plays the
# other games: python3 games/santorini/gamebench-random-reference.py N [first seed]. Prints Player 1's win rate and the length in turns
# (move-and-build turns after the four placements, i.e. play_turn calls).
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
import json, random, statistics, sys
from games.santorini.santorini import Santorini
n = int(sys.argv[1]); first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
wins = 0; lengths = []; stuck = 0
for seed in range(first, first + n):
    random.seed(seed)
    g = Santorini(show_state=False)
    g.init_game(RandomAgent, RandomAgent)
    count = [0]
    pt = g.play_turn
    def counted(*a, pt=pt, count=count, **k):
        count[0] += 1
        return pt(*a, **k)
    g.play_turn = counted
    a, _ = g.play()
    wins += a == 1.0
    lengths.append(count[0])
    stuck += g.board.winner_player_number is None
print(json.dumps({"matches": n, "player1WinRate": wins / n, "meanTurns": statistics.mean(lengths),
                  "sdTurns": statistics.stdev(lengths), "medianTurns": statistics.median(lengths),
                  "longest": max(lengths), "endedByNoMove": stuck / n}))
