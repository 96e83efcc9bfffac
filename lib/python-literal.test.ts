// Python's text forms as GameBench's and SimulBench's code wrote them. Every expected text below was printed by
// python3 (3.12) on this machine: str() of a list, json.dumps(indent=4), ast.literal_eval.
import { describe, expect, it } from 'vitest';
import {
  parsePythonLiteral,
  pyGet,
  pyRepr,
  pyStr,
  pythonJson,
  pythonList,
  pythonRepr,
  type PyValue,
} from './python-literal';

const value = (text: string): PyValue => {
  const r = parsePythonLiteral(text);
  if ('error' in r) throw new Error(`${text}: ${r.error}`);
  return r.value;
};

describe('str() of a list of strings', () => {
  it('writes each item as repr does: its quotes, backslashes, controls, non-ASCII', () => {
    // python3 -c "print(str(['a', \"it's\", 'say \"hi\"', 'both \' and \"', 'back\\\\slash', 'new\nline\ttab\r',
    //   'é中😀', '\x7f\x00\x1b', '\xa0\xad\u2028\u200b', '']))"
    const items = [
      'a',
      "it's",
      'say "hi"',
      'both \' and "',
      'back\\slash',
      'new\nline\ttab\r',
      'é中😀',
      '\x7f\x00\x1b',
      '\xa0\xad\u2028\u200b',
      '',
    ];
    expect(pythonList(items)).toBe(
      String.raw`['a', "it's", 'say "hi"', 'both \' and "', 'back\\slash', 'new\nline\ttab\r', 'é中😀', '\x7f\x00\x1b', '\xa0\xad\u2028\u200b', '']`,
    );
    expect(pythonList([])).toBe('[]');
    expect(pythonRepr('X: (1,1)')).toBe("'X: (1,1)'");
  });
});

describe('json.dumps', () => {
  it('with indent=4 and ensure_ascii', () => {
    // python3 -c "import json; print(repr(json.dumps({'H1':'Moves','H2':'Winning é'}, indent=4)))"
    expect(pythonJson({ H1: 'Moves', H2: 'Winning é' }, 4)).toBe(
      '{\n    "H1": "Moves",\n    "H2": "Winning \\u00e9"\n}',
    );
    expect(pythonJson({}, 4)).toBe('{}');
  });
});

describe('ast.literal_eval', () => {
  it('reads what Python reads', () => {
    expect(pyRepr(value(`{"action": "X", 'b': [1, 2.5, (3,)], "c": None, "d": True}`))).toBe(
      "{'action': 'X', 'b': [1, 2.5, (3,)], 'c': None, 'd': True}",
    );
    expect(
      pyRepr(value(String.raw`{'a': 'x\/y\u00e9\n', "b": u'z' 'w', 'c': -1_000, 'd': 0x1F, 'e': 1e3, 'f': 2j} # c`)),
    ).toBe(String.raw`{'a': 'x\\/yé\n', 'b': 'zw', 'c': -1000, 'd': 31, 'e': 1000.0, 'f': 2j}`);
    expect(
      pyRepr(
        value(
          "{'action': r'\\d', 'b': '''x\ny''', 'c': b'hi', 'd': (), 'e': (1), 'f': {1, 2}, 'g': set(), 'h': ..., 'i': 0o17, 'j': 0b11, 'k': .5, 'l': 1_0.0_1e-1_0}",
        ),
      ),
    ).toBe(
      "{'action': '\\\\d', 'b': 'x\\ny', 'c': b'hi', 'd': (), 'e': 1, 'f': {1, 2}, 'g': set(), 'h': Ellipsis, 'i': 15, 'j': 3, 'k': 0.5, 'l': 1.001e-09}",
    );
    expect(pyStr(value(`'a' "b"`))).toBe('ab');
    expect(pyRepr(value("{'a':\n 1 # one\n}"))).toBe("{'a': 1}");
    expect(pyRepr(value("{'action': 'a',}"))).toBe("{'action': 'a'}");
    expect(pyRepr(value('{"x": "\\/"}'))).toBe("{'x': '\\\\/'}");
    expect(pyRepr(value('(1, 2)'))).toBe('(1, 2)');
    expect(pyRepr(value('1, 2'))).toBe('(1, 2)');
    expect(pyStr(pyGet(value("{'action': 'x'}  # trailing"), 'action')!)).toBe('x');
    expect(pyGet(value('{"action": "a", "action": "b"}'), 'action')).toEqual({ t: 'str', v: 'b' });
  });

  it('refuses what Python refuses: JSON true and null, names, f-strings, unhashable keys, two values', () => {
    for (const text of [
      '{"action": "X", "ok": true}',
      'null',
      '{"a": [1, 2}',
      'f"x"',
      '{[1]: 2}',
      '01',
      '--1',
      '-True',
      '{"action": "a"}\n{"x": 1}',
      "'unterminated",
      '',
    ])
      expect(parsePythonLiteral(text), text).toHaveProperty('error');
  });
});
