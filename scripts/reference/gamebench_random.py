"""GameBench's own games played by its own RandomAgent in every seat: the figures each game's `gamebench` preset is
checked against (docs/gamebench-protocol.md; each game's rules.ts header). Their code, unchanged, from a checkout of
github.com/Joshuaclymer/GameBench (e.g. `git clone https://github.com/Joshuaclymer/GameBench /tmp/GameBench`), with
only PIL stubbed (api/classes.py imports it for image observations no game here uses):

    GAMEBENCH_DIR=/tmp/GameBench python3 scripts/reference/gamebench_random.py sea_battle 2000 [first seed]
    GAMEBENCH_DIR=/tmp/GameBench python3 scripts/reference/gamebench_random.py codenames 2000 [first seed]
    GAMEBENCH_DIR=/tmp/GameBench python3 scripts/reference/gamebench_random.py hive 100 [first seed]   (30-200 s a match)
    GAMEBENCH_DIR=/tmp/GameBench python3 scripts/reference/gamebench_random.py two_rooms 2000 [first seed]

Match i is seeded with random.seed(i). Prints one JSON line of statistics.
"""
import json
import os
import random
import statistics
import sys
import types

sys.path.insert(0, os.environ.get("GAMEBENCH_DIR", "."))
pil = types.ModuleType("PIL")
pil.Image = types.ModuleType("PIL.Image")
pil.Image.Image = type("Image", (), {})
sys.modules.update({"PIL": pil, "PIL.Image": pil.Image})
# Hive imports matplotlib to draw its board (display_board, replaced by a no-op below).
for name in ("matplotlib", "matplotlib.pyplot", "matplotlib.patches", "matplotlib.animation"):
    sys.modules[name] = types.ModuleType(name)
sys.modules["matplotlib.animation"].FuncAnimation = object

import api.classes  # noqa: E402

# Python 3.11 refuses an unhashable dataclass as a field default (`rules: Rules = Rules(...)`, written for 3.10): give
# Rules an identity hash; nothing else changes.
api.classes.Rules.__hash__ = object.__hash__
from agents.random_agent import RandomAgent  # noqa: E402


def sea_battle(seeds):
    """Red / Blue / draw rates and the length in turns (fire_cannons runs once per resolved turn)."""
    from games.sea_battle import SeaBattle

    res = {"red": 0, "blue": 0, "draw": 0}
    lengths = []
    for seed in seeds:
        random.seed(seed)
        g = SeaBattle()
        g.init_game(RandomAgent, RandomAgent)
        turns = [0]
        fire = g.fire_cannons

        def counted(fire=fire, turns=turns):
            turns[0] += 1
            fire()

        g.fire_cannons = counted
        a, _ = g.play()
        res["draw" if a == 0.5 else "red" if a == 1 else "blue"] += 1
        lengths.append(turns[0])
    n = len(lengths)
    return {
        "matches": n,
        **{f"{k}Rate": v / n for k, v in res.items()},
        "meanTurns": statistics.mean(lengths),
        "sdTurns": statistics.stdev(lengths),
        "medianTurns": statistics.median(lengths),
        "past50": sum(t > 50 for t in lengths) / n,
        "longest": max(lengths),
    }


def codenames(seeds):
    """Red's win rate and mean score, assassin endings, and the length (operative moves, clues)."""
    from games.codenames.card import CardType
    from games.codenames.game import CodenamesGame

    red = assassin = none = op_moves = clues = 0
    red_score = 0.0
    for seed in seeds:
        random.seed(seed)
        g = CodenamesGame(show_state=False)
        g.init_game(RandomAgent, RandomAgent)
        count = {"op": 0, "spy": 0}
        op, spy = g.update_operative, g.update_spymaster

        def counted_op(*a, op=op, count=count, **k):
            count["op"] += 1
            return op(*a, **k)

        def counted_spy(*a, spy=spy, count=count, **k):
            count["spy"] += 1
            return spy(*a, **k)

        g.update_operative, g.update_spymaster = counted_op, counted_spy
        r, _ = g.play()
        board = g.game_board
        w = board.winner()
        red += w == CardType.RED
        none += w is None
        assassin += any(c.card_type == CardType.ASSASSIN and board.revealed[j] for j, c in enumerate(board.cards))
        op_moves += count["op"]
        clues += count["spy"]
        red_score += r
    n = len(seeds)
    return {
        "matches": n,
        "redWinRate": red / n,
        "assassinEndings": assassin / n,
        "noWinner": none / n,
        "meanOperativeMoves": op_moves / n,
        "meanTurns": clues / n,
        "meanRedScore": red_score / n,
    }


def hive(seeds):
    """First- and second-player wins, draws (the 250-turn cap) and the length in plies."""
    from games.hive.board import HiveBoard
    from games.hive.game import HiveGame

    HiveBoard.display_board = lambda self, interactive=False: None
    first = second = 0
    plies = []
    for seed in seeds:
        random.seed(seed)
        g = HiveGame(id="hive", rules=None)
        g.init_game(RandomAgent, RandomAgent)
        scores = g.play()
        first += scores == [1, 0]
        second += scores == [0, 1]
        plies.append(sum(g.turn_count))
    n = len(plies)
    return {
        "matches": n,
        "firstWinRate": first / n,
        "secondWinRate": second / n,
        "drawRate": (n - first - second) / n,
        "meanPlies": statistics.mean(plies),
    }


def two_rooms(seeds):
    """Red / Blue win rates, where the President and the Bomber start (same room, leaders), and the length in agent
    decisions (a fixed 3 rounds: each card picks a target, asks and is asked; then the two leaders pick hostages)."""
    from games.two_rooms_and_a_boom.two_rooms import TwoRoomsAndaBoom

    red = together = pres_leader = bomb_leader = 0
    decisions = []
    for seed in seeds:
        random.seed(seed)
        g = TwoRoomsAndaBoom()
        g.init_game(RandomAgent, RandomAgent)
        where = {c.special_character: r for r in range(2) for c in g.rooms[r].cards}
        lead = {c.special_character for r in g.rooms for c in r.cards if c.is_leader == "Leader"}
        together += where["President"] == where["Bomber"]
        pres_leader += "President" in lead
        bomb_leader += "Bomber" in lead
        calls = [0]
        for agent in g.agents:
            act = agent.take_action

            def counted(*a, act=act, **k):
                calls[0] += 1
                return act(*a, **k)

            agent.take_action = counted
        blue_score, _ = g.play()
        red += blue_score == 0
        decisions.append(calls[0])
    n = len(decisions)
    return {
        "matches": n,
        "redRate": red / n,
        "blueRate": (n - red) / n,
        "startTogether": together / n,
        "presidentLeader": pres_leader / n,
        "bomberLeader": bomb_leader / n,
        "meanDecisions": statistics.mean(decisions),
    }


GAMES = {"sea_battle": sea_battle, "codenames": codenames, "hive": hive, "two_rooms": two_rooms}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in GAMES:
        sys.exit(f"usage: gamebench_random.py {'|'.join(GAMES)} [matches=1000] [first seed=0]")
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    print(json.dumps(GAMES[sys.argv[1]](range(first, first + n))))
