"""GameBench's Air Land and Sea (their code, unchanged; PIL stubbed, Rules given a hash for Python 3.11 as
scripts/reference/gamebench_random.py does) on the position games/air-land-sea/gamebench.test.ts builds: one battle
from fixed hands, theater order and deck, played by scripted agents that choose the listed ids; prints every
observation and menu they are shown, as JSON.  GAMEBENCH_DIR=/tmp/GameBench python3 games/air-land-sea/gamebench-reference.py '["2", …]'

With `--random FIRST END`: their RandomAgent in both seats, match i seeded with random.seed(i) for FIRST <= i < END;
prints one JSON line of the statistics gamebench.test.ts compares (the player 1st in battle 1: win rate and mean score
share; battles a match; the share of battles ended by a withdrawal).
"""
import contextlib, io, json, os, random, sys, types
sys.path.insert(0, os.environ.get("GAMEBENCH_DIR", "/tmp/GameBench"))
pil = types.ModuleType("PIL"); pil.Image = types.ModuleType("PIL.Image"); pil.Image.Image = type("Image", (), {})
sys.modules.update({"PIL": pil, "PIL.Image": pil.Image})
import api.classes
api.classes.Rules.__hash__ = object.__hash__
from dataclasses import dataclass
from api.classes import Action, Agent
from games.air_land_sea.game import AirLandSea
from games.air_land_sea.board import Theater
from games.air_land_sea.cards import Deck
from games.air_land_sea.effect_manager import EffectManager

# The arena's card ids: A/L/S and the strength.
ALL = {c.theater[0] + str(c.strength): c for c in Deck().cards}
ORDER = ["Land", "Air", "Sea"]
HANDS = [["L3", "S1", "A4", "L6", "A1", "S4"], ["L2", "S2", "A6", "L1", "L4", "A3"]]
DECK = ["S6", "A2", "A5", "L5", "S3", "S5"]  # top first, as the arena's deck
RANDOM = len(sys.argv) > 1 and sys.argv[1] == "--random"
IDS = json.loads(sys.argv[1]) if len(sys.argv) > 1 and not RANDOM else []
shown = []


class Done(BaseException):  # take_action_wrapper catches every Exception
    pass


@dataclass
class Scripted(Agent):
    agent_type_id: str = "scripted"

    def take_action(self, rules, observation, available_actions, show_state):
        shown.append({"seat": self.agent_id, "observation": observation.text,
                      "instructions": available_actions.instructions,
                      "predefined": list(available_actions.predefined.items())})
        if not IDS:
            raise Done
        return Action(action_id=IDS.pop(0))


def random_stats(n0, n1):
    import statistics
    from agents.random_agent import RandomAgent
    first_wins = withdrawals = 0
    battles, shares = [], []
    for seed in range(n0, n1):
        random.seed(seed)
        g = AirLandSea()
        g.init_game(RandomAgent, RandomAgent)
        # play() calls battle_setup before every battle, the first too, and it swaps the commanders.
        first = 1 if g.player1.supreme_commander == 0 else 0
        count = [0, 0]

        def setup(orig=g.battle_setup, count=count):
            count[0] += 1
            orig()

        def update(a, m, ag, orig=g.update, count=count):
            r = orig(a, m, ag)
            count[1] += r is not None
            return r

        g.battle_setup, g.update = setup, update
        with contextlib.redirect_stdout(io.StringIO()):
            score = g.play()
        shares.append(score[first])
        first_wins += score[first] > 0.5
        battles.append(count[0])
        withdrawals += count[1]
    n = n1 - n0
    print(json.dumps({"matches": n, "firstWinRate": first_wins / n, "meanFirstShare": statistics.mean(shares),
                      "sdFirstShare": statistics.stdev(shares), "meanBattles": statistics.mean(battles),
                      "sdBattles": statistics.stdev(battles), "withdrawRate": withdrawals / sum(battles)}))


if RANDOM:
    random_stats(int(sys.argv[2]), int(sys.argv[3]))
    sys.exit()
random.seed(0)
g = AirLandSea()
g.init_game(Scripted, Scripted)
g.effect_manager = EffectManager()
g.board.theaters = [Theater(t) for t in ORDER]
g.deck.cards = [ALL[c] for c in reversed(DECK)]
for p, hand in zip(g.players, HANDS):
    p.hand = [ALL[c] for c in hand]
g.player1.supreme_commander, g.player2.supreme_commander = 0, 1
agent = g.player1.agent
with contextlib.redirect_stdout(io.StringIO()):
    try:
        while True:
            player = g.get_player_by_agent_id(agent.agent_id)
            obs, menu = g.get_observation(agent)
            menu = g.effect_manager.modify_available_actions(menu, player.hand, player.id)
            action = g.take_action_wrapper(agent, obs, menu)
            g.update(action, menu, agent)
            agent = g.players[1 - agent.agent_id].agent
    except Done:
        pass
print(json.dumps(shown, indent=1))
