// Connected components of the comparison graph (agents that played each other, directly or through others), by union-find.
import type { WinMatrix } from './bradley-terry';

/**
 * The connected components of a comparison graph over agents 0 .. n − 1 (an edge for every pair that has at least
 * one comparison, in either direction). Component 0 is the largest; components of equal size are ordered by their
 * smallest agent index. Plain typed arrays, so it is structured-clonable (a worker can receive it).
 */
export interface Components {
  /** Number of agents. */
  n: number;
  /** Number of components (0 without agents; n when no one played anyone). */
  count: number;
  /** Component of each agent. */
  of: Int32Array;
  /** Position of each agent among the members of its component (its index in a fit of that component alone). */
  local: Int32Array;
  /** The agents of component c are members[memberStart[c]] .. members[memberStart[c + 1] − 1], ascending. */
  memberStart: Int32Array;
  /** Agents grouped by component, ascending within each. */
  members: Int32Array;
  /**
   * The pairs of component c (indices into the pair lists, ascending) are pairs[pairStart[c]] .. pairs[pairStart[c + 1] − 1]:
   * every given pair whose two agents are in c. A pair that is no edge (`isEdge` false) and joins two components is in none.
   */
  pairStart: Int32Array;
  /** Pair indices grouped by component. */
  pairs: Int32Array;
}

/**
 * Connected components by union-find over the pairs (union by size, path halving): O(n + pairs · α(n)), never
 * O(n²). `isEdge(p)` says whether pair p counts as a comparison (default: every pair does).
 */
export function connectedComponents(
  n: number,
  pairI: ArrayLike<number>,
  pairJ: ArrayLike<number>,
  isEdge?: (p: number) => boolean,
): Components {
  const parent = new Int32Array(n);
  const size = new Int32Array(n).fill(1);
  for (let k = 0; k < n; k++) parent[k] = k;
  const find = (k: number): number => {
    while (parent[k] !== k) {
      parent[k] = parent[parent[k]!]!;
      k = parent[k]!;
    }
    return k;
  };
  const pairCount = pairI.length;
  for (let p = 0; p < pairCount; p++) {
    const i = pairI[p]!;
    const j = pairJ[p]!;
    if (!(i >= 0 && i < n && j >= 0 && j < n)) throw new Error(`bad pair ${p} between agents ${i} and ${j} (of ${n})`);
    if (isEdge && !isEdge(p)) continue;
    let a = find(i);
    let b = find(j);
    if (a === b) continue;
    if (size[a]! < size[b]!) [a, b] = [b, a];
    parent[b] = a;
    size[a]! += size[b]!;
  }
  // Roots in order of their smallest agent (the first agent met going up), then sorted: largest first, ties by that agent.
  const roots: number[] = [];
  const seen = new Uint8Array(n);
  const rootOf = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const r = find(k);
    rootOf[k] = r;
    if (!seen[r]) {
      seen[r] = 1;
      roots.push(r);
    }
  }
  const firstOf = new Map(roots.map((r, order) => [r, order]));
  roots.sort((a, b) => size[b]! - size[a]! || firstOf.get(a)! - firstOf.get(b)!);
  const label = new Int32Array(n);
  roots.forEach((r, c) => (label[r] = c));
  const count = roots.length;
  const of = new Int32Array(n);
  const memberStart = new Int32Array(count + 1);
  for (let k = 0; k < n; k++) {
    of[k] = label[rootOf[k]!]!;
    memberStart[of[k]! + 1]!++;
  }
  for (let c = 0; c < count; c++) memberStart[c + 1]! += memberStart[c]!;
  const members = new Int32Array(n);
  const local = new Int32Array(n);
  const fill = memberStart.slice(0, count);
  for (let k = 0; k < n; k++) {
    const c = of[k]!;
    local[k] = fill[c]! - memberStart[c]!;
    members[fill[c]!++] = k;
  }
  // Pairs per component (a non-edge pair across two components belongs to neither).
  const pairStart = new Int32Array(count + 1);
  const pairComponent = new Int32Array(pairCount).fill(-1);
  for (let p = 0; p < pairCount; p++) {
    const c = of[pairI[p]!]!;
    if (c !== of[pairJ[p]!]) continue;
    pairComponent[p] = c;
    pairStart[c + 1]!++;
  }
  for (let c = 0; c < count; c++) pairStart[c + 1]! += pairStart[c]!;
  const pairs = new Int32Array(pairStart[count]!);
  const next = pairStart.slice(0, count);
  for (let p = 0; p < pairCount; p++) if (pairComponent[p]! >= 0) pairs[next[pairComponent[p]!]!++] = p;
  return { n, count, of, local, memberStart, members, pairStart, pairs };
}

/** The components of a win matrix's comparison graph: a pair is an edge when it holds any comparison (winsI + winsJ > 0). */
export function winMatrixComponents(m: WinMatrix): Components {
  return connectedComponents(m.n, m.pairI, m.pairJ, (p) => m.winsI[p]! + m.winsJ[p]! > 0);
}

/** The agents of component c, ascending. */
export function componentMembers(comps: Components, c: number): Int32Array {
  return comps.members.subarray(comps.memberStart[c], comps.memberStart[c + 1]);
}

/**
 * Component c's part of a win matrix, with its agents renumbered 0 .. size − 1 (by `local`): the matrix a fit of
 * that component alone runs on. Copies the wins, so a caller may refill `m` afterwards.
 */
export function componentWinMatrix(m: WinMatrix, comps: Components, c: number): WinMatrix {
  const from = comps.pairStart[c]!;
  const to = comps.pairStart[c + 1]!;
  const sub: WinMatrix = {
    n: comps.memberStart[c + 1]! - comps.memberStart[c]!,
    pairI: new Int32Array(to - from),
    pairJ: new Int32Array(to - from),
    winsI: new Float64Array(to - from),
    winsJ: new Float64Array(to - from),
  };
  for (let q = from; q < to; q++) {
    const p = comps.pairs[q]!;
    sub.pairI[q - from] = comps.local[m.pairI[p]!]!;
    sub.pairJ[q - from] = comps.local[m.pairJ[p]!]!;
    sub.winsI[q - from] = m.winsI[p]!;
    sub.winsJ[q - from] = m.winsJ[p]!;
  }
  return sub;
}
