// RAP, Reasoning via Planning, as GameBench ran it (agents/rap in Joshuaclymer/GameBench, on the `reasoners`
// library's MCTS): Monte Carlo tree search in which the model is the world model (it predicts the other players'
// actions and the next observation, and the actions available there) and the reward (how likely it would choose an
// action, whether the action is good, whether it will win from the predicted state). Pure search over an async
// `RapModel`; server/agents/rap.ts asks a real endpoint.
//
// GameBench's settings, kept as defaults: depth limit 2, 10 iterations, exploration weight 1, cumulative reward = sum,
// Q = mean of the cumulative rewards, simulation follows the child with the highest fast reward, UCT uses the fast
// reward of unvisited children, the answer is the first action of the visited path to a terminal node with the
// highest total reward. Rewards: fast = intuition + self-evaluation; full = intuition + self-evaluation + (2·win − 1).
// The arena's additions: at most `candidates` actions per node (the most intuitive ones; GameBench expanded every
// action, which a game with a hundred moves cannot afford), self-evaluations of one node's children asked at once,
// and, when no path reached the depth limit, the root's child with the highest fast reward instead of no move.
import { z } from 'zod';

export const rapSettingsSchema = z.object({
  /** Depth limit of the tree (GameBench: 2). */
  depth: z.number().int().min(1).max(4).default(2),
  /** MCTS iterations per decision (GameBench: 10). */
  iterations: z.number().int().min(1).max(50).default(10),
  /** Actions kept per node, the most intuitive first (the arena's limit; GameBench kept all). */
  candidates: z.number().int().min(2).max(10).default(4),
});
export type RapSettings = z.infer<typeof rapSettingsSchema>;

/** The model as RAP uses it; every method is one model call (or a few at once, for `selfEvals`). */
export interface RapModel {
  /** Expand: the actions available in a predicted observation. */
  actions(observation: string): Promise<string[]>;
  /** Simulate: what the other players do next. */
  others(observation: string): Promise<string>;
  /** Simulate: the observation after this action and the others'. */
  next(observation: string, action: string, others: string): Promise<string>;
  /** Evaluate: how likely the model is to choose each action (sums to 1). */
  intuitions(observation: string, actions: readonly string[]): Promise<number[]>;
  /** Evaluate: the probability that the action is good. */
  selfEval(observation: string, action: string): Promise<number>;
  /** Evaluate: the probability of winning from this observation. */
  win(observation: string): Promise<number>;
}

interface Node {
  action: string | null;
  /** The (predicted) observation; null until the node is expanded. */
  state: string | null;
  depth: number;
  parent: Node | null;
  children: Node[] | null;
  intuition: number;
  selfEval: number;
  win: number | null;
  fastReward: number;
  reward: number;
  cumRewards: number[];
  terminal: boolean;
}

/** One node of the search tree as the transcript shows it. */
export interface RapTreeNode {
  action: string | null;
  /** The model's predicted observation (trimmed); null for a node never expanded. */
  state: string | null;
  visits: number;
  /** Q: the mean of its cumulative rewards, or its fast reward before a visit. */
  value: number;
  intuition: number;
  selfEval: number;
  win: number | null;
  reward: number;
  children: RapTreeNode[];
}

/** A search tree as stored in a reply event and read back (events are checked on the way in and out). */
export const rapTreeSchema: z.ZodType<RapTreeNode> = z.lazy(() =>
  z.object({
    action: z.string().nullable(),
    state: z.string().nullable(),
    visits: z.number(),
    value: z.number(),
    intuition: z.number(),
    selfEval: z.number(),
    win: z.number().nullable(),
    reward: z.number(),
    children: z.array(rapTreeSchema),
  }),
);

/** What a RAP move's reply event carries: the tree, the chosen root action, the best line's total, the settings, the calls made. */
export const rapSearchPayloadSchema = z.object({
  tree: rapTreeSchema,
  /** The chosen root action (the tree lists the root's children by intuition, not in the legal moves' order). */
  chosenAction: z.string(),
  total: z.number().nullable(),
  settings: z.object({ depth: z.number(), iterations: z.number(), candidates: z.number() }),
  calls: z.number().int().min(0),
});
export type RapSearchPayload = z.infer<typeof rapSearchPayloadSchema>;

export interface RapResult {
  /** Index of the chosen root action in `rootActions`, and the action itself. */
  chosen: number;
  chosenAction: string;
  /** The best path's total reward (null when no path reached the depth limit: the best fast reward was taken). */
  total: number | null;
  tree: RapTreeNode;
  settings: RapSettings;
}

const STATE_SHOWN = 600;

const q = (n: Node) =>
  n.state === null || n.cumRewards.length === 0
    ? n.fastReward
    : n.cumRewards.reduce((a, b) => a + b, 0) / n.cumRewards.length;

