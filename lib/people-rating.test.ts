// The people rule's verdicts and words (lib/people-rating.ts): a game given up before the fair share, practice games,
// and the games that count against one agent.
import { describe, expect, it } from 'vitest';
import { earlyEndReason, PEOPLE_RULE, PEOPLE_RULE_TEXT, peopleVerdict, type PersonHistory } from './people-rating';

const person = (realEnds: number, ...counted: number[]): PersonHistory => ({
  name: 'Ann',
  realEnds,
  opponents: counted.map((n, i) => ({ name: `model ${i + 1}`, counted: n })),
});

describe('a game a person gives up', () => {
  it('rates no one below the fair share of moves of their own, and says how many they made', () => {
    expect(PEOPLE_RULE.fairShareMoves).toBe(5);
    expect(earlyEndReason('Ann', 0)).toBe('Ann gave up before making a move of their own, so this match rates no one');
    expect(earlyEndReason('Ann', 1)).toBe(
      'Ann gave up after 1 move of their own (a game given up counts from 5), so this match rates no one',
    );
    expect(earlyEndReason('Ann', 4)).toBe(
      'Ann gave up after 4 moves of their own (a game given up counts from 5), so this match rates no one',
    );
  });

  it('counts from the fair share on', () => {
    expect(earlyEndReason('Ann', 5)).toBeNull();
    expect(earlyEndReason('Ann', 40)).toBeNull();
  });
});

describe("a person's game played to its end", () => {
  it('is practice until they have played the practice games to their end', () => {
    expect(PEOPLE_RULE.practiceGames).toBe(3);
    expect(peopleVerdict([person(0, 0)])).toBe(
      "Ann's first 3 games played to their end are practice (this is game 1 of 3), so this match rates no one",
    );
    expect(peopleVerdict([person(2, 0)])).toMatch(/this is game 3 of 3/);
    expect(peopleVerdict([person(3, 0)])).toBeNull();
    expect(peopleVerdict([person(500, 0)])).toBeNull();
  });

  it('counts against an agent up to the cap, then rates no one, whatever the other agents of the match', () => {
    expect(PEOPLE_RULE.gamesPerOpponent).toBe(5);
    expect(peopleVerdict([person(3, 4)])).toBeNull();
    expect(peopleVerdict([person(3, 5)])).toBe(
      'Ann already has 5 rated games against model 1 (a person counts at most 5 against one agent), so this match rates no one',
    );
    // Several opponents (a multi-player game): one at the cap is enough, and it is the one named.
    expect(peopleVerdict([person(3, 0, 7, 2)])).toMatch(/against model 2 /);
    expect(peopleVerdict([person(3, 4, 4, 4)])).toBeNull();
  });

  it('practice is said first; with several people, the first whose game does not count is named', () => {
    expect(peopleVerdict([person(1, 9)])).toMatch(/practice/);
    const bob = { ...person(0), name: 'Bob' };
    expect(peopleVerdict([person(3, 1), bob])).toMatch(/^Bob's first 3 games/);
    expect(peopleVerdict([])).toBeNull();
  });

  it('bounds what one person adds against one agent, and what a new name adds at all', () => {
    // Replaying a person's games in order (each ended for real): the first practiceGames count for no one, then
    // gamesPerOpponent against the one agent they keep playing, and never more.
    let realEnds = 0;
    let counted = 0;
    for (let game = 0; game < 100; game++) {
      if (peopleVerdict([person(realEnds, counted)]) === null) counted++;
      realEnds++;
    }
    expect(counted).toBe(PEOPLE_RULE.gamesPerOpponent);
  });
});

it('the leaderboard says the rule with its numbers', () => {
  expect(PEOPLE_RULE_TEXT).toContain(`first ${PEOPLE_RULE.practiceGames} games played to their end are practice`);
  expect(PEOPLE_RULE_TEXT).toContain(
    `at most ${PEOPLE_RULE.gamesPerOpponent} of their games against any one agent count`,
  );
  expect(PEOPLE_RULE_TEXT).toContain(`before ${PEOPLE_RULE.fairShareMoves} moves of their own counts for no one`);
});
