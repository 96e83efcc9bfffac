// The Hive board as a standalone SVG document, from a pure function of the view: the picture a vision model is sent
// and the one board.tsx shows people (the board overlays its buttons on the same geometry). Pointy-topped hexes in
// axial coordinates (q,r), r downwards; every piece shows its bug's letter and name and its coordinates, and every
// empty hex next to the hive its coordinates, as GameBench's images did.
import { seatName } from '../../lib/engine/types';
import { BUGS, BUG_NAMES, DIRECTIONS, SEAT_NAMES, type Hex, type HiveView, type Piece, type Stack } from './rules';

/** Hex radius (centre to corner) in SVG units. */
export const HEX_SIZE = 34;
const SQRT3 = Math.sqrt(3);
const PAD = 12;
const HEADER = 30;
const FOOTER = 44;
const MIN_WIDTH = 360;

/** Fill and outline per seat: Blue (light blue) and Green (light green), GameBench's colours. */
export const SEAT_FILL = ['#bae6fd', '#bbf7d0'] as const;
export const SEAT_STROKE = ['#0369a1', '#15803d'] as const;
const FONT = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The centre of a hex relative to (0,0)'s. */
export function hexCenter(h: Hex, size = HEX_SIZE): { x: number; y: number } {
  return { x: size * SQRT3 * (h.q + h.r / 2), y: size * 1.5 * h.r };
}

/** The six corners of a pointy-topped hex, as an SVG `points` list. */
export function hexPoints(cx: number, cy: number, size = HEX_SIZE): string {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return `${round(cx + size * Math.cos(a))},${round(cy + size * Math.sin(a))}`;
  }).join(' ');
}

const round = (x: number) => Math.round(x * 100) / 100;

export interface LayoutCell {
  q: number;
  r: number;
  /** Centre in the document's coordinates. */
  x: number;
  y: number;
  /** The stack on it, bottom first; empty for an empty hex next to the hive. */
  pieces: Piece[];
}

export interface HiveLayout {
  width: number;
  height: number;
  /** Where the board area starts (below the status line). */
  top: number;
  cells: LayoutCell[];
}

/**
 * Where everything goes: the occupied hexes and the empty hexes next to them (or (0,0) on an empty board), with
 * `extra` hexes (a board's targets) included, centred in a document at least MIN_WIDTH wide.
 */
