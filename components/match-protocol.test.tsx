// The match page's protocol line: the label, the detail on expand with the key, and a match without one said plainly.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { protocolSummary } from '@/lib/match-protocol';
import { MatchProtocolLine } from './match-protocol';

describe('match protocol line', () => {
  it('names the protocol in one line, the detail and key behind it', () => {
    const stored = {
      game: 'spy',
      version: 1,
      preset: 'calibration run',
      agents: ['cot/v2', 'random'],
      generator: 'hmac-sha256-chacha20',
      data: { keywords: '2026.11-1' },
      judges: { consistency: 'consistency-1' },
    };
    const html = renderToStaticMarkup(<MatchProtocolLine protocol={protocolSummary(stored, 'abc123')} />);
    expect(html).toContain(
      'Protocol: spy v1 · calibration run · cot/v2 + random · hmac-sha256-chacha20 · judged by consistency consistency-1',
    );
    expect(html).toContain('data keywords: 2026.11-1');
    expect(html).toContain('judge prompt consistency: consistency-1');
    expect(html).toContain('key: abc123');
  });

  it('says when a match has no protocol recorded', () => {
    expect(protocolSummary({ game: 'spy' })).toBeNull();
    expect(renderToStaticMarkup(<MatchProtocolLine protocol={null} />)).toContain('Protocol: not recorded');
  });
});
