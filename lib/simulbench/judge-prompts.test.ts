// Tests of SimulBench's judges as the authors' code runs them (B.3, B.4 verbatim from their src/prompts.py, the
// placeholders filled as their code fills them, the system message, the sampling) and the readers of their answers.
import { describe, expect, it } from 'vitest';
import {
  JUDGE_SAMPLING,
  answerMessages,
  compareMessages,
  correction,
  extractMessages,
  parsePairVerdict,
  parseRating,
  parseTurn,
  scoreMessages,
} from './judge-prompts';
import type { ChatTurn } from './types';

const dialogue: ChatTurn[] = [
  { role: 'user', content: 'I want you to act as a Linux terminal. My first command is pwd' },
  { role: 'assistant', content: '/home/user' },
  { role: 'user', content: 'ls -la' },
  { role: 'assistant', content: 'total 0' },
  { role: 'user', content: 'cat notes.txt' },
  { role: 'assistant', content: 'cat: notes.txt: No such file or directory' },
];
const history = dialogue.slice(0, 5);

/** The dialogue as Python's json.dumps(make_up_dialogue(history), indent=2) writes it, by hand. */
const HISTORY_JSON = [
  '[',
  '  {',
  '    "user": "I want you to act as a Linux terminal. My first command is pwd"',
  '  },',
  '  {',
  '    "AI": "/home/user"',
  '  },',
  '  {',
  '    "user": "ls -la"',
  '  },',
  '  {',
  '    "AI": "total 0"',
  '  },',
  '  {',
  '    "user": "cat notes.txt"',
  '  }',
  ']',
].join('\n');

describe('extractMessages (B.3)', () => {
  const [sys, m, ...rest] = extractMessages(dialogue);
  it('is the system message, then the authors’ prompt', () => {
    expect(rest).toEqual([]);
    expect(sys).toEqual({ role: 'system', content: 'You are a helpful assistant.' });
    expect(m!.role).toBe('user');
    // Hand-copied from src/prompts.py, EVAL_DIFFICULT_TURN_PROMPT (its blank lines, straight apostrophes).
    expect(m!.content.startsWith('[Instruction]\nPlease act as a keen observer and a sharp-eyed judge.')).toBe(true);
    expect(m!.content).toContain(
      "identify the first **challenging** turn in the dialogue. Challenging implies that, at that turn, the user's request possesses extreme complexity and difficulty, resulting in an inaccurate response(content errors, format errors, ambiguities, etc.) from the AI assistant.\n\n[The Start of the Dialogue]\n",
    );
    expect(
      m!.content.endsWith(
        '[The End of the Dialogue]\n\nNow, please carefully look through each turn in the above dialogue and identify the first **challenging** turn in it. Your decision should have an objective and rigorous rationale to support it. Begin your evaluation by providing a short explanation. After providing the explanation, you must output the turn number(1 to 3, and 0 represents no challenging turns), and strictly follow this format: "[[TURN_NUMBER]]", for example: "Turn: [[3]]".\n',
      ),
    ).toBe(true);
  });
  it('fills {DIALOGUE} with the turns as the authors’ JSON, numbered from 1, and {DIALOGUE_LEN} with the turns', () => {
    const turn3 = [
      '- Turn: 3',
      '[',
      '  {',
      '    "role": "user",',
      '    "content": "cat notes.txt"',
      '  },',
      '  {',
      '    "role": "assistant",',
      '    "content": "cat: notes.txt: No such file or directory"',
      '  }',
      ']',
    ].join('\n');
    expect(m!.content).toContain(`[The Start of the Dialogue]\n- Turn: 1\n[\n  {\n    "role": "user",`);
    expect(m!.content).toContain(`"content": "total 0"\n  }\n]\n\n${turn3}\n[The End of the Dialogue]`);
    expect(m!.content).toContain('you must output the turn number(1 to 3, and 0 represents no challenging turns)');
    expect(m!.content).not.toMatch(/\{[A-Z_]+\}/);
  });
  it('leaves out a trailing request without a reply', () => {
    const c = extractMessages([...dialogue, { role: 'user', content: 'rm -rf /tmp/x' }])[1]!.content;
    expect(c).toContain('(1 to 3,');
    expect(c).not.toContain('rm -rf');
  });
});

