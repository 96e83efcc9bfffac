// The Who-is-the-spy board: the roster (words and roles where the viewer may know them), the round as a group chat
// (descriptions in speaking order, private guesses and reasoning folded under them, the counted votes) and a
// person's controls (a description box, the probe questions, a button per vote candidate).
'use client';

import { useState, type ReactNode } from 'react';
import type { BoardProps } from '../types';
import type { Ballot, ProbeAnswer, Role, RoundResult, SpyAction, SpyView, Thought } from './types';

/** One tint per seat, for the chat's name labels and bubbles (eight seats at most). */
const TINT = [
  'bg-sky-50 ring-sky-200 dark:bg-sky-950/60 dark:ring-sky-800',
  'bg-rose-50 ring-rose-200 dark:bg-rose-950/60 dark:ring-rose-800',
  'bg-amber-50 ring-amber-200 dark:bg-amber-950/60 dark:ring-amber-800',
  'bg-emerald-50 ring-emerald-200 dark:bg-emerald-950/60 dark:ring-emerald-800',
  'bg-violet-50 ring-violet-200 dark:bg-violet-950/60 dark:ring-violet-800',
  'bg-lime-50 ring-lime-200 dark:bg-lime-950/60 dark:ring-lime-800',
  'bg-fuchsia-50 ring-fuchsia-200 dark:bg-fuchsia-950/60 dark:ring-fuchsia-800',
  'bg-teal-50 ring-teal-200 dark:bg-teal-950/60 dark:ring-teal-800',
];
const DESCRIPTION_LIMIT = 600;

export function SpyBoard({ view, onAction, over }: BoardProps<SpyAction>) {
  const v = view as SpyView;
  const name = (seat: number) => v.names[seat] ?? `Player ${seat + 1}`;
  const roleOf = (seat: number): Role | null => (v.spies ? (v.spies.includes(seat) ? 'spy' : 'villager') : null);
  const outIn = new Map<number, number>();
  for (const r of v.rounds) if (r.eliminated !== null) outIn.set(r.eliminated, r.round);
  const rounds = [...new Set([...v.descriptions.map((d) => d.round), ...v.rounds.map((r) => r.round), v.round])].sort((a, b) => a - b);
  const live = !over && !v.result;
  const mine = v.you !== null && live && v.alive[v.you] && onAction;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-3 text-neutral-900 dark:text-neutral-100">
      <header className="flex flex-wrap items-center justify-center gap-2 text-sm text-neutral-600 dark:text-neutral-300">
        <span className="font-semibold">
          Round {v.round}
          {v.maxRounds !== null ? ` of ${v.maxRounds}` : ''}
        </span>
        <span aria-live="polite">· {phaseText(v, name, live)}</span>
        {v.contentFree && <span className="rounded-full bg-neutral-200 px-2 py-0.5 text-xs dark:bg-neutral-700">Content-free calibration</span>}
        <span className="text-xs text-neutral-500">{v.preset === 'undercover' ? 'Undercover' : 'SpyGame'}</span>
      </header>

      {v.result && (
        <p data-testid="spy-result" className="rounded-xl bg-indigo-50 px-3 py-2 text-center text-sm font-semibold text-indigo-950 ring-1 ring-indigo-200 dark:bg-indigo-950/60 dark:text-indigo-50 dark:ring-indigo-800">
          {v.result.winners === 'villager' ? 'Villagers win' : (v.spies?.length ?? 1) > 1 ? 'The spies win' : 'The spy wins'}
          <span className="block text-xs font-normal">{v.result.reason}</span>
        </p>
      )}

      <section aria-label="Players" className="grid grid-cols-2 gap-1.5 sm:grid-cols-4">
        {v.names.map((n, seat) => {
          const role = roleOf(seat);
          const active = live && (v.speaker === seat || v.waiting.includes(seat));
          return (
            <div
              key={seat}
              data-testid="spy-player"
              className={`rounded-lg px-2 py-1.5 text-xs ring-1 ${TINT[seat] ?? ''} ${v.alive[seat] ? '' : 'opacity-50'} ${active ? 'outline-2 outline-indigo-400' : ''}`}
            >
              <p className="font-semibold">
                {n}
                {seat === v.you ? ' (you)' : ''}
              </p>
              {v.words && <p>word: <span className="font-mono">{v.words[seat]}</span></p>}
              {role && (
                <span className={`mt-0.5 inline-block rounded-full px-1.5 text-[11px] font-semibold ${role === 'spy' ? 'bg-red-600 text-white' : 'bg-neutral-200 dark:bg-neutral-700'}`}>
                  {role}
                </span>
              )}
              {!v.alive[seat] && <p className="text-[11px]">out{outIn.has(seat) ? `, round ${outIn.get(seat)}` : ''}</p>}
            </div>
          );
        })}
      </section>
      {v.you !== null && v.yourWord !== null && (
        <p className="text-center text-sm">
          Your word: <strong data-testid="your-word" className="font-mono">{v.yourWord}</strong>
          <span className="block text-xs text-neutral-500">Nobody is told whether they are the spy: the others&apos; descriptions are your only clue.</span>
        </p>
      )}

      <section aria-label="Chat" className="flex flex-col gap-2">
        {rounds.map((round) => (
          <RoundChat key={round} v={v} round={round} name={name} roleOf={roleOf} />
        ))}
        {v.probes.length > 0 && <Probes v={v} name={name} />}
      </section>

      {mine && <Controls v={v} name={name} onAction={onAction} />}
      {v.you !== null && live && !v.alive[v.you] && <p className="text-center text-sm text-neutral-500">You are out: watch the rest.</p>}
    </div>
  );
}