export function hiveLayout(v: Pick<HiveView, 'stacks'>, extra: Hex[] = []): HiveLayout {
  const cells = new Map<string, { q: number; r: number; pieces: Piece[] }>();
  for (const st of v.stacks) cells.set(`${st.q},${st.r}`, { q: st.q, r: st.r, pieces: st.pieces });
  for (const st of v.stacks) {
    for (const { dq, dr } of DIRECTIONS) {
      const k = `${st.q + dq},${st.r + dr}`;
      if (!cells.has(k)) cells.set(k, { q: st.q + dq, r: st.r + dr, pieces: [] });
    }
  }
  for (const h of [...extra, ...(v.stacks.length ? [] : [{ q: 0, r: 0 }])]) {
    const k = `${h.q},${h.r}`;
    if (!cells.has(k)) cells.set(k, { q: h.q, r: h.r, pieces: [] });
  }
  const list = [...cells.values()].sort((a, b) => a.r - b.r || a.q - b.q);
  const centres = list.map((c) => hexCenter(c));
  const halfW = (SQRT3 / 2) * HEX_SIZE;
  const minX = Math.min(...centres.map((c) => c.x)) - halfW;
  const maxX = Math.max(...centres.map((c) => c.x)) + halfW;
  const minY = Math.min(...centres.map((c) => c.y)) - HEX_SIZE;
  const maxY = Math.max(...centres.map((c) => c.y)) + HEX_SIZE;
  const width = Math.max(MIN_WIDTH, Math.ceil(maxX - minX + 2 * PAD));
  const height = Math.ceil(HEADER + maxY - minY + 2 * PAD + FOOTER);
  const dx = (width - (maxX - minX)) / 2 - minX;
  const dy = HEADER + PAD - minY;
  return {
    width,
    height,
    top: HEADER,
    cells: list.map((c, i) => ({ ...c, x: round(centres[i]!.x + dx), y: round(centres[i]!.y + dy) })),
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The status line: whose turn it is, or the result. */
export function statusText(v: HiveView): string {
  if (v.result) return v.result;
  if (v.toMove === null) return '';
  return `${seatName(SEAT_NAMES, v.toMove)} to move · turn ${(v.turns[v.toMove] ?? 0) + 1} of ${v.maxTurns}`;
}

export interface SvgOptions {
  /** Hexes to outline as targets (a person choosing where to go). */
  targets?: Hex[];
  /** A hex to outline as selected. */
  selected?: Hex | null;
  /** Leave out the status line and the hands (the board shows them as text of its own). */
  bare?: boolean;
}

/**
 * The board as a complete standalone SVG document (explicit width, height and viewBox, inline attributes only): the
 * hexes with their pieces (letter, name, coordinates; a stack shows its height and the pieces under its top one), the
 * empty hexes next to the hive with their coordinates, the last move, the status line and both hands. Pure and
 * deterministic: the same view gives the same string.
 */
export function hiveSvg(view: HiveView, opts: SvgOptions = {}): string {
  const targets = opts.targets ?? [];
  const layout = hiveLayout(view, targets);
  const { width, height } = layout;
  const isAt = (h: Hex | null | undefined, c: Hex) => !!h && h.q === c.q && h.r === c.r;
  const last = view.last?.action;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${esc(FONT)}" role="img" aria-label="Hive board">`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#fafaf9"/>`,
  ];
  if (!opts.bare)
    out.push(
      `<text x="${width / 2}" y="20" text-anchor="middle" font-size="14" font-weight="600" fill="#262626">${esc(statusText(view))}</text>`,
    );
  for (const c of layout.cells) {
    const top = c.pieces.at(-1);
    const target = targets.some((t) => isAt(t, c));
    const selected = isAt(opts.selected, c);
    const lastTo = last && last.type !== 'pass' && isAt(last.to, c);
    const lastFrom = last?.type === 'move' && isAt(last.from, c);
    const coord = `(${c.q},${c.r})`;
    if (!top) {
      out.push(
        `<polygon points="${hexPoints(c.x, c.y, HEX_SIZE - 1)}" fill="${target ? '#fef3c7' : '#ffffff'}" stroke="${target ? '#d97706' : lastFrom ? '#f59e0b' : '#d4d4d4'}" stroke-width="${target ? 2.5 : lastFrom ? 2 : 1}"${lastFrom ? ' stroke-dasharray="5 3"' : ''}/>`,
        `<text x="${c.x}" y="${c.y + 4}" text-anchor="middle" font-size="10" fill="${target ? '#92400e' : '#b91c1c'}">${coord}</text>`,
      );
      continue;
    }
    const seat = top.seat === 1 ? 1 : 0;
    // Pieces under the top one peek out below it, one offset hex per level.
    c.pieces.slice(0, -1).forEach((p, i) => {
      const off = (c.pieces.length - 1 - i) * 4;
      out.push(
        `<polygon points="${hexPoints(c.x + off, c.y + off, HEX_SIZE - 3)}" fill="${SEAT_FILL[p.seat === 1 ? 1 : 0]}" stroke="${SEAT_STROKE[p.seat === 1 ? 1 : 0]}" stroke-width="1.5"/>`,
      );
    });
    const stroke = selected ? '#d97706' : lastTo ? '#f59e0b' : SEAT_STROKE[seat];
    out.push(
      `<polygon points="${hexPoints(c.x, c.y, HEX_SIZE - 3)}" fill="${SEAT_FILL[seat]}" stroke="${stroke}" stroke-width="${selected || lastTo ? 4 : 2}"/>`,
      `<text x="${c.x}" y="${c.y - 6}" text-anchor="middle" font-size="17" font-weight="700" fill="${SEAT_STROKE[seat]}">${top.bug}</text>`,
      `<text x="${c.x}" y="${c.y + 7}" text-anchor="middle" font-size="8.5" fill="#171717">${esc(BUG_NAMES[top.bug])}</text>`,
      `<text x="${c.x}" y="${c.y + 18}" text-anchor="middle" font-size="9" fill="#404040">${coord}</text>`,
    );
    if (c.pieces.length > 1) {
      const under = c.pieces
        .slice(0, -1)
        .map((p) => `${seatName(SEAT_NAMES, p.seat)[0]}${p.bug}`)
        .join(' ');
      out.push(
        `<circle cx="${round(c.x + HEX_SIZE * 0.62)}" cy="${round(c.y - HEX_SIZE * 0.55)}" r="9" fill="#262626"/>`,
        `<text x="${round(c.x + HEX_SIZE * 0.62)}" y="${round(c.y - HEX_SIZE * 0.55 + 3.5)}" text-anchor="middle" font-size="10" font-weight="700" fill="#ffffff">${c.pieces.length}</text>`,
        `<text x="${c.x}" y="${round(c.y - HEX_SIZE * 0.62)}" text-anchor="middle" font-size="7.5" fill="#404040">on ${esc(under)}</text>`,
      );
    }
  }
  if (!opts.bare) {
    [0, 1].forEach((seat) => {
      const hand = view.hands[seat]!;
      const items = BUGS.filter((b) => hand[b] > 0).map((b) => `${BUG_NAMES[b]} ×${hand[b]}`);
      const y = height - FOOTER + 16 + seat * 16;
      out.push(
        `<rect x="${PAD}" y="${y - 10}" width="12" height="12" rx="2" fill="${SEAT_FILL[seat]}" stroke="${SEAT_STROKE[seat]}"/>`,
        `<text x="${PAD + 18}" y="${y}" font-size="11" fill="#262626">${esc(`${seatName(SEAT_NAMES, seat)} in hand: ${items.length ? items.join(', ') : 'none'}`)}</text>`,
      );
    });
  }
  out.push('</svg>');
  return out.join('\n');
}

/** The stack on a hex of the view, or null. */
export function stackAt(v: Pick<HiveView, 'stacks'>, h: Hex): Stack | null {
  return v.stacks.find((st) => st.q === h.q && st.r === h.r) ?? null;
}