describe('scoreMessages and compareMessages (B.4)', () => {
  it('score: the authors’ prompt whole, the task name, the history and the response as their JSON', () => {
    const [sys, m, ...rest] = scoreMessages(
      'Linux Terminal',
      history,
      '```\ncat: notes.txt: No such file or directory\n```',
    );
    expect(rest).toEqual([]);
    expect(sys).toEqual({ role: 'system', content: 'You are a helpful assistant.' });
    // Hand-copied from src/prompts.py, EVAL_PROMPT_SCORING (two lines end in a space there).
    expect(m!.content).toBe(
      [
        '[Instruction]',
        "Please act as an impartial and sharp-eyed judge. You will be presented with a multi-turn dialogue history between a user and an AI assistant. In the dialogue, the user may pose various types of requests to the AI assistant, and the AI assistant should (but may fail to) provide a high-quality response to satisfy the user's need. ",
        'Your job is to evaluate the quality of the **last response** provided by the AI assistant based on the earlier dialogue history. Your evaluation should consider factors such as the helpfulness, relevance, accuracy, depth, creativity, and level of detail of the AI assistant\'s responses to the user\'s requests and commands regarding the simulation task of "Linux Terminal".',
        '',
        'Begin your evaluation by providing a short explanation. Be as objective as possible. Ignore the words of praise from the user. After providing your explanation, you must rate the response on a scale of 1 to 10. The scoring standard is as follows:',
        "- 1 to 2: The AI's response terribly fulfills the user's request, completely deviating from its simulation task and containing garbage content and format errors.",
        "- 3 to 4: The AI's response poorly fulfills the user's request, containing inaccurate and useless content given its simulation task, or having format errors such as redundant explanations.",
        "- 5 to 6: The AI's response moderately fulfills the user's request, containing no content errors but still showing errors such as incorrect format and repetition.",
        "- 7 to 8: The AI's response well fulfills the user's request, containing no content errors and strictly following format requirements.",
        "- 9 to 10: The AI's response perfectly fulfills the user's request, containing no content or format errors at all while exhibiting extremely good relevance, helpfulness, accuracy, and creativity. ",
        'Your rating should strictly follow this format: "[[rating]]", for example: "Rating: [[5]]".',
        '',
        '[The Start of the Dialogue History]',
        HISTORY_JSON,
        '[The End of the Dialogue History]',
        '',
        '[The Start of the Last Response]',
        '{\n  "AI": "```\\ncat: notes.txt: No such file or directory\\n```"\n}',
        '[The End of the Last Response]',
        '',
      ].join('\n'),
    );
  });
  it('filled text is literal: $ patterns and placeholders inside the answer are not expanded', () => {
    const c = scoreMessages('T', history, "$& and {DIALOGUE} and $'")[1]!.content;
    expect(c).toContain(`[The Start of the Last Response]\n{\n  "AI": "$& and {DIALOGUE} and $'"\n}\n[The End`);
  });
  it('compare: the system message, A and B in their places as the authors’ JSON, their bias warnings and format', () => {
    const [sys, m] = compareMessages('SQL engine', history, 'answer one', 'answer two');
    expect(sys).toEqual({ role: 'system', content: 'You are a helpful assistant.' });
    const c = m!.content;
    expect(c).toContain('two candidates of the **next response** from the AI assistant');
    expect(c).toContain('regarding the simulation task of "SQL engine".');
    expect(c).toContain(
      'It should be noted that an empty response is sometimes expected in accordance with the design of a true system. \n\nBegin',
    );
    expect(c).toContain(
      'Avoid any position biases and ensure that the order in which the responses were presented does not influence your decision.',
    );
    expect(c).toContain(
      'output your final verdict by strictly following this format: "[[A]]" if response A is better, "[[B]]" if response B is better, and "[[C]]" for a tie.',
    );
    expect(c).toContain(`[The Start of the Dialogue History]\n${HISTORY_JSON}\n[The End of the Dialogue History]`);
    expect(
      c.endsWith(
        '[The Start of Candidate Response A]\n{\n  "AI": "answer one"\n}\n[The End of Candidate Response A]\n\n[The Start of Candidate Response B]\n{\n  "AI": "answer two"\n}\n[The End of Candidate Response B]',
      ),
    ).toBe(true);
    expect(c).not.toMatch(/\{[A-Z_0-9]+\}/);
  });
});