function phaseText(v: SpyView, name: (s: number) => string, live: boolean): string {
  if (!live) return 'Game over';
  if (v.phase === 'speak') return v.speaker !== null ? `Speaking: ${name(v.speaker)}` : 'Speaking';
  if (v.phase === 'probe') return `Probe questions (waiting for ${v.waiting.map(name).join(', ')})`;
  if (v.phase === 'vote') {
    const who = v.waiting.length ? ` (waiting for ${v.waiting.map(name).join(', ')})` : '';
    return v.ballot?.kind === 'revote' ? `Re-vote among ${v.ballot.candidates.map(name).join(', ')}${who}` : `Voting${who}`;
  }
  return 'Game over';
}

function RoundChat({ v, round, name, roleOf }: { v: SpyView; round: number; name: (s: number) => string; roleOf: (s: number) => Role | null }) {
  const said = v.descriptions.filter((d) => d.round === round).sort((a, b) => a.position - b.position);
  const result = v.rounds.find((r) => r.round === round);
  const open = v.ballot && v.ballot.round === round && !result?.ballots.some((b) => b.kind === v.ballot!.kind) ? v.ballot : null;
  const thoughts = (seat: number, phase: Thought['phase']) => v.thoughts.filter((t) => t.round === round && t.seat === seat && t.phase === phase);
  return (
    <div className="flex flex-col gap-1.5">
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-neutral-500">
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
        <span>Round {round}</span>
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
      </p>
      {said.length === 0 && <p className="text-center text-xs text-neutral-500">Nobody has spoken yet.</p>}
      <ol className="flex flex-col gap-1.5">
        {said.map((d) => (
          <li key={`${d.round}-${d.seat}`} className={`flex flex-col ${d.seat === v.you ? 'items-end' : 'items-start'}`}>
            <div data-testid="spy-description" className={`max-w-[90%] rounded-2xl px-3 py-1.5 text-sm ring-1 ${TINT[d.seat] ?? ''}`}>
              <p className="text-xs font-semibold opacity-80">
                {name(d.seat)} · #{d.position + 1}
              </p>
              <p className="break-words">{d.forfeited ? <em className="opacity-70">(said nothing)</em> : d.text}</p>
            </div>
            <ThoughtBlock items={thoughts(d.seat, 'speak')} />
          </li>
        ))}
      </ol>
      {result?.ballots.map((b, i) => (
        <BallotLines key={i} b={b} name={name} thoughts={(seat) => (i === result.ballots.length - 1 ? thoughts(seat, 'vote') : [])} />
      ))}
      {open && open.votes.length > 0 && <BallotLines b={{ ...open, options: {} }} name={name} thoughts={(seat) => thoughts(seat, 'vote')} sealed />}
      {result && <ResultLine r={result} name={name} roleOf={roleOf} />}
    </div>
  );
}

function ThoughtBlock({ items }: { items: Thought[] }) {
  if (items.length === 0) return null;
  return (
    <details className="max-w-[90%] text-xs text-neutral-600 dark:text-neutral-400">
      <summary className="cursor-pointer select-none">reasoning</summary>
      {items.map((t, i) => (
        <div key={i} className="mt-1 rounded-lg bg-neutral-100 px-2 py-1 dark:bg-neutral-800">
          {t.guess && <p>guesses the other word: “{t.guess}”</p>}
          {t.reasoning && <p className="whitespace-pre-wrap break-words">{t.reasoning}</p>}
        </div>
      ))}
    </details>
  );
}

