// The /metrics/spy page (server-side markup): every table says in one line whose definition it computes, Table 7 is
// split by role and preset with the spies first, and a preset played with the other way of voting is labelled so.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { applyMove, currentDeal, initialState, type MoveRecord } from '../../lib/engine/replay';
import { spy } from '.';
import { analyseSpy, type SpyMatchRecord } from './analysis';
import { spyMetrics } from './metrics';
import { activeSeats } from './rules';
import type { SpyAction, SpyState } from './types';
import { CURRENT_GENERATOR } from '../../lib/engine/rng';

function play(config: object, seed: string, agents: string[]): SpyMatchRecord {
  let s = initialState(spy, config, currentDeal(seed), agents.length) as SpyState;
  const moves: MoveRecord[] = [];
  while (s.phase !== 'over') {
    for (const seat of activeSeats(s)) {
      const action: SpyAction =
        s.phase === 'speak'
          ? { type: 'describe', text: `clue ${s.round} ${seat}` }
          : s.phase === 'probe'
            ? { type: 'probe', self: 'villager', others: [], theirGuess: {} }
            : { type: 'vote', target: seat === 2 ? 0 : 2 };
      const m = { ply: moves.length, seat, action };
      s = applyMove(spy, s, currentDeal(seed), m) as SpyState;
      moves.push(m);
    }
  }
  return {
    id: seed,
    config,
    seed,
    generator: CURRENT_GENERATOR,
    numPlayers: agents.length,
    seats: agents.map((agentId, seat) => ({ seat, agentId, agentName: agentId.toUpperCase() })),
    moves,
  };
}

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the Who-is-the-spy metrics page', () => {
  const matches = [
    play({ pairId: 'moon-sun', spySeats: [2] }, 'm1', ['host', 'host', 'guest', 'host']),
    play({ pairId: 'moon-sun', spySeats: [2], voting: 'sealed' }, 'm2', ['host', 'host', 'guest', 'host']),
  ];
  const html = renderToStaticMarkup(<spyMetrics.Page analysis={analyseSpy(matches)} />);

  it('says in one line per table whose definition it uses', () => {
    const lines = [...html.matchAll(/data-testid="spy-definition"[^>]*>([^<]*)</g)].map((m) =>
      m[1]!.replace(/&#x27;/g, "'"),
    );
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^SpyGame Table 4 \(§3\.4\): Win = .*Round = rounds played, counting the round the player is voted out in; Voted = /,
    );
    expect(lines[1]).toMatch(
      /^SpyGame Table 7 \(§4\.3\): .*2-word and 2-identity against the other players' own first-order answers/,
    );
    expect(lines[2]).toMatch(/^The arena's own measure, not in the SpyGame paper/);
    expect(lines[3]).toMatch(/^SpyGame §3\.3 \(Table 3, Figure 3\)/);
  });

  it('shows Table 7 per role and preset, the spy first, and labels a spygame run with sealed votes', () => {
    const probes = html.slice(html.indexOf('data-testid="spy-probes"'));
    const rows = [...probes.matchAll(/data-testid="spy-probe-row">(.*?)<\/tr>/g)].map((m) => text(m[1]!));
    expect(rows[0]).toMatch(/^GUESTspySpyGame1/);
    expect(rows[1]).toMatch(/^GUESTspySpyGame \(sealed votes\)1/);
    expect(rows.slice(2).every((r) => r.includes('villager'))).toBe(true);
    expect(text(html)).toContain('Rounds played ↑');
  });
});
