// SimulBench's messages as the authors' code writes them: Python's json.dumps, their dialogue and turn formats, and
// the readers the simulated models use to read them back.
import { describe, expect, it } from 'vitest';
import {
  formatDialogue,
  formatResponse,
  formatTurns,
  normalizeUtterance,
  pythonJson,
  readDialogue,
  readResponse,
  readTurns,
} from './dialogue';
import type { DialogueTurn } from './types';

const turns: Pick<DialogueTurn, 'role' | 'content'>[] = [
  { role: 'user', content: 'Act as a calculator. My first input is 2+2' },
  { role: 'assistant', content: '4' },
  { role: 'user', content: 'héllo "x"\n\t😀 中' },
  { role: 'assistant', content: '' },
  { role: 'user', content: 'last request, no reply yet' },
];

describe('pythonJson', () => {
  it('writes what Python’s json.dumps(value, indent=2) writes', () => {
    // Printed by Python 3: json.dumps([{'user': 'héllo "x"\n\t😀 中 \u2028 \x7f \x01'}, {'AI': ''}], indent=2)
    const python = [
      '[',
      '  {',
      '    "user": "h\\u00e9llo \\"x\\"\\n\\t\\ud83d\\ude00 \\u4e2d \\u2028 \\u007f \\u0001"',
      '  },',
      '  {',
      '    "AI": ""',
      '  }',
      ']',
    ].join('\n');
    expect(pythonJson([{ user: 'héllo "x"\n\t😀 中 \u2028 \x7f \x01' }, { AI: '' }])).toBe(python);
    expect(pythonJson([])).toBe('[]');
  });
});

describe('the dialogue formats', () => {
  it('formatDialogue is make_up_dialogue: {"user": …} and {"AI": …} in order, read back by readDialogue', () => {
    const text = formatDialogue(turns);
    expect(
      text.startsWith('[\n  {\n    "user": "Act as a calculator. My first input is 2+2"\n  },\n  {\n    "AI": "4"'),
    ).toBe(true);
    expect(readDialogue(text)).toEqual([
      { user: turns[0]!.content, reply: '4' },
      { user: turns[2]!.content, reply: '' },
      { user: 'last request, no reply yet', reply: null },
    ]);
  });
  it('formatTurns numbers each request and reply from 1, as chat messages, read back by readTurns', () => {
    const text = formatTurns(turns.slice(0, 4));
    expect(text).toBe(
      [
        '- Turn: 1',
        '[\n  {\n    "role": "user",\n    "content": "Act as a calculator. My first input is 2+2"\n  },\n  {\n    "role": "assistant",\n    "content": "4"\n  }\n]',
        '',
        '- Turn: 2',
        pythonJson(turns.slice(2, 4)),
      ].join('\n'),
    );
    expect(readTurns(text)).toEqual([
      { user: turns[0]!.content, reply: '4' },
      { user: turns[2]!.content, reply: '' },
    ]);
  });
  it('formatResponse is {"AI": text}; readResponse reads it back, or gives a text that is not one as it is', () => {
    expect(formatResponse('a\nb')).toBe('{\n  "AI": "a\\nb"\n}');
    expect(readResponse(formatResponse('a\nb'))).toBe('a\nb');
    expect(readResponse('plain')).toBe('plain');
    expect(readResponse('{"other": 1}')).toBe('{"other": 1}');
  });
  it('reads nothing out of text that is not a dialogue', () => {
    expect(readDialogue('### Turn 1\nUser: hi')).toEqual([]);
    expect(readDialogue('{"user": "x"}')).toEqual([]);
    expect(readTurns('no turns here')).toEqual([]);
    expect(readTurns('- Turn: 1\nnot json')).toEqual([]);
  });
});

describe('normalizeUtterance', () => {
  it('trims and takes one pair of wrapping double quotes off, as utterance_normalization does', () => {
    expect(normalizeUtterance('  "quoted"  ')).toBe('quoted');
    expect(normalizeUtterance('"only the start')).toBe('only the start');
    expect(normalizeUtterance('only the end"')).toBe('only the end"');
    expect(normalizeUtterance('""twice""')).toBe('"twice"');
    expect(normalizeUtterance(' plain ')).toBe('plain');
  });
});
