// The simulated model answers GameBench's own agent's messages: reasoning for its CoT call, `{"action": …}` with a
// listed action for a JSON call (the one its reasoning named), an open-ended action with a response, and nothing for
// a conversation that is not gpt.py's.
import { describe, expect, it } from 'vitest';
import { answerMessages, invalidActionMessage, readReply, reasoningMessages } from '../agents/gamebench-gpt';
import { createRng } from '../engine/rng';
import { GOLDEN, goldenTurn } from '../agents/test-gamebench-golden';
import { gamebenchReply } from './sim-gamebench';
import { generateReply, PERSONAS } from './simulated-model';

const tic = goldenTurn(GOLDEN[0]!);
const pit = goldenTurn(GOLDEN[1]!);
const texts = (m: { role: string; content: string }[]) => m.map((x) => ({ role: x.role, text: x.content }));
const never = () => {
  throw new Error('not asked');
};

describe('simulated answers to GameBench’s agent', () => {
  it('a JSON call gets a valid action of the menu, readable as gpt.py reads it', () => {
    for (let i = 0; i < 20; i++) {
      const r = gamebenchReply(texts(answerMessages(tic, 0)), true, false, false, createRng(`s${i}`), never)!;
      expect(r.kind).toBe('ok');
      expect(readReply(tic, r.content)).toMatchObject({ kind: 'chosen' });
    }
    // Without response_format json_object it is not gpt.py's JSON call.
    expect(gamebenchReply(texts(answerMessages(tic, 0)), false, false, false, createRng('x'), never)).toBeNull();
  });

  it('the reasoning call names an action, and the JSON call that follows takes it', () => {
    const r = gamebenchReply(texts(reasoningMessages(tic)), false, false, false, createRng('r'), never)!;
    const named = /So I will choose: (.+)$/m.exec(r.content)![1]!;
    expect(tic.predefined.map((a) => a.id)).toContain(named);
    const after = gamebenchReply(texts(answerMessages(tic, 1, r.content)), true, false, false, createRng('j'), never)!;
    expect(JSON.parse(after.content)).toEqual({ action: named });
  });

  it('after a refusal it picks another action; flawed replies are refused or unreadable', () => {
    const messages = [
      ...answerMessages(tic, 0),
      { role: 'assistant' as const, content: '{"action": "X: (1,1)"}' },
      { role: 'user' as const, content: invalidActionMessage(tic, 'X: (1,1)') },
    ];
    for (let i = 0; i < 10; i++) {
      const r = gamebenchReply(texts(messages), true, false, false, createRng(`again${i}`), never)!;
      expect(JSON.parse(r.content).action).not.toBe('X: (1,1)');
    }
    const kinds = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const r = gamebenchReply(texts(answerMessages(tic, 0)), true, true, false, createRng(`f${i}`), never)!;
      kinds.add(readReply(tic, r.content).kind);
    }
    expect([...kinds].sort()).toEqual(['refused', 'unreadable']);
  });

  it('an open-ended menu gets the open-ended action with the response the model would write', () => {
    const open = { ...pit, predefined: [] };
    const r = gamebenchReply(
      texts(answerMessages(open, 0)),
      true,
      false,
      false,
      createRng('o'),
      (obs) => `said: ${obs}`,
    )!;
    expect(JSON.parse(r.content)).toEqual({
      action: 'offer',
      openended_response: 'said: You hold 3 wheat.\nOffers: none.',
    });
  });

  it('the endpoint’s generator answers it when the request asks for a JSON object', () => {
    const r = generateReply(answerMessages(tic, 0), PERSONAS['sim-random']!, createRng('g'), { jsonObject: true });
    expect(readReply(tic, r.content)).toMatchObject({ kind: 'chosen' });
  });
});