describe('the judges’ sampling and the targets’ messages', () => {
  it('is greedy, 1,024 tokens, 200 for the challenging turn, as lm_judge.py and script_extraction.py', () => {
    expect(JUDGE_SAMPLING).toEqual({
      extract: { temperature: 0, maxTokens: 200 },
      score: { temperature: 0, maxTokens: 1024 },
      compare: { temperature: 0, maxTokens: 1024 },
    });
  });
  it('a target is sent the system message, then the script’s history', () => {
    expect(answerMessages(history)).toEqual([{ role: 'system', content: 'You are a helpful assistant.' }, ...history]);
  });
});

describe('parseTurn', () => {
  const ok: [string, number][] = [
    ['The request at turn 2 asks for a recursive listing that the assistant gets wrong.\nTurn: [[2]]', 2],
    ['Everything is fine.\n\nTurn: [[0]]', 0],
    ['**Turn: [[3]]**', 3],
    ['Turn: **[[1]]**', 1],
    ['[[4]]', 4],
    ['```\nTurn: [[2]]\n```', 2],
    ['`[[3]]`', 3],
    ['At first I thought [[1]], but turn 1 is fine.\nTurn: [[2]]', 2],
    ['<think>Maybe Turn: [[4]]? No.</think>Turn 3 fails.\nTurn: [[3]]', 3],
    ['<think>Turn: [[1]]</think>\nTurn: [[0]]', 0],
    ['reasoning that leaked ... Turn: [[4]]</think>\nTurn: [[1]]', 1],
    ['Turn: [[ 2 ]]', 2],
    ['[[Turn: 2]]', 2],
    ['The answer:\nTurn: 3', 3],
    ['**Turn:** 2.', 2],
    ['### Turn 1 is fine; Turn: 2', 2],
    ['Turn: 1 (no brackets)\nbut also [[3]]', 3],
  ];
  it.each(ok)('reads %j', (reply, turn) => expect(parseTurn(reply, 4)).toEqual({ turn }));

  it('a number outside 0..turns is an error naming the range', () => {
    const r = parseTurn('Turn: [[5]]', 4);
    expect('error' in r && r.error).toMatch(/turn 5 is not in the dialogue, which has 4 turns/);
    expect('error' in r && r.error).toContain('"Turn: [[n]]", n a whole number from 0 to 4');
    expect(parseTurn('Turn: [[-1]]', 4)).toHaveProperty('error');
    expect(parseTurn('Turn: [[1.5]]', 4)).toEqual({ error: expect.stringContaining('whole number (you gave 1.5)') });
  });
  it('no number is an error a model can act on', () => {
    for (const reply of ['', 'Turn: [[TURN_NUMBER]]', 'The third turn.', '<think>Turn: [[2]]</think>I cannot tell.']) {
      const r = parseTurn(reply, 3);
      expect(r).toEqual({
        error:
          'no turn number was found; end your answer with the line "Turn: [[n]]", n a whole number from 0 to 3 (0 = no challenging turn)',
      });
    }
  });
});

