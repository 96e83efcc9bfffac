// The Hanabi board for a person's turn (server-side markup): moves the rules do not allow now are disabled for real and
// say why (a discard with every information token in hand, a reveal of a colour the partner does not hold), and a
// refused move shows by the buttons that sent it — under the hand, not at the top of the page.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { currentDeal, initialState } from '../../lib/engine/replay';
import { hanabi } from '.';
import HanabiBoard from './board';
import type { HanabiState } from './rules';

const players = ['Player 1 · Hana', 'Player 2 · Model'];
const s = initialState(hanabi, hanabi.defaultConfig, currentDeal('board-test'), 2) as HanabiState;
const v = hanabi.view(s, { seat: 0 });
const render = (extra: object = {}) =>
  renderToStaticMarkup(
    <HanabiBoard view={v} players={players} legal={hanabi.legalActions(s, 0)} onAction={() => {}} {...extra} />,
  );
const section = (html: string, label: string) => {
  const at = html.indexOf(`aria-label="${label}"`);
  return html.slice(at, html.indexOf('</section>', at));
};
const reasonOf = (html: string, aria: string) => {
  const m = new RegExp(
    `<button[^>]*aria-label="${aria}"[^>]*aria-disabled="true"[^>]*aria-describedby="([^"]+)"[^>]*>.*?<span id="\\1"[^>]*>([^<]*)</span></button>`,
  ).exec(html);
  return m?.[2] ?? null;
};

describe('hanabi board', () => {
  it('disables a discard while every information token is in hand, saying so; plays stay open', () => {
    expect(v.infoTokens).toBe(v.maxInfoTokens);
    const html = render();
    expect(reasonOf(html, 'Discard card 1')).toBe(
      `You cannot discard: the team holds all ${v.maxInfoTokens} information tokens (a discard regains one)`,
    );
    expect(reasonOf(html, 'Play card 1')).toBeNull();
    expect(html).toMatch(/aria-label="Play card 1" class=/);
  });

  it('disables a reveal that points to no card, naming what the partner holds not', () => {
    const partner = v.hands[1]!.map((h) => h.card!);
    const missing = v.colors.find((c) => !partner.some((card) => card.color === c));
    const html = render();
    if (missing) expect(reasonOf(html, `Reveal ${missing}`)).toBe(`Player 2 · Model holds no ${missing} card`);
    const rank = [1, 2, 3, 4, 5].find((r) => !partner.some((card) => card.rank === r))!;
    expect(reasonOf(html, `Reveal ${rank}`)).toBe(`Player 2 · Model holds no ${rank}`);
    for (const card of partner) expect(reasonOf(html, `Reveal ${card.color}`)).toBeNull();
  });

  it('shows a refused move under the hand whose buttons sent it, in an alert, not by the reveals', () => {
    const html = render({ error: 'you cannot discard: the team already holds all 3 information tokens' });
    expect(section(html, 'Your hand')).toContain('data-testid="move-error"');
    expect(section(html, 'Reveal to Player 2 · Model')).not.toContain('data-testid="move-error"');
    expect(html.match(/data-testid="move-error"/g)).toHaveLength(1);
  });
});
