// Tests of the SIMULATED SimulBench judges: each role recognised, answers readable by lib/simulbench/judge-prompts.ts,
// deterministic, careful answers above sloppy ones, flawed answers unreadable, other conversations left alone.
import { describe, expect, it } from 'vitest';
import { userAgentPrompt } from '../../games/simulbench/prompt';
import type { Rng } from '../engine/types';
import { createRng } from '../engine/rng';
import {
  compareMessages,
  correction,
  extractMessages,
  parsePairVerdict,
  parseRating,
  parseTurn,
  scoreMessages,
} from '../simulbench/judge-prompts';
import type { ChatTurn } from '../simulbench/types';
import { featureScore, isSimulbenchJudgeConversation, simulbenchJudgeReply } from './sim-simulbench';

/** An rng whose draws are all `x` (0.5: never position-biased; 0.01: always). */
const fixed = (x: number): Rng => ({
  next: () => x,
  int: (n) => Math.floor(x * n),
  pick: (a) => a[0]!,
  shuffle: (a) => a.slice(),
});
const calm = fixed(0.5);

const task =
  'I want you to act as a Linux terminal. Reply only with the terminal output inside one code block. My first command is pwd';
// The simulated simulator's styles (games/simulbench/sim.ts): careful, sloppy, flawed (empty or off-topic).
const careful = (req: string) => `\`\`\`\n(simulated, careful) ${req}\n\`\`\``;
const sloppy = (req: string) =>
  `Sure! (simulated, sloppy) Here is the output for ${req}, with a few words of explanation around it.\n\nI hope this helps!`;
const offTopic = '(simulated, off-topic) The weather is lovely today; let us talk about gardening instead.';

const r2 = '(simulated user) Now the next step: list the files of the home directory with their sizes';
const r3 = '(simulated user) Create a directory named projects and show its permissions';
const dialogueWith = (reply2: string, reply3: string): ChatTurn[] => [
  { role: 'user', content: task },
  { role: 'assistant', content: careful('My first command is pwd') },
  { role: 'user', content: r2 },
  { role: 'assistant', content: reply2 },
  { role: 'user', content: r3 },
  { role: 'assistant', content: reply3 },
];
const userTexts = (messages: { role: string; content: string }[]) =>
  messages.filter((m) => m.role === 'user').map((m) => m.content);
const history: ChatTurn[] = dialogueWith(careful(r2), careful(r3)).slice(0, 5);

const turnOf = (d: ChatTurn[]) => {
  const a = simulbenchJudgeReply(userTexts(extractMessages(d)), false, calm)!;
  expect(a.kind).toBe('ok');
  expect(a.content.startsWith('(simulated judge)')).toBe(true);
  return parseTurn(a.content, 3);
};
const ratingOf = (response: string) => {
  const a = simulbenchJudgeReply(userTexts(scoreMessages('Linux Terminal', history, response)), false, calm)!;
  return parseRating(a.content);
};
const verdictOf = (a: string, b: string, rng: Rng = calm) =>
  parsePairVerdict(
    simulbenchJudgeReply(userTexts(compareMessages('Linux Terminal', history, a, b)), false, rng)!.content,
  );

describe('the simulated challenging-turn judge (B.3)', () => {
  it('finds the first turn whose reply fails its request, readable by parseTurn', () => {
    expect(turnOf(dialogueWith(careful(r2), careful(r3)))).toEqual({ turn: 0 });
    expect(turnOf(dialogueWith('', careful(r3)))).toEqual({ turn: 2 });
    expect(turnOf(dialogueWith(careful(r2), offTopic))).toEqual({ turn: 3 });
    expect(turnOf(dialogueWith('I am not sure what you mean.', ''))).toEqual({ turn: 2 });
  });
  it('a sloppy reply (chatter around the output: a format error, as B.3 counts it) is a challenging turn', () => {
    expect(turnOf(dialogueWith(sloppy(r2), sloppy(r3)))).toEqual({ turn: 2 });
    expect(turnOf(dialogueWith(careful(r2), sloppy(r3)))).toEqual({ turn: 3 });
  });
});

describe('the simulated rating judge (B.4)', () => {
  const rating = (response: string) => {
    const r = ratingOf(response);
    if (!('rating' in r)) throw new Error(r.error);
    return r.rating;
  };
  it('rates by visible features: empty 1–2, off-topic low, sloppy mid, careful high', () => {
    expect(rating('')).toBeGreaterThanOrEqual(1);
    expect(rating('')).toBeLessThanOrEqual(2);
    expect(rating('   \n')).toBeLessThanOrEqual(2);
    expect(rating(offTopic)).toBeLessThanOrEqual(4);
    expect(rating(sloppy(r3))).toBeGreaterThanOrEqual(4);
    expect(rating(sloppy(r3))).toBeLessThanOrEqual(6);
    expect(rating(careful(r3))).toBeGreaterThanOrEqual(8);
  });
  it('careful answers rate above sloppy ones for every request', () => {
    for (const req of [
      r2,
      r3,
      'SELECT name FROM users WHERE age > 30',
      'Generate a password of length 16 with symbols',
      'e4 e5 Nf3',
    ]) {
      expect(featureScore(careful(req), req).score).toBeGreaterThan(featureScore(sloppy(req), req).score);
      expect(featureScore(sloppy(req), req).score).toBeGreaterThan(featureScore('', req).score);
    }
  });
  it('hand-checked features without the jitter', () => {
    expect(featureScore(careful(r3), r3, false).score).toBe(9); // echo + "(simulated" 8, careful +1
    expect(featureScore(sloppy(r3), r3, false).score).toBe(5); // 8, Sure! −1, I hope this helps −1, sloppy −1
    expect(featureScore(offTopic, r3, false).score).toBe(2); // no echo 3, off-topic −2 → floor 2
    expect(featureScore('projects directory created', r3, false).score).toBe(6); // echo without "(simulated"
  });
  it('is deterministic for the same texts', () => {
    const texts = userTexts(scoreMessages('Linux Terminal', history, sloppy(r3)));
    expect(simulbenchJudgeReply(texts, false, createRng('a'))).toEqual(
      simulbenchJudgeReply(texts, false, createRng('b')),
    );
  });
});

