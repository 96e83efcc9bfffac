// Python's text forms, for prompts written the way the papers' Python code wrote them: `json.dumps` (ensure_ascii),
// `str()` of a list of strings (each item's repr), and `ast.literal_eval` of a model's reply (Python literals only:
// a JSON reply with true, false or null is not one). Pure.

/**
 * `json.dumps(value, indent=…)` as Python writes it: `indent` spaces (2 by default), `", "`-free line ends, and every
 * character outside printable ASCII escaped as `\uxxxx` (`ensure_ascii`, Python's default; an astral character as
 * its two UTF-16 halves, as Python does).
 */
export function pythonJson(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Characters Python's `str.isprintable()` refuses (other than the ASCII ones escaped by name), as `repr` escapes them. */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/**
 * `repr(s)` of a Python string: single quotes, unless it contains `'` and no `"`; backslashes, the quote, `\n`, `\r`,
 * `\t` escaped by name; other characters that are not printable as `\xhh`, `\uhhhh` or `\Uhhhhhhhh` (the space is
 * printable; other spaces, controls, format characters are not); everything else, non-ASCII included, as is.
 */
export function pythonRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code < 0x7f || ch === ' ' || !NOT_PRINTABLE.test(ch)) out += ch;
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return out + quote;
}

/** `str(list_of_strings)`: `['a', "it's"]`. */
export function pythonList(items: readonly string[]): string {
  return `[${items.map(pythonRepr).join(', ')}]`;
}

/** A value `ast.literal_eval` returns, tagged with its Python type. */
export type PyValue =
  | { t: 'str'; v: string }
  | { t: 'bytes'; v: string }
  | { t: 'int'; v: bigint }
  | { t: 'float'; v: number }
  | { t: 'complex'; re: number; im: number }
  | { t: 'bool'; v: boolean }
  | { t: 'none' }
  | { t: 'ellipsis' }
  | { t: 'list' | 'tuple' | 'set'; items: PyValue[] }
  | { t: 'dict'; entries: [PyValue, PyValue][] };

/** Whether Python can hash it (a dict key, a set member, `x in some_dict`): no list, dict or set inside. */
export function pyHashable(v: PyValue): boolean {
  if (v.t === 'list' || v.t === 'dict' || v.t === 'set') return false;
  if (v.t === 'tuple') return v.items.every(pyHashable);
  return true;
}

/** Python's `==` between two literals (numbers across int, float, bool and complex; containers item by item). */
export function pyEqual(a: PyValue, b: PyValue): boolean {
  const num = (x: PyValue): { re: number; im: number; int?: bigint } | null =>
    x.t === 'int'
      ? { re: Number(x.v), im: 0, int: x.v }
      : x.t === 'bool'
        ? { re: x.v ? 1 : 0, im: 0, int: x.v ? 1n : 0n }
        : x.t === 'float'
          ? { re: x.v, im: 0 }
          : x.t === 'complex'
            ? { re: x.re, im: x.im }
            : null;
  const na = num(a);
  const nb = num(b);
  if (na && nb)
    return na.int !== undefined && nb.int !== undefined ? na.int === nb.int : na.re === nb.re && na.im === nb.im;
  if (a.t !== b.t) return false;
  switch (a.t) {
    case 'str':
    case 'bytes':
      return a.v === (b as typeof a).v;
    case 'none':
    case 'ellipsis':
      return true;
    case 'list':
    case 'tuple': {
      const items = (b as typeof a).items;
      return a.items.length === items.length && a.items.every((x, i) => pyEqual(x, items[i]!));
    }
    case 'set': {
      const items = (b as typeof a).items;
      return a.items.length === items.length && a.items.every((x) => items.some((y) => pyEqual(x, y)));
    }
    case 'dict': {
      const entries = (b as typeof a).entries;
      return (
        a.entries.length === entries.length &&
        a.entries.every(([k, v]) => entries.some(([k2, v2]) => pyEqual(k, k2) && pyEqual(v, v2)))
      );
    }
    default:
      return false;
  }
}

/** `d[key]` of a dict literal: the value, or undefined when the key is absent (Python's KeyError). */
export function pyGet(d: PyValue, key: string): PyValue | undefined {
  if (d.t !== 'dict') return undefined;
  const k: PyValue = { t: 'str', v: key };
  return d.entries.find(([x]) => pyEqual(x, k))?.[1];
}

