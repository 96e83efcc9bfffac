import { describe, expect, it } from 'vitest';
import { explainAnswer, findTopic, MAX_EXPLAINS, parseExplain, rulesTopicsText } from './explain';

const topics = { Board: 'Three rows and three columns.', 'Answer Format': 'X: (row,col)' };

describe('Explain(topic)', () => {
  it.each([
    ['Explain(Board)', 'Board'],
    ['  explain( "Answer Format" )  ', 'Answer Format'],
    ['I should read the rules first.\n\n**Explain(Board)**', 'Board'],
    ['`Explain(board)`.', 'board'],
    ['Explain(‘Board’)', 'Board'],
  ])('reads %j as a request for %j', (text, topic) => {
    expect(parseExplain(text)).toBe(topic);
  });

  it.each([
    ['X: (1,1)'],
    ['Explain(Board) first, then X: (1,1)'],
    ['Explain(Board)\nX: (2,2)'],
    ['explain the board'],
    [''],
  ])('does not read %j as a request', (text) => {
    expect(parseExplain(text)).toBeNull();
  });

  it('matches a topic ignoring case, spaces and hyphens, and says which topics exist otherwise', () => {
    expect(findTopic(topics, 'answer-format')).toBe('Answer Format');
    expect(explainAnswer(topics, 'BOARD')).toEqual({ topic: 'Board', answer: 'Board: Three rows and three columns.' });
    expect(explainAnswer(topics, 'Scoring')).toEqual({
      topic: null,
      answer: 'There is no topic "Scoring". The topics are: Board, Answer Format.',
    });
  });

  it('lists the topics, gives them all up front, or adds nothing', () => {
    expect(rulesTopicsText(topics, 'explain')).toBe(
      'Rules topics you can ask about: Board, Answer Format.\n' +
        `To read one before you move, answer with only Explain(<topic>), e.g. Explain(Board); you will be given its text and asked for your move again (at most ${MAX_EXPLAINS} topics per turn).`,
    );
    expect(rulesTopicsText(topics, 'upfront')).toBe(
      'Rules in detail:\n- Board: Three rows and three columns.\n- Answer Format: X: (row,col)',
    );
    expect(rulesTopicsText(topics, 'none')).toBe('');
    expect(rulesTopicsText({}, 'explain')).toBe('');
  });
});