describe('the simulated pairwise judge (B.4)', () => {
  it('prefers the better answer in both orders, ties on equal answers', () => {
    expect(verdictOf(careful(r3), sloppy(r3))).toEqual({ verdict: 'A' });
    expect(verdictOf(sloppy(r3), careful(r3))).toEqual({ verdict: 'B' });
    expect(verdictOf(careful(r3), careful(r3))).toEqual({ verdict: 'C' });
    expect(verdictOf('', sloppy(r3))).toEqual({ verdict: 'B' });
  });
  it('a position-biased draw prefers whatever is shown first', () => {
    expect(verdictOf(sloppy(r3), careful(r3), fixed(0.01))).toEqual({ verdict: 'A' });
  });
  it('order disagreements are rare over many draws', () => {
    const rng = createRng('bias');
    let disagree = 0;
    for (let k = 0; k < 400; k++) {
      const first = verdictOf(careful(r3), sloppy(r3), rng);
      const second = verdictOf(sloppy(r3), careful(r3), rng);
      if (!('verdict' in first && 'verdict' in second && first.verdict === 'A' && second.verdict === 'B')) disagree++;
    }
    expect(disagree).toBeGreaterThan(0);
    expect(disagree).toBeLessThan(60);
  });
  it('is deterministic for a seeded rng', () => {
    const texts = userTexts(compareMessages('T', history, careful(r3), sloppy(r3)));
    const run = () => {
      const rng = createRng('same');
      return Array.from({ length: 50 }, () => simulbenchJudgeReply(texts, false, rng)!.content);
    };
    expect(run()).toEqual(run());
  });
});

describe('flawed answers and retries', () => {
  const prompts = {
    turn: userTexts(extractMessages(dialogueWith('', careful(r3)))),
    rating: userTexts(scoreMessages('T', history, careful(r3))),
    verdict: userTexts(compareMessages('T', history, careful(r3), sloppy(r3))),
  };
  it('a flawed answer is unreadable by every parser', () => {
    for (const seed of ['1', '2', '3']) {
      const t = simulbenchJudgeReply(prompts.turn, true, createRng(seed))!;
      const r = simulbenchJudgeReply(prompts.rating, true, createRng(seed))!;
      const v = simulbenchJudgeReply(prompts.verdict, true, createRng(seed))!;
      expect([t.kind, r.kind, v.kind]).toEqual(['illegal', 'illegal', 'illegal']);
      expect(parseTurn(t.content, 3)).toHaveProperty('error');
      expect(parseRating(r.content)).toHaveProperty('error');
      expect(parsePairVerdict(v.content)).toHaveProperty('error');
    }
  });
  it('a correction after an unreadable answer is still the judge’s conversation, answered again', () => {
    const texts = [...prompts.rating, correction('no rating was found', 'rating')];
    expect(isSimulbenchJudgeConversation(texts)).toBe(true);
    expect(parseRating(simulbenchJudgeReply(texts, false, calm)!.content)).toHaveProperty('rating');
    const turnRetry = [...prompts.turn, correction('no turn number was found', 'turn')];
    expect(parseTurn(simulbenchJudgeReply(turnRetry, false, calm)!.content, 3)).toEqual({ turn: 2 });
  });
});

describe('other conversations', () => {
  it('are not the judges’', () => {
    const others: string[][] = [
      [],
      ['Word: apple\nDescription: "a red fruit"\n\nIs the description consistent with the word?'],
      [task],
      [task, r2],
      [userAgentPrompt(dialogueWith(careful(r2), careful(r3)), { requestType: 'a shell command' })],
      [correction('no rating was found', 'rating')],
      ['[Instruction]\nPlease act as an impartial judge and evaluate the quality of the response.'],
      [`${userTexts(scoreMessages('T', history, 'x'))[0]}`, 'What is your move?\nLegal moves:\n- e4'],
    ];
    for (const texts of others) {
      expect(isSimulbenchJudgeConversation(texts)).toBe(false);
      expect(simulbenchJudgeReply(texts, false, calm)).toBeNull();
    }
  });
  it('the three prompts are each recognised', () => {
    expect(isSimulbenchJudgeConversation(userTexts(extractMessages(history)))).toBe(true);
    expect(isSimulbenchJudgeConversation(userTexts(scoreMessages('T', history, '')))).toBe(true);
    expect(isSimulbenchJudgeConversation(userTexts(compareMessages('T', history, '', '')))).toBe(true);
  });
});