/** GameBench's reward (agents/rap/func.py, calculate_reward): intuition + self-evaluation + (2·win − 1); win 0.5 when unknown. */
export const rapReward = (intuition: number, selfEval: number, win = 0.5) => intuition + selfEval + (2 * win - 1);

/**
 * Searches from the root observation, whose actions are `rootActions` (the legal moves as the game writes them), and
 * returns the chosen action's index with the tree.
 */
export async function rapSearch(
  model: RapModel,
  rootObservation: string,
  rootActions: readonly string[],
  input: Partial<RapSettings> = {},
): Promise<RapResult> {
  const settings = rapSettingsSchema.parse(input);
  const wExp = 1;
  const root: Node = {
    action: null,
    state: rootObservation,
    depth: 0,
    parent: null,
    children: null,
    intuition: 0,
    selfEval: 0,
    win: null,
    fastReward: 0,
    reward: 0,
    cumRewards: [],
    terminal: false,
  };
  const atLimit = (n: Node) => n.terminal || n.depth >= settings.depth;

  const uct = (n: Node) => {
    const parentVisits = n.parent!.cumRewards.length;
    const explore = parentVisits > 0 ? Math.sqrt(Math.log(parentVisits) / Math.max(1, n.cumRewards.length)) : 0;
    return q(n) + wExp * explore;
  };
  const argmax = <T>(xs: readonly T[], f: (x: T) => number) =>
    xs.reduce((best, x) => (f(x) > f(best) ? x : best), xs[0]!);

  async function expand(node: Node): Promise<void> {
    if (node.state === null) {
      const parent = node.parent!;
      const others = await model.others(parent.state!);
      node.state = await model.next(parent.state!, node.action!, others);
      node.win = await model.win(node.state);
      node.reward = rapReward(node.intuition, node.selfEval, node.win);
      node.terminal = node.depth >= settings.depth;
    }
    if (node.terminal) return;
    const actions = node === root ? [...rootActions] : await model.actions(node.state);
    if (actions.length === 0) {
      node.children = [];
      return;
    }
    const intuitions = await model.intuitions(node.state, actions);
    // The most intuitive `candidates` actions (in their listed order among equals).
    const kept = actions
      .map((action, i) => ({ action, intuition: intuitions[i] ?? 0, i }))
      .sort((a, b) => b.intuition - a.intuition || a.i - b.i)
      .slice(0, settings.candidates);
    const evals = await Promise.all(kept.map((k) => model.selfEval(node.state!, k.action)));
    node.children = kept.map((k, j) => ({
      action: k.action,
      state: null,
      depth: node.depth + 1,
      parent: node,
      children: null,
      intuition: k.intuition,
      selfEval: evals[j]!,
      win: null,
      fastReward: rapReward(k.intuition, evals[j]!),
      reward: rapReward(k.intuition, evals[j]!),
      cumRewards: [],
      terminal: false,
    }));
  }

  for (let it = 0; it < settings.iterations; it++) {
    // Select: down by UCT while the node has children and is above the depth limit.
    const path: Node[] = [root];
    let node = root;
    while (node.children && node.children.length > 0 && !atLimit(node)) {
      node = argmax(node.children, uct);
      path.push(node);
    }
    if (!atLimit(node)) {
      await expand(node);
      // Simulate: follow the child with the highest fast reward to the depth limit.
      for (;;) {
        if (node.state === null) await expand(node);
        if (atLimit(node) || !node.children || node.children.length === 0) break;
        node = argmax(node.children, (c) => c.fastReward);
        path.push(node);
      }
    }
    // Back-propagate: each node on the path gets the sum of the rewards from it to the leaf.
    let sum = 0;
    for (let i = path.length - 1; i >= 0; i--) {
      sum += path[i]!.reward;
      path[i]!.cumRewards.push(sum);
    }
  }

  // The visited path to a terminal node with the highest total reward (GameBench's output strategy `max_reward`).
  function best(n: Node, acc: number): { total: number; first: Node | null } {
    if (n.terminal) return { total: acc, first: null };
    const visited = (n.children ?? []).filter((c) => c.state !== null);
    let out: { total: number; first: Node | null } = { total: -Infinity, first: null };
    for (const c of visited) {
      const r = best(c, acc + c.reward);
      if (r.total > out.total) out = { total: r.total, first: c };
    }
    return out;
  }
  const found = best(root, 0);
  const children = root.children ?? [];
  const chosenNode =
    found.total > -Infinity && found.first
      ? found.first
      : children.length
        ? argmax(children, (c) => c.fastReward)
        : null;
  const chosen = chosenNode ? rootActions.indexOf(chosenNode.action!) : 0;

  const show = (n: Node): RapTreeNode => ({
    action: n.action,
    state: n.state === null ? null : n.state.length > STATE_SHOWN ? `${n.state.slice(0, STATE_SHOWN)}…` : n.state,
    visits: n.cumRewards.length,
    value: q(n),
    intuition: n.intuition,
    selfEval: n.selfEval,
    win: n.win,
    reward: n.reward,
    children: (n.children ?? []).map(show),
  });
  return {
    chosen: Math.max(0, chosen),
    chosenAction: rootActions[Math.max(0, chosen)]!,
    total: found.total > -Infinity ? found.total : null,
    tree: show(root),
    settings,
  };
}

