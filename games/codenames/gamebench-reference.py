"""GameBench's Codenames (their code, unchanged; PIL stubbed, Rules given a hash for Python 3.11 as
scripts/reference/gamebench_random.py does) on the position games/codenames/gamebench.test.ts builds: prints every
observation and menu its scripted agents are shown, as JSON.  GAMEBENCH_DIR=/tmp/GameBench python3 games/codenames/gamebench-reference.py
"""
import json, os, random, sys, types
sys.path.insert(0, os.environ.get("GAMEBENCH_DIR", "/tmp/GameBench"))
pil = types.ModuleType("PIL"); pil.Image = types.ModuleType("PIL.Image"); pil.Image.Image = type("Image", (), {})
sys.modules.update({"PIL": pil, "PIL.Image": pil.Image})
import api.classes
api.classes.Rules.__hash__ = object.__hash__
from api.classes import Action, Agent
from games.codenames.game import CodenamesGame
from games.codenames.card import Card, CardType
from dataclasses import dataclass

WORDS = ["ACE","ACROBAT","ACTOR","AGENT","ALIEN","AMBULANCE","ANCHOR","ANGEL","ANGLE","ANT","APP","APPLE","APRON","ARM","ARMOR","ARTIST","ASH","ASTRONAUT","ATOM","BABY","BACON"]
KEY = "RBNRBARBRBNRBRBRBNRBR"  # R red, B blue, N neutral, A assassin: 9 R? checked below
T = {"R": CardType.RED, "B": CardType.BLUE, "N": CardType.NEUTRAL, "A": CardType.ASSASSIN}
out = []
script = []

@dataclass
class Scripted(Agent):
    agent_type_id: str = "scripted"
    def take_action(self, rules, observation, available_actions, show_state):
        out.append({"role": "spymaster" if self in g.spymaster_list else "operative", "observation": observation.text,
                    "instructions": available_actions.instructions,
                    "predefined": list(available_actions.predefined.items()),
                    "openended": list(available_actions.openended.items())})
        a = script.pop(0)
        return Action(action_id=a[0], openended_response=a[1] if len(a) > 1 else None)

random.seed(0)
g = CodenamesGame(show_state=False)
g.init_game(Scripted, Scripted)
g.game_board.cards = [Card(w, T[k]) for w, k in zip(WORDS, KEY)]
g.game_board.revealed = [False] * 21
assert sorted(KEY.count(c) for c in "RBNA") == [1, 3, 8, 9], [KEY.count(c) for c in "RBNA"]
# Red: clue OCEAN 2, guesses ACE (red), ACROBAT (blue) -> turn ends.
script += [("submit_clue", "OCEAN,2"), ("guess_0",), ("guess_1",)]
g._process_spymaster_turn(g.spymaster_1); g._process_operative_turn(g.operative_1)
g._process_spymaster_turn(g.spymaster_1); g._process_operative_turn(g.operative_1)
# Blue: clue TREE,1 (spymaster sees Red's last hint), guess AGENT (blue, index 4? see KEY) then the menu again.
script += [("submit_clue", "TREE,1"), ("guess_4",), ("end_turn",)]
g._process_spymaster_turn(g.spymaster_2); g._process_operative_turn(g.operative_2)
g._process_spymaster_turn(g.spymaster_2); g._process_operative_turn(g.operative_2)
# Red again: the empty reply GameBench's RandomAgent sends -> "None",1.
script += [("submit_clue", ""), ("guess_2",)]
g._process_spymaster_turn(g.spymaster_1); g._process_operative_turn(g.operative_1)
out.append({"red_hint": g.game_board.last_red_hint, "turn": str(g.game_board.current_turn)})
print(json.dumps(out, indent=1))