/** A float as Python's `repr` writes it (shortest round trip; `1.0`, `1e+16`, `1e-05`, `inf`, `nan`). */
function pyFloat(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, exp] = x.toExponential().split('e') as [string, string];
  const e = Number(exp);
  if (e < -4 || e >= 16) {
    const sign = e < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  const s = x.toFixed(Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - e));
  return s.includes('.') ? s : `${s}.0`;
}

/** `repr(value)` of a literal (`str()` is the same but for a string, which `pyStr` gives as is). */
export function pyRepr(v: PyValue): string {
  switch (v.t) {
    case 'str':
      return pythonRepr(v.v);
    case 'bytes':
      return `b${pythonRepr(v.v)}`;
    case 'int':
      return v.v.toString();
    case 'float':
      return pyFloat(v.v);
    case 'complex': {
      const im = `${pyFloat(v.im).replace(/\.0$/, '')}j`;
      return v.re === 0 && !Object.is(v.re, -0)
        ? im
        : `(${pyFloat(v.re).replace(/\.0$/, '')}${v.im < 0 || Object.is(v.im, -0) ? '' : '+'}${im})`;
    }
    case 'bool':
      return v.v ? 'True' : 'False';
    case 'none':
      return 'None';
    case 'ellipsis':
      return 'Ellipsis';
    case 'list':
      return `[${v.items.map(pyRepr).join(', ')}]`;
    case 'tuple':
      return v.items.length === 1 ? `(${pyRepr(v.items[0]!)},)` : `(${v.items.map(pyRepr).join(', ')})`;
    case 'set':
      return v.items.length ? `{${v.items.map(pyRepr).join(', ')}}` : 'set()';
    case 'dict':
      return `{${v.entries.map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`).join(', ')}}`;
  }
}

/** `str(value)`: a string as is, anything else as its repr. */
export function pyStr(v: PyValue): string {
  return v.t === 'str' ? v.v : pyRepr(v);
}

class LiteralError extends Error {}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/**
 * `ast.literal_eval(text)`: Python literals — strings (any quotes, prefixes r, u, b; adjacent ones joined), numbers
 * (ints in any base, floats, imaginary; a sign before them), True, False, None, `...`, lists, tuples, sets, dicts,
 * `set()` — with comments, and newlines inside brackets. `{ error }` where Python raises: anything else (JSON's true,
 * false, null; names; calls; f-strings; an unhashable dict key). Not supported, so refused though Python accepts
 * them: `\N{…}` escapes and sums such as `1+2j`.
 */
export function parsePythonLiteral(text: string): { value: PyValue } | { error: string } {
  const p = new LiteralParser(text);
  try {
    // literal_eval strips leading spaces and tabs; the expression may end in a newline or a comment.
    const value = p.expression();
    p.skip(false);
    if (!p.done())
      throw new LiteralError(`unexpected text at ${p.pos}: ${JSON.stringify(text.slice(p.pos, p.pos + 20))}`);
    return { value };
  } catch (err) {
    if (err instanceof LiteralError) return { error: err.message };
    throw err;
  }
}

class LiteralParser {
  pos = 0;
  /** Open brackets: inside them newlines are only spaces. */
  private depth = 0;
  constructor(private readonly s: string) {
    while (this.s[this.pos] === ' ' || this.s[this.pos] === '\t') this.pos++;
  }

  done(): boolean {
    return this.pos >= this.s.length;
  }

  /** Spaces, comments, line continuations; newlines too inside brackets, or (`trailing`) at the end of the text. */
  skip(inside = this.depth > 0): void {
    for (;;) {
      const c = this.s[this.pos];
      if (c === ' ' || c === '\t' || c === '\f') this.pos++;
      else if (c === '#') while (this.pos < this.s.length && this.s[this.pos] !== '\n') this.pos++;
      else if (c === '\\' && this.s[this.pos + 1] === '\n') this.pos += 2;
      else if ((c === '\n' || c === '\r') && (inside || /^[\s]*(#[^\n]*)?$/.test(this.s.slice(this.pos)))) this.pos++;
      else return;
    }
  }

  private fail(what: string): never {
    throw new LiteralError(`${what} at ${this.pos}`);
  }

  private eat(ch: string): boolean {
    this.skip();
    if (this.s.startsWith(ch, this.pos)) {
      this.pos += ch.length;
      return true;
    }
    return false;
  }

  /** A literal, or a bare tuple of them (`1, 2`). */
  expression(): PyValue {
    const first = this.value();
    this.skip();
    if (this.s[this.pos] !== ',') return first;
    const items = [first];
    while (this.eat(',')) {
      this.skip();
      if (this.done() || this.s[this.pos] === '#') break;
      items.push(this.value());
    }
    return { t: 'tuple', items };
  }

  private value(): PyValue {
    this.skip();
    const c = this.s[this.pos];
    if (c === undefined) this.fail('unexpected end');
    if (c === '[') return { t: 'list', items: this.sequence('[', ']') };
    if (c === '(') {
      const start = this.pos;
      this.pos++;
      this.depth++;
      this.skip();
      if (this.s[this.pos] === ')') {
        this.pos++;
        this.depth--;
        return { t: 'tuple', items: [] };
      }
      const inner = this.value();
      this.skip();
      if (this.s[this.pos] === ')') {
        this.pos++;
        this.depth--;
        return inner;
      }
      this.pos = start;
      this.depth--;
      return { t: 'tuple', items: this.sequence('(', ')') };
    }
    if (c === '{') return this.braces();
    if (c === '-' || c === '+') {
      this.pos++;
      this.skip();
      if (this.s[this.pos] === '-' || this.s[this.pos] === '+') this.fail('a sign before a sign');
      const v = this.value();
      if (v.t === 'int') return { t: 'int', v: c === '-' ? -v.v : v.v };
      if (v.t === 'float') return { t: 'float', v: c === '-' ? -v.v : v.v };
      if (v.t === 'complex') return c === '-' ? { t: 'complex', re: -v.re, im: -v.im } : v;
      this.fail('a sign before something that is not a number');
    }
    if (/[0-9.]/.test(c)) {
      if (this.s.startsWith('...', this.pos)) {
        this.pos += 3;
        return { t: 'ellipsis' };
      }
      return this.number();
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.s.slice(this.pos))?.[0];
    if (word !== undefined) {
      const after = this.s[this.pos + word.length];
      if ((after === "'" || after === '"') && /^(r|u|b|br|rb)$/i.test(word)) return this.strings();
      this.pos += word.length;
      if (word === 'True') return { t: 'bool', v: true };
      if (word === 'False') return { t: 'bool', v: false };
      if (word === 'None') return { t: 'none' };
      if (word === 'set' && this.eat('(') && this.eat(')')) return { t: 'set', items: [] };
      this.pos -= word.length;
      this.fail(`the name ${word} is not a literal`);
    }
    if (c === "'" || c === '"') return this.strings();
    this.fail(`unexpected ${JSON.stringify(c)}`);
  }

  private sequence(open: string, close: string): PyValue[] {
    this.pos += open.length;
    this.depth++;
    const items: PyValue[] = [];
    let commas = 0;
    for (;;) {
      if (this.eat(close)) break;
      if (items.length > commas) this.fail(`expected , or ${close}`);
      items.push(this.value());
      if (this.eat(',')) commas++;
    }
    this.depth--;
    return items;
  }

  private braces(): PyValue {
    this.pos++;
    this.depth++;
    this.skip();
    if (this.s[this.pos] === '}') {
      this.pos++;
      this.depth--;
      return { t: 'dict', entries: [] };
    }
    const first = this.value();
    if (this.eat(':')) {
      const entries: [PyValue, PyValue][] = [[first, this.value()]];
      for (;;) {
        if (this.eat('}')) break;
        if (!this.eat(',')) this.fail('expected , or }');
        if (this.eat('}')) break;
        const k = this.value();
        if (!this.eat(':')) this.fail('expected :');
        entries.push([k, this.value()]);
      }
      this.depth--;
      const out: [PyValue, PyValue][] = [];
      for (const [k, v] of entries) {
        if (!pyHashable(k)) this.fail('unhashable dict key');
        const at = out.findIndex(([x]) => pyEqual(x, k));
        if (at >= 0) out[at] = [out[at]![0], v];
        else out.push([k, v]);
      }
      return { t: 'dict', entries: out };
    }
    const items = [first];
    for (;;) {
      if (this.eat('}')) break;
      if (!this.eat(',')) this.fail('expected , or }');
      if (this.eat('}')) break;
      items.push(this.value());
    }
    this.depth--;
    if (!items.every(pyHashable)) this.fail('unhashable set item');
    return { t: 'set', items: items.filter((x, i) => items.findIndex((y) => pyEqual(x, y)) === i) };
  }

  private number(): PyValue {
    const rest = this.s.slice(this.pos);
    const based = /^0([xX](?:_?[0-9a-fA-F])+|[oO](?:_?[0-7])+|[bB](?:_?[01])+)(?![0-9A-Za-z_])/.exec(rest);
    if (based) {
      this.pos += based[0].length;
      const digits = based[1]!.replace(/_/g, '');
      const prefix = digits[0]!.toLowerCase();
      return { t: 'int', v: BigInt(`0${prefix}${digits.slice(1)}`) };
    }
    const digits = String.raw`[0-9](?:_?[0-9])*`;
    const m = new RegExp(
      String.raw`^(?:(${digits})?\.(${digits})?|${digits})(?:[eE][+-]?${digits})?([jJ])?(?![0-9A-Za-z_])`,
    ).exec(rest);
    if (!m || m[0] === '.' || /^\.[eEjJ]/.test(m[0])) this.fail('a malformed number');
    const raw = m[0];
    this.pos += raw.length;
    const clean = raw.replace(/_/g, '').replace(/[jJ]$/, '');
    if (m[3]) return { t: 'complex', re: 0, im: Number(clean) };
    if (/[.eE]/.test(clean)) return { t: 'float', v: Number(clean) };
    if (/^0+[1-9]/.test(clean)) this.fail('leading zeros in a decimal integer');
    return { t: 'int', v: BigInt(clean) };
  }

  /** One or more adjacent string literals, joined (bytes with bytes only). */
  private strings(): PyValue {
    let kind: 'str' | 'bytes' | null = null;
    let value = '';
    for (;;) {
      this.skip();
      const m = /^([A-Za-z]{0,2})('''|"""|'|")/.exec(this.s.slice(this.pos));
      if (!m || !/^(|r|u|b|br|rb)$/i.test(m[1]!)) break;
      const prefix = m[1]!.toLowerCase();
      const bytes = prefix.includes('b');
      if (kind !== null && (kind === 'bytes') !== bytes) this.fail('cannot mix bytes and str literals');
      kind = bytes ? 'bytes' : 'str';
      this.pos += m[0].length;
      value += this.stringBody(m[2]!, prefix.includes('r'), bytes);
    }
    if (kind === null) this.fail('expected a string');
    return { t: kind, v: value };
  }

  private stringBody(quote: string, raw: boolean, bytes: boolean): string {
    let out = '';
    for (;;) {
      if (this.done()) this.fail('an unterminated string');
      if (this.s.startsWith(quote, this.pos)) {
        this.pos += quote.length;
        return out;
      }
      const c = this.s[this.pos]!;
      if ((c === '\n' || c === '\r') && quote.length === 1) this.fail('an unterminated string');
      if (bytes && c.charCodeAt(0) > 0x7f) this.fail('bytes can only contain ASCII literal characters');
      if (c !== '\\') {
        out += c;
        this.pos++;
        continue;
      }
      const n = this.s[this.pos + 1];
      if (n === undefined) this.fail('an unterminated string');
      if (raw) {
        // A raw string keeps the backslash, and the character after it cannot end the string.
        out += c + n;
        this.pos += 2;
        continue;
      }
      this.pos += 2;
      if (n === '\n') continue;
      if (n === '\r') {
        if (this.s[this.pos] === '\n') this.pos++;
        continue;
      }
      const simple = SIMPLE_ESCAPES[n];
      if (simple !== undefined) {
        out += simple;
        continue;
      }
      if (/[0-7]/.test(n)) {
        const oct = /^[0-7]{0,2}/.exec(this.s.slice(this.pos))![0];
        this.pos += oct.length;
        out += String.fromCodePoint(parseInt(n + oct, 8));
        continue;
      }
      const hexLength = n === 'x' ? 2 : !bytes && n === 'u' ? 4 : !bytes && n === 'U' ? 8 : 0;
      if (hexLength) {
        const hex = this.s.slice(this.pos, this.pos + hexLength);
        if (!new RegExp(`^[0-9a-fA-F]{${hexLength}}$`).test(hex)) this.fail(`a truncated \\${n} escape`);
        const code = parseInt(hex, 16);
        if (code > 0x10ffff) this.fail('an escape beyond Unicode');
        this.pos += hexLength;
        out += String.fromCodePoint(code);
        continue;
      }
      if (!bytes && n === 'N') this.fail('\\N{…} escapes are not supported here');
      // An unknown escape keeps its backslash (Python warns, and keeps it).
      out += c + n;
    }
  }
}
