import { describe, expect, it } from 'vitest';
import { getGame } from '../games/registry';
import {
  agentProtocol,
  jsonbText,
  matchProtocol,
  presetOf,
  protocolDetails,
  protocolKey,
  protocolLabel,
  readProtocol,
  rulesKey,
  rulesLabel,
  rulesOf,
  type MatchProtocol,
} from './match-protocol';

/** md5 of '{"data": {}, "game": "hive", "preset": "demo", "version": 1}', first 16 hex digits (md5sum). */
const RULES_KEY_HIVE_DEMO = '9c4628fccda721a7';

const cot = { kind: 'llm', scaffold: 'cot', promptVersion: 'v2', settings: {} };
const random = { kind: 'random', scaffold: null, promptVersion: null, settings: {} };

describe('match protocol', () => {
  it('records a tic-tac-toe match as written by hand, with its key and label', () => {
    const p = matchProtocol({
      game: getGame('tictactoe')!,
      config: {},
      agents: [cot, cot],
      generator: 'hmac-sha256-chacha20',
    });
    const expected: MatchProtocol = {
      game: 'tictactoe',
      version: 1,
      preset: 'defaults',
      agents: ['cot/v2'],
      generator: 'hmac-sha256-chacha20',
      data: {},
      judges: {},
    };
    expect(p).toEqual(expected);
    expect(protocolLabel(p)).toBe('tictactoe v1 · defaults · cot/v2 · hmac-sha256-chacha20');
    // The text Postgres writes for this jsonb value (keys by length, then bytes), and its MD5's first 16 digits.
    expect(jsonbText(p)).toBe(
      '{"data": {}, "game": "tictactoe", "agents": ["cot/v2"], "judges": {}, "preset": "defaults", "version": 1, "generator": "hmac-sha256-chacha20"}',
    );
    expect(protocolKey(p)).toMatch(/^[0-9a-f]{16}$/);
    expect(protocolKey({ ...p, agents: ['cot/v2'] })).toBe(protocolKey(p));
    expect(protocolKey({ ...p, version: 2 })).not.toBe(protocolKey(p));
    expect(readProtocol(JSON.parse(JSON.stringify(p)))).toEqual(p);
    expect(readProtocol({ game: 'tictactoe' })).toBeNull();
  });

  it('keys the rules apart from who played, the generator and the judges: the text Postgres writes, by hand', () => {
    const p: MatchProtocol = {
      game: 'hive',
      version: 1,
      preset: 'demo',
      agents: ['cot/v2', 'random'],
      generator: 'hmac-sha256-chacha20',
      data: {},
      judges: {},
    };
    expect(rulesOf(p)).toEqual({ game: 'hive', version: 1, preset: 'demo', data: {} });
    // The jsonb text of the protocol minus agents, generator and judges (keys by length, then bytes), and its MD5's
    // first 16 hex digits (md5 of this exact string, computed apart: `printf %s '…' | md5sum`).
    expect(jsonbText(rulesOf(p))).toBe('{"data": {}, "game": "hive", "preset": "demo", "version": 1}');
    expect(rulesKey(p)).toBe(RULES_KEY_HIVE_DEMO);
    // Who played, how it was dealt and who judged it leave the rules alone; the version, the settings and the data do not.
    const same = { ...p, agents: ['person'], generator: 'sfc32-fnv1a', judges: { consistency: 'consistency-1' } };
    expect(rulesKey(same)).toBe(rulesKey(p));
    for (const other of [
      { ...p, version: 2 },
      { ...p, preset: 'defaults' },
      { ...p, preset: 'custom', config: { maxTurns: 30, beetles: 2 } },
      { ...p, data: { words: '2026.1' } },
    ])
      expect(rulesKey(other)).not.toBe(rulesKey(p));
  });

  it("states the data sets' versions of the games that deal from them, and the judges' prompts when judged", () => {
    const spy = matchProtocol({
      game: getGame('spy')!,
      config: {},
      agents: [cot, cot, cot, random],
      generator: 'hmac-sha256-chacha20',
      judges: { consistency: 'consistency-1' },
    });
    expect(spy.data).toEqual({ keywords: expect.stringMatching(/\S/) });
    expect(spy.agents).toEqual(['cot/v2', 'random']);
    expect(protocolLabel(spy)).toBe(
      'spy v1 · defaults · cot/v2 + random · hmac-sha256-chacha20 · judged by consistency consistency-1',
    );
    expect(protocolDetails(spy)).toContain(`data keywords: ${spy.data.keywords}`);
    expect(Object.keys(getGame('codenames')!.data).sort()).toEqual(['associations', 'words']);
    for (const id of ['deep', 'holdem-risk', 'simulbench']) expect(Object.keys(getGame(id)!.data)).toHaveLength(1);
  });

  it('names the settings: defaults, a preset, the demo, host/guest placements of them, else custom with the config', () => {
    const spy = getGame('spy')!;
    expect(presetOf(spy, {}, 4)).toEqual({ preset: 'defaults' });
    expect(presetOf(spy, spy.defaultConfig, 4)).toEqual({ preset: 'defaults' });
    const preset = spy.meta.settingsPresets[0]!;
    expect(presetOf(spy, preset.config, 4)).toEqual({ preset: preset.label });
    // A host/guest match places the spy around the guest: the same settings, not a protocol per seat.
    expect(presetOf(spy, spy.hostGuest.config(spy.defaultConfig, 2, 4), 4)).toEqual({ preset: 'defaults' });
    const hive = getGame('hive')!;
    expect(presetOf(hive, { maxTurns: 24, beetles: 2 }, 2)).toEqual({ preset: 'demo' });
    const custom = presetOf(getGame('holdem')!, { hands: 7 }, 2);
    expect(custom.preset).toBe('custom');
    expect(custom.config).toMatchObject({ hands: 7, startingChips: 100 });
    expect(presetOf(getGame('holdem')!, { hands: 'many' }, 2)).toEqual({ preset: 'custom', config: { hands: 'many' } });
  });

  it("names an agent's protocol by its scaffold, prompt version and the settings that change its prompt", () => {
    expect(agentProtocol(cot)).toBe('cot/v2');
    expect(
      agentProtocol({
        kind: 'llm',
        scaffold: 'rap',
        promptVersion: 'v1',
        settings: { rulesUpfront: true, vision: true, promptSwitches: ['spy:z', 'spy:a'] },
      }),
    ).toBe('rap/v1+rules-upfront+vision+spy:a+spy:z');
    expect(agentProtocol({ kind: 'human', scaffold: null, promptVersion: null, settings: {} })).toBe('person');
    expect(agentProtocol({ kind: 'engine', scaffold: null, promptVersion: null, settings: { depth: 3 } })).toBe(
      'engine',
    );
    expect(agentProtocol(random)).toBe('random');
  });

  it('writes JSON as Postgres writes jsonb: keys by length then bytes, a space after every comma and colon', () => {
    expect(jsonbText({ bb: [1, 'x"y', null, true], a: { c: 1.5, ab: {} }, z: undefined })).toBe(
      '{"a": {"c": 1.5, "ab": {}}, "bb": [1, "x\\"y", null, true]}',
    );
  });

  it("never shows a custom config's values where a match under it may still be dealt: labels, and running matches", () => {
    const spy = getGame('spy')!;
    const p = matchProtocol({
      game: spy,
      config: { pairId: 'moon-sun', spyWord: 'b' },
      agents: [],
      generator: 'hmac-sha256-chacha20',
    });
    expect(p.preset).toBe('custom');
    expect(rulesLabel(rulesOf(p))).toBe('spy v1 · custom');
    expect(protocolDetails(p, { hideConfig: true }).join('\n')).not.toMatch(/moon|spyWord/);
    expect(protocolDetails(p, { hideConfig: true })).toContain('settings: custom (shown when the match is over)');
    expect(protocolDetails(p).join('\n')).toMatch(/"pairId":"moon-sun"/);
  });
});
