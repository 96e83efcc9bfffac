// The SimulBench board (server-side markup) and its controls: the chat with a chip per user turn, the composer's Send
// (click and Ctrl+Enter) and End the dialogue, the refusal under it, and no composer for spectators.
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createRng } from '../../lib/engine/rng';
import { findClickable } from '../test-tree';
import SimulBenchBoard, {
  Composer,
  type ComposerProps,
  ReplyBox,
  isSendKey,
  requestFrom,
  requestProblem,
} from './board';
import { apply, configSchema, setup, view, type SimulState } from './rules';
import { MAX_REQUEST_CHARS, SIMULATOR, USER, type Task } from './types';

const TASK: Task = {
  id: 'toy-terminal',
  name: 'Toy terminal',
  description:
    'I want you to act as a tiny terminal. Reply only with the output inside one code block. My first command is pwd',
  requestType: 'a shell command',
  kind: 'stateful',
};
const players = ['User · You', 'Simulator · Model'];
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
const played = (): SimulState => {
  let s = setup(createRng('b'), configSchema.parse({ task: TASK, turns: 3 }), 2);
  s = apply(s, SIMULATOR, { type: 'respond', text: '```\n/home/user\n```' });
  s = apply(s, USER, { type: 'request', strategy: 'others', text: 'ls   -la', note: 'checks spacing' });
  s = apply(s, SIMULATOR, { type: 'respond', text: '' });
  return s;
};

/** The first element in a tree whose props match. */
function find(
  node: ReactNode,
  match: (p: Record<string, unknown>) => boolean,
): ReactElement<Record<string, unknown>> | null {
  if (!node || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const n of node) {
      const f = find(n, match);
      if (f) return f;
    }
    return null;
  }
  const el = node as ReactElement<Record<string, unknown>>;
  if (el.props && match(el.props)) return el;
  return find(el.props?.children as ReactNode, match);
}
const composer = (p: Partial<ComposerProps>) =>
  (Composer as unknown as (p: ComposerProps) => ReactElement)({
    text: '',
    setText() {},
    strategy: 'next-step',
    setStrategy() {},
    note: '',
    setNote() {},
    onAction() {},
    turn: 3,
    of: 3,
    ...p,
  });

