"""GameBench's own LLM agent, agents/gpt.py (OpenAITextAgent.take_action), run with a scripted model, every request
recorded: the scenarios lib/agents/gamebench-gpt.golden.json holds and lib/agents/gamebench-gpt.test.ts checks the
arena's GameBench agent against (lib/agents/gamebench-gpt.ts, server/agents/gamebench-gpt.ts). Their code, unchanged,
from a checkout of github.com/Joshuaclymer/GameBench, with only what it imports at load stubbed (openai's client, the
credentials file, PIL):

    GAMEBENCH_DIR=/tmp/GameBench python3 scripts/reference/gamebench_gpt_golden.py > lib/agents/gamebench-gpt.golden.json
"""
import copy
import json
import os
import sys
import types

sys.path.insert(0, os.environ.get("GAMEBENCH_DIR", "."))
pil = types.ModuleType("PIL")
pil.Image = types.ModuleType("PIL.Image")
pil.Image.Image = type("Image", (), {})
openai = types.ModuleType("openai")
openai.Client = lambda **kw: None
sys.modules.update({"PIL": pil, "PIL.Image": pil.Image, "openai": openai})

import api.classes  # noqa: E402
import api.util  # noqa: E402

# Python 3.11 refuses an unhashable dataclass as a field default (written for 3.10): give Rules an identity hash.
api.classes.Rules.__hash__ = object.__hash__
api.util.load_json = lambda path: {"openai_api_key": "unused"}
from agents import gpt  # noqa: E402
from api.classes import AvailableActions, Observation, Rules  # noqa: E402

class Msg:
    def __init__(self, c): self.content = c
class Choice:
    def __init__(self, c): self.message = Msg(c)
class Ret:
    def __init__(self, c): self.choices = [Choice(c)]

def run(name, mode, rules, obs, actions, replies):
    calls = []
    it = iter(replies)
    def completions(*args, **kw):
        calls.append({"messages": copy.deepcopy(kw["messages"]), "json": "response_format" in kw})
        return Ret(next(it))
    gpt.completions = completions
    agent = gpt.OpenAITextAgent(team_id=0, agent_id=0, agent_type_id="t", openai_model="m", mode=mode)
    a = agent.take_action(rules, Observation(text=obs), actions, False)
    turn = {"title": rules.title, "summary": rules.summary,
            "details": None if rules.additional_details is None else [[k, v] for k, v in rules.additional_details.items()],
            "observation": obs, "instructions": actions.instructions,
            "predefined": [{"id": k, "description": v} for k, v in actions.predefined.items()],
            "openended": [{"id": k, "description": v} for k, v in actions.openended.items()]}
    return {"name": name, "mode": mode, "turn": turn, "replies": replies, "calls": calls,
            "action": a.action_id, "openended_response": a.openended_response}

details = {"Moves": "A move names one square, e.g. 'X: (1,1)'.", "Winning \u00e9\u4e2d": "Three in a row wins.\nDiagonals count."}
rules = Rules(title="Tic-Tac-Toe \"classic\"", summary="Two players take turns.\nIt's short.", additional_details=details)
rules_plain = Rules(title="Pit", summary="Trade cards.", additional_details=None)
obs = "Board:\n. . .\n. X .\n. . O\nYou play X."
out = []
out.append(run("mode0-details-retries", 0, rules, obs,
    AvailableActions(instructions="Choose a square.", predefined={"X: (1,1)": None, "X: (1,2)": None, "it's": None, 'say "hi"\\': None}, openended={}),
    ["I pick (1,1)", '{"action": "Explain(H2)"}', "{'action': 'X: (1,1)'}"]))
out.append(run("mode1-openended-described", 1, rules_plain, "You hold 3 wheat.\nOffers: none.",
    AvailableActions(instructions="Make an offer or pass.", predefined={"pass": "Do nothing this turn.", "trade": None}, openended={"offer": "Write your offer."}),
    ["Let me think. Offering is best.", '{"action": "offer"}', '{"action": "Explain(pass)"}', '{"action": "offer", "openended_response": "2 wheat for 1 corn"}']))
out.append(run("mode0-three-failures", 0, rules, obs,
    AvailableActions(instructions="Choose a square.", predefined={"X: (1,1)": None, "X: (1,2)": None}, openended={}),
    ['{"action": "X: (9,9)"}', '{"action": "X: (1,1)", "ok": true}', '{"action": "Explain(H9)"}']))
out.append(run("mode0-explain-edge-cases", 0, rules_plain, "Nothing yet.",
    AvailableActions(instructions="Choose.", predefined={"a": None, "b": ""}, openended={}),
    ['{"action": "Explain(a)"}', '{"action": 3}', '{"action": "Explain(zzz)"}']))
out.append(run("mode0-empty-predefined-description", 0, rules_plain, "Nothing yet.",
    AvailableActions(instructions="Choose.", predefined={"a": None, "b": ""}, openended={}),
    ['  {"action": "Explain(b)"} ', "{'action': 'b'} # done"]))
json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
