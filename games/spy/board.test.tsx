// The Who-is-the-spy board renders hand-built views (server-side markup): words and roles only where known, the chat
// in speaking order with the private reasoning folded in, the ballots, the result, and a person's controls by name.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import SpyBoard, { probeAction } from './board';
import type { SpyView } from './types';

const players = ['Player 1 · sim-a', 'Player 2 · sim-b', 'Player 3 · sim-c', 'Player 4 · sim-d'];
const names = ['Player 1', 'Player 2', 'Player 3', 'Player 4'];

/** Round 1 spoken (in the order 3, 1, 4, 2 — the array is deliberately not in speaking order), now voting. */
function midGame(over: Partial<SpyView> = {}): SpyView {
  return {
    you: null,
    preset: 'spygame',
    names,
    alive: [true, true, true, true],
    round: 1,
    maxRounds: null,
    phase: 'vote',
    order: [2, 0, 3, 1],
    speaker: null,
    waiting: [1, 3],
    yourWord: null,
    words: ['moon', 'moon', 'sun', 'moon'],
    spies: [2],
    descriptions: [
      { round: 1, seat: 0, position: 1, text: 'It lights up the night' },
      { round: 1, seat: 2, position: 0, text: 'Hot and bright' },
      { round: 1, seat: 1, position: 3, text: '', forfeited: true },
      { round: 1, seat: 3, position: 2, text: 'Has phases' },
    ],
    thoughts: [
      { round: 1, seat: 2, phase: 'speak', guess: 'moon', reasoning: 'I may be the odd one out.' },
      { round: 1, seat: 0, phase: 'vote', reasoning: 'Player 3 sounded off.' },
    ],
    ballot: {
      round: 1,
      kind: 'vote',
      candidates: [0, 1, 2, 3],
      options: null,
      votes: [{ voter: 0, target: 2, option: 1 }],
    },
    probes: [],
    rounds: [],
    result: null,
    contentFree: false,
    ...over,
  };
}

/** The same position as seat `seat` sees it: its own word and thoughts only, its own vote only. */
function seatView(seat: number, over: Partial<SpyView> = {}): SpyView {
  const full = midGame();
  return midGame({
    you: seat,
    yourWord: full.words![seat]!,
    words: null,
    spies: null,
    thoughts: full.thoughts.filter((t) => t.seat === seat),
    ballot: {
      ...full.ballot!,
      options: [3, 2, 0, 1].filter((x) => x !== seat),
      votes: full.ballot!.votes.filter((x) => x.voter === seat),
    },
    ...over,
  });
}

const render = (view: SpyView, extra: object = {}) =>
  renderToStaticMarkup(<SpyBoard view={view} players={players} {...extra} />);
const text = (html: string) => html.replace(/<[^>]+>/g, '');
const voteButtons = (html: string) => [...html.matchAll(/aria-label="Vote for ([^"]+)"/g)].map((m) => m[1]);
const noop = () => {};