function BallotLines({ b, name, thoughts, sealed }: { b: Ballot; name: (s: number) => string; thoughts: (seat: number) => Thought[]; sealed?: boolean }) {
  const tally = new Map<number, number>();
  for (const x of b.votes) tally.set(x.target, (tally.get(x.target) ?? 0) + 1);
  return (
    <div className="rounded-xl bg-neutral-50 px-3 py-2 text-xs ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-700" data-testid="spy-ballot">
      <p className="font-semibold">
        {b.kind === 'revote' ? `Re-vote among ${b.candidates.map(name).join(', ')}` : 'Votes'}
        {sealed ? ' (sealed until everyone has voted)' : ''}
      </p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {b.votes.map((x) => (
          <li key={x.voter}>
            {name(x.voter)} → {name(x.target)}
            <ThoughtBlock items={thoughts(x.voter)} />
          </li>
        ))}
      </ul>
      {!sealed && (
        <p className="mt-1 text-neutral-500">
          {[...tally.entries()].sort((x, y) => y[1] - x[1]).map(([seat, k]) => `${name(seat)} ${k}`).join(' · ')}
        </p>
      )}
    </div>
  );
}

function ResultLine({ r, name, roleOf }: { r: RoundResult; name: (s: number) => string; roleOf: (s: number) => Role | null }) {
  if (!r.settled) return null;
  if (r.eliminated === null) return <p className="text-center text-xs font-semibold">Still tied after the re-vote: nobody leaves</p>;
  const role = roleOf(r.eliminated);
  return (
    <p className="text-center text-xs font-semibold">
      {name(r.eliminated)} is voted out{role ? ` — was ${role === 'spy' ? 'the spy' : 'a villager'}` : ''}
    </p>
  );
}