describe('parseRating', () => {
  const ok: [string, number][] = [
    ['Good answer.\nRating: [[7]]', 7],
    ['Rating: [[10]]', 10],
    ['**Rating: [[8]]**', 8],
    ['Rating: **[[6]]**', 6],
    ['[[1]]', 1],
    ['```\nRating: [[9]]\n```', 9],
    ['I considered [[9]] first.\nFinal answer: Rating: [[5]]', 5],
    ['<think>Rating: [[2]]</think>Fine.\nRating: [[8]]', 8],
    ['Rating: [[ 4 ]]', 4],
    ['Rating: [[7/10]]', 7],
    ['Rating: 6', 6],
    ['**Rating:** 7/10', 7],
    ['rating: 3.', 3],
    ['Rating: 2 at first, but [[4]]', 4],
  ];
  it.each(ok)('reads %j', (reply, rating) => expect(parseRating(reply)).toEqual({ rating }));

  it('decimals as the authors’ code reads them, from 1 to 10', () => {
    expect(parseRating('Rating: [[7.5]]')).toEqual({ rating: 7.5 });
    expect(parseRating('Rating: [[7,5]]')).toEqual({ rating: 7.5 });
    expect(parseRating('Rating: [[1.0]]')).toEqual({ rating: 1 });
    expect(parseRating('Rating: [[0]]')).toEqual({
      error: expect.stringContaining('the rating 0 is outside the scale of 1 to 10'),
    });
    expect(parseRating('Rating: [[10.5]]')).toHaveProperty('error');
    expect(parseRating('Rating: [[11]]')).toHaveProperty('error');
  });
  it('no rating: the format to use', () => {
    for (const reply of ['', 'Rating: [[rating]]', 'A solid answer, I would say eight.', '[[A]]']) {
      expect(parseRating(reply)).toEqual({
        error: 'no rating was found; end your answer with the line "Rating: [[n]]", n a number from 1 to 10',
      });
    }
  });
});

describe('parsePairVerdict', () => {
  const ok: [string, 'A' | 'B' | 'C'][] = [
    ['A follows the format.\n[[A]]', 'A'],
    ['[[B]]', 'B'],
    ['Both are equally good. [[C]]', 'C'],
    ['**[[B]]**', 'B'],
    ['`[[a]]`', 'A'],
    ['Final verdict: [[ c ]]', 'C'],
    ['I first leaned to [[A]] but on reflection [[B]]', 'B'],
    ['<think>[[A]]</think>\n[[B]]', 'B'],
    ['My final verdict: B', 'B'],
    ['Final verdict: [A].', 'A'],
  ];
  it.each(ok)('reads %j', (reply, verdict) => expect(parsePairVerdict(reply)).toEqual({ verdict }));

  it('no verdict: the format to use', () => {
    for (const reply of [
      '',
      'Response A is better.',
      '[[D]]',
      'Final verdict: A tie between them',
      '<think>[[A]]</think>',
    ]) {
      expect(parsePairVerdict(reply)).toEqual({
        error: expect.stringContaining(
          '"[[A]]" if response A is better, "[[B]]" if response B is better, or "[[C]]" for a tie',
        ),
      });
    }
  });
});

describe('correction', () => {
  it('gives the reason and the format', () => {
    const e = parseRating('eight') as { error: string };
    expect(correction(e.error, 'rating')).toBe(
      'Your answer could not be read: no rating was found; end your answer with the line "Rating: [[n]]", n a number from 1 to 10. Answer again, ending with the line "Rating: [[n]]", n a number from 1 to 10.',
    );
    expect(correction('no turn number was found.', 'turn')).toBe(
      'Your answer could not be read: no turn number was found. Answer again, ending with the line "Turn: [[n]]", n the number of the first challenging turn (0 if there is none).',
    );
    expect(correction('x', 'verdict')).toContain('ending with "[[A]]" if response A is better');
  });
});
