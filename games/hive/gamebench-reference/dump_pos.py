# GameBench's own Hive code on a position built by hand (axial cells inserted in row order, turn counts, seat to move):
# the observation text and both menus as their code builds them.
import sys, json
import os
sys.path.insert(0, os.environ.get('GAMEBENCH_DIR', '/tmp/GameBench'))  # with matplotlib and Pillow installed
import api.classes
api.classes.Rules.__hash__ = object.__hash__
from games.hive.game import HiveGame
from games.hive.board import Hex
from agents.random_agent import RandomAgent
pos = json.loads(sys.argv[1])
TYPE = {'Q': 'Queen', 'S': 'Spider', 'G': 'Hopper', 'A': 'Ant'}
g = HiveGame(id='hive', rules=None)
g.init_game(RandomAgent, RandomAgent)
cells = sorted(((int(k.split(',')[0]), int(k.split(',')[1]), v) for k, v in pos['cells'].items()), key=lambda c: (c[1], c[0]))
for q, r, v in cells:
    owner = 0 if v[0] == 'b' else 1
    piece = next(p for p in g.pieces_remaining if p.owner == owner and p.type == TYPE[v[1]])
    g.pieces_remaining.remove(piece)
    g.board.add_piece(piece, Hex(q + (r - (r & 1)) // 2, r))
    if piece.type == 'Queen': g.board.queen_bee_placed[owner] = True
g.turn_count = pos['turns']; g.current_player_index = pos['toMove']
agent = g.players[pos['toMove']]
obs, actions = g.get_observation(agent)
first = list(actions.predefined.items())
second = {a: list(g.update(api.classes.Action(action_id=a), agent).items()) for a, _ in first if a != 'pass'}
print(json.dumps({'observation': f'{obs.text}', 'first': first, 'second': second}))