function Probes({ v, name }: { v: SpyView; name: (s: number) => string }) {
  const truthRole = (seat: number): Role | null => (v.spies ? (v.spies.includes(seat) ? 'spy' : 'villager') : null);
  const mark = (ok: boolean | null) => (ok === null ? null : <span className={ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}>{ok ? ' ✓' : ' ✗'}</span>);
  const same = (a: string | undefined, b: string | null | undefined) => (a && b ? a.trim().toLowerCase() === b.trim().toLowerCase() : null);
  const firstOrder = (p: ProbeAnswer) => v.probes.find((x) => x.seat === p.target)?.others.find((o) => o.seat === p.seat);
  return (
    <details className="rounded-xl bg-neutral-50 px-3 py-2 text-xs ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-700">
      <summary className="cursor-pointer font-semibold">Theory-of-mind probes (before the first vote)</summary>
      <ul className="mt-1 flex flex-col gap-1.5">
        {v.probes.map((p) => (
          <li key={p.seat}>
            <p className="font-semibold">{name(p.seat)}{p.forfeited ? ' gave no answers' : ''}</p>
            {!p.forfeited && (
              <>
                <p>thinks it is: {p.self ?? '?'}{mark(p.self ? p.self === truthRole(p.seat) : null)}</p>
                {p.others.map((o) => (
                  <p key={o.seat}>
                    {name(o.seat)}: word “{o.word ?? '?'}”{mark(same(o.word, v.words?.[o.seat]))}, {o.role ?? '?'}{mark(o.role ? o.role === truthRole(o.seat) : null)}
                  </p>
                ))}
                <p>
                  {name(p.target)} thinks its word is “{p.theirGuess.word ?? '?'}”{mark(same(p.theirGuess.word, firstOrder(p)?.word))} and it is{' '}
                  {p.theirGuess.role ?? '?'}{mark(p.theirGuess.role && firstOrder(p)?.role ? p.theirGuess.role === firstOrder(p)!.role : null)}
                </p>
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Controls({ v, name, onAction }: { v: SpyView; name: (s: number) => string; onAction: (a: SpyAction) => void }) {
  const me = v.you!;
  if (v.phase === 'speak' && v.speaker === me) return <DescribeForm key={`${v.round}-${v.descriptions.length}`} onAction={onAction} />;
  if (v.phase === 'probe' && v.waiting.includes(me)) return <ProbeForm v={v} name={name} onAction={onAction} />;
  if (v.phase === 'vote' && v.waiting.includes(me) && v.ballot) {
    const options = v.ballot.options ?? v.ballot.candidates.filter((c) => c !== me);
    return (
      <section aria-label="Your vote" className="flex flex-col gap-2">
        <p className="text-sm font-semibold">{v.ballot.kind === 'revote' ? 'Re-vote: who is the spy?' : 'Who is the spy? Vote:'}</p>
        <div className="flex flex-wrap gap-2">
          {options.map((seat) => (
            <button
              key={seat}
              type="button"
              onClick={() => onAction({ type: 'vote', target: seat })}
              className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
            >
              Vote for {name(seat)}
            </button>
          ))}
        </div>
      </section>
    );
  }
  const waiting = v.phase === 'speak' && v.speaker !== null ? `Waiting for ${name(v.speaker)} to speak` : v.waiting.length ? `Waiting for ${v.waiting.map(name).join(', ')}` : '';
  return waiting ? <p className="text-center text-sm text-neutral-500">{waiting}</p> : null;
}

function DescribeForm({ onAction }: { onAction: (a: SpyAction) => void }) {
  const [text, setText] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const send = () => {
    if (!text.trim()) return setHint('Write a description first.');
    setHint(null);
    onAction({ type: 'describe', text: text.trim() });
  };
  return (
    <form
      aria-label="Describe your word"
      className="flex flex-col gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor="spy-description" className="text-sm font-semibold">
        Your turn: describe your word without saying it
      </label>
      <textarea
        id="spy-description"
        aria-label="Your description"
        rows={2}
        maxLength={DESCRIPTION_LIMIT}
        value={text}
        placeholder="Describe your word without saying it"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            send();
          }
        }}
        className="rounded-lg border border-neutral-300 bg-white px-2 py-1.5 text-sm dark:border-neutral-600 dark:bg-neutral-900"
      />
      <div className="flex items-center justify-between gap-2 text-xs text-neutral-500">
        <span>{hint ?? 'Enter sends, Shift+Enter starts a new line.'}</span>
        <span>
          {text.length}/{DESCRIPTION_LIMIT}
        </span>
      </div>
      <button type="submit" className="self-end rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500">
        Send description
      </button>
    </form>
  );
}

function RoleChoice({ legend, value, onChange }: { legend: string; value: Role | undefined; onChange: (r: Role) => void }): ReactNode {
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">{legend}</legend>
      <span aria-hidden="true" className="min-w-0 flex-1">{legend}</span>
      {(['spy', 'villager'] as const).map((r) => (
        <label key={r} className="flex items-center gap-1">
          <input type="radio" checked={value === r} onChange={() => onChange(r)} />
          {r === 'spy' ? 'Spy' : 'Villager'}
        </label>
      ))}
    </fieldset>
  );
}

function ProbeForm({ v, name, onAction }: { v: SpyView; name: (s: number) => string; onAction: (a: SpyAction) => void }) {
  const me = v.you!;
  const others = v.alive.flatMap((a, i) => (a && i !== me ? [i] : []));
  const [self, setSelf] = useState<Role>();
  const [words, setWords] = useState<Record<number, string>>({});
  const [roles, setRoles] = useState<Record<number, Role>>({});
  const [theirWord, setTheirWord] = useState('');
  const [theirRole, setTheirRole] = useState<Role>();
  const target = v.probeTarget;
  const input = 'w-full rounded-md border border-neutral-300 bg-white px-2 py-1 text-sm dark:border-neutral-600 dark:bg-neutral-900';
  return (
    <form
      aria-label="Probe questions"
      className="flex flex-col gap-2 rounded-xl bg-neutral-50 p-3 text-sm ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-700"
      onSubmit={(e) => {
        e.preventDefault();
        onAction({
          type: 'probe',
          ...(self ? { self } : {}),
          others: others.map((seat) => ({ seat, ...(words[seat]?.trim() ? { word: words[seat]!.trim() } : {}), ...(roles[seat] ? { role: roles[seat] } : {}) })),
          theirGuess: { ...(theirWord.trim() ? { word: theirWord.trim() } : {}), ...(theirRole ? { role: theirRole } : {}) },
        });
      }}
    >
      <p className="font-semibold">Before the first vote: what do you believe? (private, every answer optional)</p>
      <RoleChoice legend="Are you the spy?" value={self} onChange={setSelf} />
      {others.map((seat) => (
        <div key={seat} className="grid gap-1 sm:grid-cols-2">
          <input aria-label={`Word of ${name(seat)}`} placeholder={`Word of ${name(seat)}`} value={words[seat] ?? ''} onChange={(e) => setWords({ ...words, [seat]: e.target.value })} className={input} />
          <RoleChoice legend={`Role of ${name(seat)}`} value={roles[seat]} onChange={(r) => setRoles({ ...roles, [seat]: r })} />
        </div>
      ))}
      {target !== null && (
        <div className="grid gap-1 sm:grid-cols-2">
          <input aria-label={`What ${name(target)} thinks your word is`} placeholder={`What ${name(target)} thinks your word is`} value={theirWord} onChange={(e) => setTheirWord(e.target.value)} className={input} />
          <RoleChoice legend={`What ${name(target)} thinks you are`} value={theirRole} onChange={setTheirRole} />
        </div>
      )}
      <button type="submit" className="self-end rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500">
        Send answers
      </button>
    </form>
  );
}

export default SpyBoard;
