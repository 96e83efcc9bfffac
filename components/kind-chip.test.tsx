// The kind chip names what plays a seat in words that cannot be misread ("llm" in a small monospace face read "11m").
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KindChip } from './kind-chip';

describe('KindChip', () => {
  it('names each kind in words, in the page’s face, and keeps an unknown kind as written', () => {
    const html = (kind: string) => renderToStaticMarkup(<KindChip kind={kind} />);
    expect(html('llm')).toMatch(/>LLM</);
    expect(html('human')).toMatch(/>person</);
    expect(html('engine')).toMatch(/>engine</);
    expect(html('random')).toMatch(/>random</);
    expect(html('other')).toMatch(/>other</);
    for (const kind of ['llm', 'human']) expect(html(kind)).not.toContain('font-mono');
  });
});