// ─── Reading the model's answers (the prompts are in server/agents/rap.ts) ───

/** The text between <tag> and </tag> (the last such pair), or the whole reply trimmed when it has none. */
export function between(reply: string, tag: string): string {
  const all = [...reply.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'gi'))];
  const inner = all.length ? all[all.length - 1]![1]! : reply.replace(new RegExp(`</?${tag}>`, 'gi'), '');
  return inner.trim();
}

/** Predicted actions: one per line, numbering and bullets removed, blanks and repeats dropped. */
export function readActions(reply: string): string[] {
  const lines = between(reply, 'actions')
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.):])\s*/, '').trim())
    .filter(Boolean);
  return [...new Set(lines)];
}

/**
 * A probability from a yes/no answer: from the first token's log-probabilities when the provider gave them (yes
 * against no, as GameBench's library reads them), else from the text: the confidence out of 10 that the answer is
 * yes ("yes 8", "no 3"), or a bare yes (1) / no (0); null when neither is there.
 */
export function readYesNo(text: string, top: readonly { token: string; logprob: number }[] | null): number | null {
  if (top) {
    let yes = 0;
    let no = 0;
    for (const t of top) {
      const w = t.token.trim().toLowerCase();
      if (w === 'yes') yes += Math.exp(t.logprob);
      else if (w === 'no') no += Math.exp(t.logprob);
    }
    if (yes + no > 0) return yes / (yes + no);
  }
  // The confidence is that the answer is yes (the prompt asks it so), whichever word came first.
  const scored = /\b(?:yes|no)\b[^0-9\n]{0,20}(\d+(?:\.\d+)?)/i.exec(text);
  if (scored && Number(scored[1]) <= 10) return Number(scored[1]) / 10;
  const bare = /\b(yes|no)\b/i.exec(text);
  return bare ? (bare[1]!.toLowerCase() === 'yes' ? 1 : 0) : null;
}

/**
 * How likely the model is to choose each of `n` numbered actions: from the first token's log-probabilities over the
 * numbers when given (normalised), else all on the number it wrote; uniform when it wrote none.
 */
export function readIntuitions(
  text: string,
  top: readonly { token: string; logprob: number }[] | null,
  n: number,
): number[] {
  const p = new Array<number>(n).fill(0);
  if (top) {
    for (const t of top) {
      const k = /^\s*(\d+)\s*$/.exec(t.token);
      if (k && Number(k[1]) < n) p[Number(k[1])]! += Math.exp(t.logprob);
    }
    const sum = p.reduce((a, b) => a + b, 0);
    if (sum > 0) return p.map((x) => x / sum);
  }
  const k = /\d+/.exec(text);
  if (k && Number(k[0]) < n) {
    p[Number(k[0])] = 1;
    return p;
  }
  return p.fill(1 / n);
}

// The questions the search asks the model (GameBench's RAP prompts, in the arena's words): server/agents/rap.ts asks them,
// the simulated model (lib/sim/sim-rap.ts) answers them.
export const RAP_SYSTEM =
  'You are planning your move by looking ahead (Reasoning via Planning): each message asks one question about the game — ' +
  'your available actions, what the others will do, what you will then see, or how good an action or a position is. ' +
  'Answer exactly in the format the question asks for, briefly.';

export const RAP_PROMPTS = {
  actions:
    'To the best of your ability, predict your available actions in this position, one per line, between <actions> and </actions>.',
  others:
    'To the best of your ability, predict what actions the other players might take next, between <others> and </others>.',
  next: (action: string, others: string) =>
    `Your action: ${action}\nThe other players' actions: ${others}\nTo the best of your ability, predict your new observation of the game after these actions, between <state> and </state>.`,
  intuitions: (actions: readonly string[]) =>
    `Your available actions:\n${actions.map((a, i) => `${i}. ${a}`).join('\n')}\nChoose an action by writing only its number.`,
  selfEval: (action: string) =>
    `Your action: ${action}\nIs this a good action? Answer yes or no, then your confidence from 0 to 10 that it is good (e.g. "yes 7").`,
  win: 'Will you eventually win from this position? Answer yes or no, then your confidence from 0 to 10 that you will (e.g. "no 3").',
} as const;