describe('SimulBench board', () => {
  it('shows the task card and the chat, one message a turn, each user turn with its strategy chip', () => {
    const s = played();
    const html = renderToStaticMarkup(<SimulBenchBoard view={view(s, { spectator: true })} players={players} />);
    const t = text(html);
    expect(html).toContain('data-testid="simulbench-chat"');
    expect(html.match(/data-testid="simulbench-turn"/g)).toHaveLength(4);
    expect(html.match(/data-role="user"/g)).toHaveLength(2);
    const chips = [...html.matchAll(/data-testid="simulbench-strategy"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(chips).toEqual(['Task', 'Others: checks spacing']);
    expect(t).toContain('Toy terminal');
    expect(t).toContain('stateful');
    expect(t).toContain('A request is: a shell command');
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Task description<\/summary>/);
    // Replies in monospace with their whitespace; an empty reply said so.
    expect(html).toMatch(
      /<pre class="[^"]*font-mono[^"]*whitespace|<pre class="[^"]*whitespace-pre-wrap[^"]*font-mono/,
    );
    expect(html).toContain('```\n/home/user\n```');
    expect(t).toContain('Empty reply');
    expect(t).toContain('Turn 2 of 3');
    expect(t).toContain('User · You is writing the next request…');
    // No composer for spectators, even on the user's turn.
    expect(html).not.toContain('simulbench-composer');
  });

  it('shows the composer to a person in the user seat on turn, with the limit, the four strategies and their help', () => {
    const html = renderToStaticMarkup(
      <SimulBenchBoard
        view={view(played(), { seat: USER })}
        players={players}
        onAction={() => {}}
        legal={null}
        error="the request is empty"
      />,
    );
    expect(html).toContain('data-testid="simulbench-composer"');
    expect(text(html)).toContain(`0 / ${MAX_REQUEST_CHARS} characters`);
    expect([...html.matchAll(/<option [^>]*>([^<]+)</g)].map((m) => m[1])).toEqual([
      'Improvement',
      'Next step',
      'New request',
      'Others',
    ]);
    expect(html).toMatch(/<option value="next-step"[^>]*selected=""/);
    expect(text(html)).toContain('Proceeding to the subsequent step or diving deeper into the current topic.');
    expect(html.indexOf('data-testid="move-error"')).toBeGreaterThan(html.indexOf('data-testid="simulbench-composer"'));
    // Not on the simulator's turn, and not once the dialogue is over.
    const simTurn = apply(played(), USER, { type: 'request', strategy: 'improvement', text: 'x' });
    expect(
      renderToStaticMarkup(
        <SimulBenchBoard view={view(simTurn, { seat: USER })} players={players} onAction={() => {}} />,
      ),
    ).not.toContain('simulbench-composer');
    const done = apply(simTurn, SIMULATOR, { type: 'respond', text: 'y' });
    const end = renderToStaticMarkup(
      <SimulBenchBoard view={view(done, { seat: USER })} players={players} onAction={() => {}} />,
    );
    expect(end).not.toContain('simulbench-composer');
    expect(text(end)).toContain('The dialogue ended after 3 turns');
  });

  it('sends the request on click and on Ctrl+Enter, with the strategy chosen, and ends the dialogue', () => {
    const onAction = vi.fn();
    const tree = composer({ text: '  cat notes.txt ', strategy: 'new-request', onAction });
    findClickable(tree, 'Send the request')!.props.onClick!({ preventDefault() {} });
    expect(onAction).toHaveBeenLastCalledWith({ type: 'request', strategy: 'new-request', text: 'cat notes.txt' });
    const area = find(tree, (p) => typeof p.onKeyDown === 'function')!;
    const prevent = vi.fn();
    (area.props.onKeyDown as (e: object) => void)({
      key: 'Enter',
      ctrlKey: true,
      metaKey: false,
      preventDefault: prevent,
    });
    expect(onAction).toHaveBeenCalledTimes(2);
    expect(prevent).toHaveBeenCalled();
    (area.props.onKeyDown as (e: object) => void)({
      key: 'Enter',
      ctrlKey: false,
      metaKey: false,
      preventDefault() {},
    });
    expect(onAction).toHaveBeenCalledTimes(2);
    findClickable(tree, 'End the dialogue')!.props.onClick!({ preventDefault() {} });
    expect(onAction).toHaveBeenLastCalledWith({ type: 'stop' });
  });

  it('sends nothing while the request is empty or too long, and says why', () => {
    const onAction = vi.fn();
    const tree = composer({ text: '   ', onAction });
    findClickable(tree, 'Send the request')!.props.onClick!({ preventDefault() {} });
    (find(tree, (p) => typeof p.onKeyDown === 'function')!.props.onKeyDown as (e: object) => void)({
      key: 'Enter',
      metaKey: true,
      ctrlKey: false,
      preventDefault() {},
    });
    expect(onAction).not.toHaveBeenCalled();
    expect(requestProblem('   ', '')).toBe('Write a request first');
    expect(requestProblem('a'.repeat(MAX_REQUEST_CHARS + 1), '')).toMatch(new RegExp(`at most ${MAX_REQUEST_CHARS}`));
    expect(renderToStaticMarkup(composer({ text: '' }))).toMatch(/aria-disabled="true"[^>]*>Send/);
  });

  it('keeps the note for Others only, and knows the send keys', () => {
    expect(requestFrom(' a ', 'others', ' why ')).toEqual({
      type: 'request',
      strategy: 'others',
      text: 'a',
      note: 'why',
    });
    expect(requestFrom('a', 'improvement', 'why')).toEqual({ type: 'request', strategy: 'improvement', text: 'a' });
    expect(isSendKey({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendKey({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
    expect(renderToStaticMarkup(composer({ strategy: 'others' }))).toContain('Your strategy, in a few words');
    expect(renderToStaticMarkup(composer({ strategy: 'improvement' }))).not.toContain('Your strategy, in a few words');
  });

  it('gives a person in the simulator seat a reply box that may send an empty reply', () => {
    const s = setup(createRng('b'), configSchema.parse({ task: TASK }), 2);
    expect(
      renderToStaticMarkup(
        <SimulBenchBoard view={view(s, { seat: SIMULATOR })} players={players} onAction={() => {}} />,
      ),
    ).toContain('simulbench-reply-composer');
    const onAction = vi.fn();
    const tree = (ReplyBox as unknown as (p: object) => ReactElement)({ text: '', setText() {}, onAction });
    findClickable(tree, 'Send the reply')!.props.onClick!({ preventDefault() {} });
    expect(onAction).toHaveBeenCalledWith({ type: 'respond', text: '' });
  });
});
