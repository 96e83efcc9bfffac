# GameBench's own Hive code: for seeded random games, at chosen plies, the position (axial), the observation text
# (generate_observation, image_mode as default: the drawing stubbed) and both menus exactly as their code builds them.
import sys, random, json
import os
sys.path.insert(0, os.environ.get('GAMEBENCH_DIR', '/tmp/GameBench'))  # with matplotlib and Pillow installed
import api.classes
api.classes.Rules.__hash__ = object.__hash__
from games.hive.game import HiveGame
from games.hive.board import HiveBoard
from agents.random_agent import RandomAgent

def ax(h): return [h.x - (h.y - (h.y & 1)) // 2, h.y]
BUG = {'Queen': 'Q', 'Spider': 'S', 'Hopper': 'G', 'Ant': 'A'}
seed = int(sys.argv[1]); plies = [int(p) for p in sys.argv[2].split(',')]
random.seed(seed)
g = HiveGame(id='hive', rules=None)
g.init_game(RandomAgent, RandomAgent)
out = []
for t in range(max(plies) + 1):
    if g.is_game_over(): break
    if t in plies:
        p = g.current_player_index
        agent = g.players[p]
        hands = [{'Q': 0, 'B': 0, 'S': 0, 'G': 0, 'A': 0} for _ in range(2)]
        for pc in g.pieces_remaining: hands[pc.owner][BUG[pc.type]] += 1
        pos = {'seed': seed, 'ply': t, 'toMove': p, 'turns': list(g.turn_count), 'hands': hands,
               'cells': {f'{ax(h)[0]},{ax(h)[1]}': ('b' if pc.owner == 0 else 'g') + BUG[pc.type] for h, pc in g.board.board.items()}}
        obs, actions = g.get_observation(agent)
        first = list(actions.predefined.items())
        second = {}
        for a, _ in first:
            if a == 'pass': continue
            second[a] = list(g.update(api.classes.Action(action_id=a), agent).items())
        out.append({'position': pos, 'observation': f'{obs.text}', 'outerImage': repr(obs.image), 'instructions': actions.instructions, 'first': first, 'second': second})
    g.play_turn()
print(json.dumps(out))
