// The Hive board as a standalone SVG document: well formed, self-contained, deterministic, and showing the position.
import { describe, expect, it } from 'vitest';
import { hiveLayout, hiveSvg } from './svg';
import { apply, setup, view } from './rules';
import { move, position } from './test-helpers';

const s = position({ '0,0': 'bQ', '1,0': 'gQ gB', '-1,0': 'bA' });
const moved = apply(s, 0, move([-1, 0], [0, -1]));

describe('hiveSvg', () => {
  it('is a complete standalone SVG document with explicit size, viewBox and fonts, inline attributes only', () => {
    const svg = hiveSvg(view(moved));
    const open =
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)" font-family="[^"]*sans-serif[^"]*"/.exec(
        svg,
      );
    expect(open).not.toBeNull();
    expect(open![1]).toBe(open![3]);
    expect(open![2]).toBe(open![4]);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/class=|style=|<script|href=/);
    // Balanced elements: every opened tag is closed or self-closing.
    const opened = (svg.match(/<(svg|text)\b/g) ?? []).length;
    const closed = (svg.match(/<\/(svg|text)>/g) ?? []).length;
    expect(opened).toBe(closed);
    for (const tag of svg.match(/<(polygon|rect|circle)\b[^>]*>/g) ?? []) expect(tag.endsWith('/>')).toBe(true);
  });

  it('is deterministic: the same view gives the same string', () => {
    expect(hiveSvg(view(moved))).toBe(hiveSvg(structuredClone(view(moved))));
    expect(hiveSvg(view(moved))).not.toBe(hiveSvg(view(s)));
  });

  it('shows each piece with its letter, name and coordinates, stacks, empty neighbours, the status and the hands', () => {
    const svg = hiveSvg(view(moved));
    expect(svg).toContain('>Queen</text>');
    expect(svg).toContain('>Beetle</text>');
    expect(svg).toContain('>(0,-1)</text>');
    expect(svg).toContain('>on GQ</text>'); // the Green Queen under the Green Beetle
    expect(svg).toContain('>(-1,0)</text>'); // the hex the Ant left, now empty
    expect(svg).toContain('Green to move · turn 7 of 250');
    expect(svg).toContain('Blue in hand: Beetle ×2, Spider ×2, Grasshopper ×3, Ant ×2');
    expect(hiveSvg(view(setup(null, { maxTurns: 250, beetles: 2 })))).toContain('>(0,0)</text>');
  });

  it('lays out every occupied hex and its empty neighbours inside the document', () => {
    const layout = hiveLayout(view(moved));
    expect(layout.cells.filter((c) => c.pieces.length).length).toBe(3);
    for (const c of layout.cells) {
      expect(c.x).toBeGreaterThan(0);
      expect(c.x).toBeLessThan(layout.width);
      expect(c.y).toBeGreaterThan(layout.top);
      expect(c.y).toBeLessThan(layout.height);
    }
  });
});