describe('spy board', () => {
  it('shows an omniscient spectator every word and role, the bubbles in speaking order and the folded reasoning', () => {
    const html = render(midGame());
    expect(html.match(/data-testid="spy-player"/g)).toHaveLength(4);
    expect(html.match(/<span class="font-mono">moon<\/span>/g)).toHaveLength(3);
    expect(html).toContain('<span class="font-mono">sun</span>');
    expect(html.match(/data-testid="role-chip"[^>]*>villager</g)).toHaveLength(3);
    expect(html).toMatch(/data-testid="role-chip"[^>]*>spy</);
    const said = text(html);
    const at = ['Hot and bright', 'It lights up the night', 'Has phases', '(said nothing)'].map((s) => said.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(html).toContain('<em class="text-neutral-500 dark:text-neutral-400">(said nothing)</em>');
    expect(said).toContain('Player 3#1');
    expect(html).toMatch(/<summary[^>]*>.*<span>reasoning<\/span>/);
    expect(said).toContain('guesses the other word: “moon”');
    expect(said).toContain('I may be the odd one out.');
    // The open ballot: the votes so far with the voter's reasoning, and who still has to vote.
    expect(said).toContain('Votes · so far');
    expect(said).toContain('Player 1 → Player 3');
    expect(said).toContain('Player 3 sounded off.');
    expect(said).toContain('Still to vote: Player 2 and Player 4');
    expect(said).toContain('Round 1 · Voting');
    expect(said).toContain('sim-c');
    // Spectators get no controls and no "your word".
    expect(html).not.toContain('data-testid="your-word"');
    expect(html).not.toContain('Vote for');
    expect(html).not.toContain('<textarea');
  });

  it('shows a seat only its own word, no role chips and no one else’s reasoning', () => {
    const html = render(seatView(1));
    expect(text(html)).toContain('You · your word: moon');
    expect(html).toContain('data-testid="your-word" class="font-mono">moon</strong>');
    expect(html).not.toContain('>sun<');
    expect(html).not.toContain('data-testid="role-chip"');
    expect(html).not.toContain('I may be the odd one out.');
    expect(html).not.toContain('Player 3 sounded off.');
    expect(text(html)).toContain('Votes · sealed until everyone has voted');
  });

  it('sequential voting: a seat sees the votes cast so far and who votes now; the vote buttons say the vote is public', () => {
    const full = midGame();
    const view = seatView(1, {
      voting: 'sequential',
      waiting: [1],
      ballot: { ...full.ballot!, options: [3, 2, 0], votes: full.ballot!.votes },
    });
    const said = text(render(view));
    expect(said).toContain('Votes · so far');
    expect(said).toContain('Player 1 → Player 3');
    expect(said).not.toContain('Player 3 sounded off.'); // the voter's reasoning stays private
    expect(said).toContain('Voting now: Player 2');
    expect(said).not.toContain('sealed');
    const mine = text(render(view, { onAction: noop }));
    expect(mine).toContain('Players vote one at a time; your vote is shown to everyone at once.');
  });

  it('shows a refused description under the description box, in an alert', () => {
    const view = seatView(3, {
      phase: 'speak',
      speaker: 3,
      waiting: [],
      ballot: null,
      descriptions: midGame().descriptions.filter((d) => d.position < 2),
    });
    const html = render(view, { onAction: noop, error: 'your description gives your word away' });
    const box = html.indexOf('aria-label="Describe your word"');
    const alert = html.indexOf('data-testid="move-error"');
    expect(box).toBeGreaterThan(0);
    expect(alert).toBeGreaterThan(html.indexOf('</form>', box));
    expect(html.slice(html.indexOf('</form>', box))).toMatch(
      /^<\/form><div role="alert"[^>]*><p data-testid="move-error"[^>]*>.*gives your word away<\/p><\/div>/,
    );
    expect(render(view)).not.toContain('role="alert"');
  });

  it('gives the speaker the description box', () => {
    const view = seatView(3, {
      phase: 'speak',
      speaker: 3,
      waiting: [],
      ballot: null,
      descriptions: midGame().descriptions.filter((d) => d.position < 2),
    });
    const html = render(view, { onAction: noop, legal: null });
    expect(html).toContain('aria-label="Your description"');
    expect(html).toContain('placeholder="Describe your word without saying it"');
    expect(html).toContain('maxLength="600"');
    expect(text(html)).toContain('0/600');
    expect(html).toMatch(/<button type="submit"[^>]*>Send description<\/button>/);
    expect(text(html)).toContain('Round 1 · Speaking');
    // Without onAction (the move is on its way, or a replay) there is no box; others wait for the speaker.
    expect(render(view)).not.toContain('<textarea');
    const other = render({ ...view, you: 0, yourWord: 'moon' }, { onAction: noop });
    expect(other).not.toContain('<textarea');
    expect(text(other)).toContain('Waiting for Player 4 to speak');
    expect(text(other)).toContain('is writing a description');
  });

  it('gives a voter one button per candidate in its own option order, none for itself', () => {
    const html = render(seatView(1), { onAction: noop, legal: [] });
    expect(voteButtons(html)).toEqual(['Player 4', 'Player 3', 'Player 1']);
    expect(html).not.toContain('aria-label="Vote for Player 2"');
    // Without an option order, the candidates in seat order, still without oneself; a re-vote offers only the tied.
    const fallback = render(
      seatView(1, { ballot: { round: 1, kind: 'vote', candidates: [0, 1, 2, 3], options: null, votes: [] } }),
      { onAction: noop },
    );
    expect(voteButtons(fallback)).toEqual(['Player 1', 'Player 3', 'Player 4']);
    const revote = render(
      seatView(1, { ballot: { round: 1, kind: 'revote', candidates: [2, 3], options: [3, 2], votes: [] } }),
      { onAction: noop },
    );
    expect(voteButtons(revote)).toEqual(['Player 4', 'Player 3']);
    expect(text(revote)).toContain('Round 1 · Re-vote among Player 3 and Player 4');
  });

  it('gives a seat that is not waiting no controls, only whom it waits for', () => {
    const html = render(seatView(0), { onAction: noop });
    expect(html).not.toContain('Vote for');
    expect(html).not.toContain('<textarea');
    expect(html).not.toContain('Send answers');
    expect(text(html)).toContain('Waiting for votes from Player 2 and Player 4');
    const out = render(seatView(1, { alive: [true, false, true, true] }), { onAction: noop });
    expect(out).not.toContain('Vote for');
    expect(text(out)).toContain('You are out: watch the rest.');
  });

  it('shows the ballots, the tally, the re-vote and who was voted out', () => {
    const view = midGame({
      round: 2,
      phase: 'speak',
      speaker: 3,
      waiting: [],
      ballot: null,
      alive: [true, true, false, true],
      thoughts: [
        { round: 1, seat: 0, phase: 'vote', reasoning: 'first thoughts' },
        { round: 1, seat: 0, phase: 'vote', reasoning: 'second thoughts' },
      ],
      rounds: [
        {
          round: 1,
          order: [2, 0, 3, 1],
          settled: true,
          eliminated: 2,
          ballots: [
            {
              round: 1,
              kind: 'vote',
              candidates: [0, 1, 2, 3],
              options: {},
              votes: [
                { voter: 0, target: 2, option: 0 },
                { voter: 1, target: 2, option: 0 },
                { voter: 2, target: 0, option: 0 },
                { voter: 3, target: 0, option: 0 },
              ],
            },
            {
              round: 1,
              kind: 'revote',
              candidates: [0, 2],
              options: {},
              votes: [
                { voter: 0, target: 2, option: 0 },
                { voter: 1, target: 2, option: 0 },
                { voter: 2, target: 0, option: 0 },
                { voter: 3, target: 2, option: 0 },
              ],
            },
          ],
        },
      ],
    });
    const said = text(render(view));
    expect(said).toContain('Player 1 → Player 3');
    expect(said).toContain('Player 4 → Player 1');
    expect(said).toContain('Player 3: 2 votes');
    expect(said).toContain('Re-vote among Player 1 and Player 3');
    expect(said).toContain('Player 3: 3 votes');
    expect(said).toContain('Player 1: 1 vote');
    expect(said).toContain('Player 3 is voted out — was the spy');
    expect(said).toContain('out, round 1');
    // Each vote's reasoning goes with its own ballot: the first under the first vote, the second under the re-vote.
    expect(said.indexOf('first thoughts')).toBeLessThan(said.indexOf('Re-vote among'));
    expect(said.indexOf('second thoughts')).toBeGreaterThan(said.indexOf('Re-vote among'));
    expect(said).toContain('Round 2');
    const tie = { ...view.rounds[0]!, eliminated: null };
    expect(text(render({ ...view, alive: [true, true, true, true], rounds: [tie] }))).toContain(
      'Still tied: nobody leaves',
    );
    // Without the roles (a seat), who left but not what they were.
    expect(text(render({ ...view, you: 0, yourWord: 'moon', words: null, spies: null }))).toMatch(
      /Player 3 is voted out(?! —)/,
    );
  });

  it('once over: says who won with both words and no longer whose turn it is', () => {
    const html = render(midGame({ result: { winners: 'villager', reason: 'The spy was voted out in round 1' } }), {
      over: true,
    });
    expect(html).toContain('data-testid="spy-result"');
    const said = text(html);
    expect(said).toContain('Villagers win');
    expect(said).toContain('The spy was voted out in round 1');
    expect(said).toContain('Villagers’ word moon · spy’s word sun');
    expect(said).toContain('Round 1 · Game over');
    expect(said).not.toContain('to vote');
    expect(said).not.toContain('Still to vote');
    expect(said).not.toContain('Waiting for');
    const speaking = render(seatView(3, { phase: 'speak', speaker: 3, waiting: [], ballot: null }), {
      onAction: noop,
      over: true,
    });
    expect(speaking).not.toContain('<textarea');
    expect(text(speaking)).not.toContain('speaking');
    expect(text(speaking)).not.toContain('is writing');
    const spies = text(
      render(
        midGame({
          spies: [0, 2],
          phase: 'over',
          waiting: [],
          result: { winners: 'spy', reason: 'Two rounds survived' },
        }),
      ),
    );
    expect(spies).toContain('The spies win');
    expect(spies).toContain('spies’ word');
    expect(text(render(midGame({ phase: 'over', result: { winners: 'spy', reason: 'x' } })))).toContain('The spy wins');
  });

  it('shows the judge’s verdict under the description it is about, once over', () => {
    const judgments = [
      { item: 1, seat: 2, judge: 'sim-judge', score: 5, consistent: true, reason: 'The sun is hot and bright.' },
      { item: 3, seat: 3, judge: 'sim-judge', score: 2, consistent: false, reason: 'Nothing about the moon.' },
      {
        item: 0,
        seat: 0,
        judge: 'sim-judge',
        score: null,
        consistent: null,
        reason: 'no verdict: provider answered HTTP 500',
      },
    ];
    const html = render(midGame({ phase: 'over', result: { winners: 'villager', reason: 'x' } }), {
      over: true,
      judgments,
    });
    const bubbles = html.split('data-testid="spy-description"').slice(1).map(text);
    // Speaking order: seat 2 (item 1), seat 0 (item 0), seat 3 (item 3), seat 1 (item 2, silent, never judged).
    expect(bubbles[0]).toContain('✓ consistent with its word · 5/5 · judge sim-judge');
    expect(bubbles[0]).toContain('The sun is hot and bright.');
    expect(bubbles[1]).toContain('not judged');
    expect(bubbles[1]).toContain('provider answered HTTP 500');
    expect(bubbles[2]).toContain('✗ not consistent with its word · 2/5');
    expect(bubbles[3]).not.toContain('judge');
    expect(render(midGame(), {})).not.toContain('spy-judgment');
  });

  it('labels a content-free calibration run and the round limit', () => {
    const said = text(render(midGame({ contentFree: true, preset: 'undercover', maxRounds: 2 })));
    expect(said).toContain('Content-free calibration');
    expect(said).toContain('Round 1 of 2');
    expect(text(render(midGame()))).not.toContain('Content-free');
  });

  it('asks the probe questions with labelled fields for every other surviving player and, second order, about the other players', () => {
    const view = seatView(0, { phase: 'probe', waiting: [0, 3], ballot: null, alive: [true, true, true, true] });
    const html = render(view, { onAction: noop });
    expect(html).toContain('<legend class="text-xs text-neutral-600 dark:text-neutral-300">Are you the spy?</legend>');
    for (const seat of ['Player 2', 'Player 3', 'Player 4']) {
      expect(html).toContain(`aria-label="Word of ${seat}"`);
      expect(html).toContain(`>Role of ${seat}</legend>`);
    }
    expect(html).not.toContain('Word of Player 1');
    // The paper's second-order question (line 420): what the other players will guess one's word and role to be.
    expect(html).toContain('aria-label="What the other players think your word is"');
    expect(html).toContain('>What the other players think you are</legend>');
    expect(text(html)).toContain(
      'Based on your description, what will the other players guess your word and role to be?',
    );
    expect(html.match(/type="radio"/g)).toHaveLength(2 * 5);
    expect(html.match(/>Villager<\/label>/g)).toHaveLength(5);
    expect(html).toMatch(/<button type="submit"[^>]*>Send answers<\/button>/);
    expect(text(html)).toContain('Round 1 · Probe questions');
    // Someone out is not asked about; a seat that has answered just waits.
    expect(render({ ...view, alive: [true, false, true, true] }, { onAction: noop })).not.toContain('Word of Player 2');
    const done = render({ ...view, waiting: [3] }, { onAction: noop });
    expect(done).not.toContain('Send answers');
    expect(text(done)).toContain('Waiting for answers from Player 4');
  });

  it('makes a probe action of the answers, leaving blank ones out', () => {
    expect(
      probeAction(
        {
          self: 'villager',
          words: { 1: ' moon ', 2: '' },
          roles: { 2: 'spy' },
          theirWord: '  ',
          theirRole: 'villager',
        },
        [1, 2],
      ),
    ).toEqual({
      type: 'probe',
      self: 'villager',
      others: [
        { seat: 1, word: 'moon' },
        { seat: 2, role: 'spy' },
      ],
      theirGuess: { role: 'villager' },
    });
    expect(probeAction({ words: {}, roles: {}, theirWord: '' }, [3])).toEqual({
      type: 'probe',
      others: [{ seat: 3 }],
      theirGuess: {},
    });
  });

  it('folds the probe answers into round 1, marked against the truth for an omniscient viewer', () => {
    const view = midGame({
      probes: [
        {
          seat: 0,
          self: 'villager',
          others: [
            { seat: 2, word: 'Sun', role: 'spy' },
            { seat: 1, word: 'star', role: 'spy' },
          ],
          theirGuess: { word: 'moon', role: 'villager' },
        },
        { seat: 2, self: 'villager', others: [{ seat: 0, word: 'moon', role: 'spy' }], theirGuess: {} },
        { seat: 1, others: [], theirGuess: {}, forfeited: true },
      ],
    });
    const html = render(view);
    expect(html).toContain('data-testid="spy-probe-answers"');
    const said = text(html);
    expect(said).toContain('Theory-of-mind probes');
    expect(said).toContain('Player 1thinks it is: villager✓');
    expect(said).toContain('Player 3: word “Sun”✓, spy✓');
    expect(said).toContain('Player 2: word “star”✗, spy✗');
    // Second order, against what the other players really answered about Player 1: only Player 3 did, taking it for
    // "moon" (✓) and a spy (✗).
    expect(said).toContain('thinks the others take it for: word “moon”✓, villager✗');
    expect(said).toContain('Player 2 gave no answers');
    expect(said).toContain('Player 3thinks it is: villager✗');
    // The probes come after the descriptions and before the votes.
    expect(said.indexOf('Theory-of-mind probes')).toBeGreaterThan(said.indexOf('Has phases'));
    expect(said.indexOf('Theory-of-mind probes')).toBeLessThan(said.indexOf('Player 1 → Player 3'));
    // A seat sees its own answers without marks.
    const own = text(render(seatView(0, { probes: [view.probes[0]!] })));
    expect(own).toContain('Player 3: word “Sun”, spy');
    expect(own).not.toContain('✓');
  });
});
