"""GameBench's own games played by its own RandomAgent in every seat: the figures each game's `gamebench` preset is
checked against (docs/gamebench-protocol.md; each game's rules.ts header). Their code, unchanged, from a checkout of
github.com/Joshuaclymer/GameBench (e.g. `git clone https://github.com/Joshuaclymer/GameBench /tmp/GameBench`), with
only PIL stubbed (api/classes.py imports it for image observations no game here uses):

    GAMEBENCH_DIR=/tmp/GameBench python3 scripts/reference/gamebench_random.py sea_battle 2000 [first seed]
    GAMEBENCH_DIR=/tmp/GameBench python3 scripts/reference/gamebench_random.py codenames 2000 [first seed]
    GAMEBENCH_DIR=/tmp/GameBench python3 scripts/reference/gamebench_random.py hive 100 [first seed]   (30-200 s a match)
    GAMEBENCH_DIR=/tmp/GameBench python3 scripts/reference/gamebench_random.py two_rooms 2000 [first seed]
    GAMEBENCH_DIR=/tmp/GameBench python3 scripts/reference/gamebench_random.py arctic_scavengers 2000 [first seed]
    GAMEBENCH_DIR=/tmp/GameBench python3 scripts/reference/gamebench_random.py arctic_scavengers_arena_moves_fixed 2000
      (their game driven by the arena's random moves, their TRASH and HIRE bugs fixed as the preset does)

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


def arctic_scavengers(seeds):
    """Player 1 / Player 2 win rates (play's strict `>`: equal last hands go to Player 2), the tribe members in each
    last skirmish hand (the score) and on all of each player's cards, the skirmishes each won or tied, how often the
    arena's rule (most tribe members on all cards, equal = draw) names the same winner, and the hands draw_hand
    drops."""
    from games.arctic_scavengers.arctic_scavengers import ArcticScavengers

    p1 = equal = same = 0
    dropped = [0]
    last, tribe, won = ([[], []] for _ in range(3))
    ties = 0
    for seed in seeds:
        random.seed(seed)
        g = ArcticScavengers()
        g.init_game(RandomAgent, RandomAgent)
        hands = []  # (fight, tribe members) of each hand at each skirmish, Player 1's then Player 2's
        for pl in g.players:
            fight, draw = pl.calculate_fight_score, pl.draw_hand

            def counted_fight(pl=pl, fight=fight, hands=hands):
                hands.append((fight(), pl.calculate_people()))
                return hands[-1][0]

            def counted_draw(pl=pl, draw=draw):
                # draw_hand drops the hand when the rest of the pile is empty (l. 22-27).
                dropped[0] += not pl.cards["deck"] and bool(pl.cards["draw"])
                draw()

            pl.calculate_fight_score, pl.draw_hand = counted_fight, counted_draw
        a, _ = g.play()
        p1 += a == 1
        people = [g.players[i].calculate_people() for i in (0, 1)]
        sizes = [sum(c.tribe_members or 0 for c in p.cards["deck"] + p.cards["draw"]) for p in g.players]
        equal += people[0] == people[1]
        same += (sizes[0] > sizes[1]) == (a == 1) and sizes[0] != sizes[1]
        for i in (0, 1):
            last[i].append(people[i])
            tribe[i].append(sizes[i])
            pairs = [(hands[r], hands[r + 1])[:: 1 if i == 0 else -1] for r in range(0, len(hands), 2)]
            won[i].append(sum(mine > theirs for mine, theirs in pairs))
        ties += sum(hands[r] == hands[r + 1] for r in range(0, len(hands), 2))
    n = len(seeds)
    return {
        "matches": n,
        "p1WinRate": p1 / n,
        "p2WinRate": 1 - p1 / n,
        "equalLastHands": equal / n,
        "meanLastHandPeople": [statistics.mean(x) for x in last],
        "meanTribe": [statistics.mean(x) for x in tribe],
        "meanSkirmishesWon": [statistics.mean(x) for x in won],
        "meanSkirmishTies": ties / n,
        "arenaRuleSameWinner": same / n,
        "handsDroppedPerMatch": dropped[0] / n,
    }


def arctic_scavengers_arena_moves(seeds, fix_bugs=False):
    """Their Arctic Scavengers code driven by the arena's random baseline instead of RandomAgent: each seat picks
    uniformly among the arena's list of legal moves (games/arctic-scavengers/rules.ts legalActions: every DIG, DRAW,
    HUNT card set with a STANDARD card, every affordable HIRE and its MEDICINE cards, every TRASH set, STOP; a KEEP of
    each distinct dug card; the skirmish's SNIPE/SABOTAGE targets, once per copy), sent as an explicit answer; the
    gathering interrupt is declined. With fix_bugs, TRASH removes only the cards named (a `break`, l. 415) and HIRE
    checks the mercenary's own cost (not cards of its title in the opponent's hand, l. 284), as the arena's preset."""
    import itertools

    from api.classes import Action
    import games.arctic_scavengers.arctic_scavengers as module

    cls = module.ArcticScavengers
    if fix_bugs:
        src = open(module.__file__).read()
        trash = "                        self.deck.junkyard.insert(random.choice(range(len(self.deck.junkyard))), c)\n"
        hire = '                for c in player2.cards["draw"]:\n                    if c.title == action_items[2]:'
        assert trash in src and hire in src
        src = src.replace(trash, trash + "                        break\n").replace(
            hire, hire.replace('player2.cards["draw"]', "[p[0] for p in self.deck.mercenaries if p]")
        )
        ns = {"__name__": "arctic_scavengers_fixed"}
        exec(compile(src, module.__file__, "exec"), ns)
        cls = ns["ArcticScavengers"]

    def sets(titles):
        kinds = sorted(set(titles))
        for counts in itertools.product(*[range(titles.count(k) + 1) for k in kinds]):
            s = [k for k, n in zip(kinds, counts) for _ in range(n)]
            if s:
                yield s

    def agent(g, me):
        used = {"SNIPER": 0, "SABOTEUR": 0}

        def take_action(rules, observation, available, show_state=False):
            pl, other = g.players[me], g.players[1 - me]
            hand = pl.cards["draw"]
            if available.predefined:  # the DIG's choice
                return Action(action_id=random.choice(list(available.predefined)), openended_response="")
            if "announced" in observation.text:  # the gathering interrupt
                return Action(action_id="STOP", openended_response="")
            if "DIG" in available.openended:
                used.update(SNIPER=0, SABOTEUR=0)
                moves = [("STOP", "")]
                for ab in ("DIG", "DRAW", "HUNT"):
                    if not pl.actions[ab]:
                        usable = {c.title: c for c in hand if c.actions and ab in c.actions}
                        moves += [
                            (ab, repr([ab, s]))
                            for s in sets([c.title for c in hand if c.title in usable])
                            if any(usable[t].actions[ab].type.name == "STANDARD" for t in s)
                        ]
                if not pl.actions["HIRE"]:
                    meds = [c.title for c in hand if c.actions and "MEDICINE" in c.actions]
                    for pile in g.deck.mercenaries:
                        cost = {x.type.name: x.value for x in pile[0].cost} if pile else None
                        if cost and cost.get("FOOD", 0) <= pl.food:
                            for s in [[]] + list(sets(meds)):
                                med = sum(2 if t == "Medkit" else 1 for t in s)
                                if med >= cost.get("MEDICINE", 0) and (cost.get("MEDICINE", 0) or not s):
                                    moves.append(("HIRE", repr(["HIRE", s, pile[0].title])))
                if not pl.actions["TRASH"]:
                    moves += [("TRASH", repr(["TRASH", s])) for s in sets([c.title for c in hand])]
            else:  # the skirmish
                mine = [c.title for c in hand]
                moves = [("STOP", "")]
                if mine.count("Sniper Team") > used["SNIPER"]:
                    moves += [("SNIPER", t) for t in sorted({c.title for c in other.cards["draw"] if c.tribe_members})]
                if mine.count("Saboteur") > used["SABOTEUR"]:
                    tools = {c.title for c in other.cards["draw"] if not c.tribe_members}
                    moves += [("SABOTEUR", t) for t in sorted(tools)]
            action_id, answer = random.choice(moves)
            if action_id in used:
                used[action_id] += 1
            return Action(action_id=action_id, openended_response=answer)

        return types.SimpleNamespace(take_action=take_action)

    p1 = equal = 0
    last, tribe = [[], []], [[], []]
    for seed in seeds:
        random.seed(seed)
        g = cls()
        g.init_game(RandomAgent, RandomAgent)
        for i in (0, 1):
            g.players[i].agent = agent(g, i)
        a, _ = g.play()
        p1 += a == 1
        people = [g.players[i].calculate_people() for i in (0, 1)]
        equal += people[0] == people[1]
        for i in (0, 1):
            last[i].append(people[i])
            tribe[i].append(sum(c.tribe_members or 0 for c in g.players[i].cards["deck"] + g.players[i].cards["draw"]))
    n = len(seeds)
    return {
        "matches": n,
        "p1WinRate": p1 / n,
        "p2WinRate": 1 - p1 / n,
        "equalLastHands": equal / n,
        "meanLastHandPeople": [statistics.mean(x) for x in last],
        "meanTribe": [statistics.mean(x) for x in tribe],
    }


GAMES = {"sea_battle": sea_battle, "codenames": codenames, "hive": hive, "two_rooms": two_rooms,
    "arctic_scavengers": arctic_scavengers,
    "arctic_scavengers_arena_moves": arctic_scavengers_arena_moves,
    "arctic_scavengers_arena_moves_fixed": lambda seeds: arctic_scavengers_arena_moves(seeds, fix_bugs=True),
}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in GAMES:
        sys.exit(f"usage: gamebench_random.py {'|'.join(GAMES)} [matches=1000] [first seed=0]")
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    print(json.dumps(GAMES[sys.argv[1]](range(first, first + n))))
