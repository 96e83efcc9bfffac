"""Reference figures for lib/rating/ilsr.test.ts: GameBench's rating.py fit (get_params) on GameBench's matches.json,
per game and overall, computed with numpy/scipy the way choix 0.3.x does it (choix is not installable here; its
_init_lsr, _ilsr, statdist, exp_transform and log_transform are restated below from its source, and lsr_pairwise /
get_params from GameBench's rating.py). Run: python3 scripts/reference/gamebench_ilsr.py > lib/rating/fixtures/gamebench-ilsr-reference.json
"""
import json
import os

import numpy as np
import scipy.linalg as spl

PLAYERS = ["random", "human", "gpt-3", "gpt-3-cot", "gpt-4", "gpt-4-cot", "gpt-4-rap"]


def exp_transform(params):
    weights = np.exp(np.asarray(params) - np.mean(params))
    return (len(weights) / weights.sum()) * weights


def log_transform(weights):
    params = np.log(weights)
    return params - params.mean()


def statdist(generator):
    generator = np.asarray(generator)
    n = generator.shape[0]
    lu, piv = spl.lu_factor(generator.T, check_finite=False)
    left = lu[:-1, :-1]
    right = -lu[:-1, -1]
    res = spl.solve_triangular(left, right, check_finite=False)
    res = np.append(res, 1.0)
    return (n / res.sum()) * res


def lsr_pairwise(n_items, data, alpha=0.0, initial_params=None):
    weights = np.ones(n_items) if initial_params is None else exp_transform(initial_params)
    chain = alpha * np.ones((n_items, n_items), dtype=float)
    for p1, p2, s1, s2 in data:
        chain[p1, p2] += float(s2) / (weights[p1] + weights[p2])
        chain[p2, p1] += float(s1) / (weights[p1] + weights[p2])
    chain -= np.diag(chain.sum(axis=1))
    return log_transform(statdist(chain))


def ilsr_pairwise(n_items, data, alpha=0.0, max_iter=100, tol=1e-8):
    params, prev = None, None
    for _ in range(max_iter):
        params = lsr_pairwise(n_items, data, alpha=alpha, initial_params=params)
        cur = params - np.mean(params)
        if prev is not None and np.linalg.norm(prev - cur, ord=1) <= tol:
            return params
        prev = cur
    raise RuntimeError("did not converge")


def get_params(matches):
    wins = []
    for m in matches:
        agents = list(m.keys())[1:]
        if m[agents[0]] == m[agents[1]]:
            continue
        wins.append((PLAYERS.index(agents[0]), PLAYERS.index(agents[1]), m[agents[0]], m[agents[1]]))
    return ilsr_pairwise(len(PLAYERS), wins, alpha=0.001)


here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "../../lib/rating/fixtures/gamebench-matches.json")) as f:
    matches = json.load(f)
out = {"all": dict(zip(PLAYERS, get_params(matches).round(10).tolist()))}
for game in sorted({m["game"] for m in matches}):
    out[game] = dict(zip(PLAYERS, get_params([m for m in matches if m["game"] == game]).round(10).tolist()))
print(json.dumps(out, indent=1))
