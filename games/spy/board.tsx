// The Who-is-the-spy board: the roster (words and roles where the viewer may know them), the rounds as a group chat
// (descriptions in speaking order with the private guesses and reasoning folded under them, the probes, the ballots
// and who was voted out), the result, and a person's controls (a description box, the probe questions, vote buttons).
'use client';

import { useId, useState, type ReactNode } from 'react';
import { MoveError } from '../controls';
import { seatColor } from '../seat-colors';
import { seatName, type BoardProps, type Judgment } from '../../lib/engine/types';
import {
  DESCRIPTION_LIMIT,
  GUESS_LIMIT,
  type Ballot,
  type Description,
  type ProbeAnswer,
  type Role,
  type SpyAction,
  type SpyView,
  type Thought,
} from './types';

const BUTTON =
  'cursor-pointer rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
const FIELD =
  'w-full rounded-lg border border-neutral-300 bg-white px-2 py-1.5 text-base text-neutral-900 sm:text-sm dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-50';
const CARD =
  'rounded-xl bg-neutral-50 px-3 py-2 text-xs ring-1 ring-neutral-200 dark:bg-neutral-900 dark:ring-neutral-700';

type Name = (seat: number) => string;

/** "A", "A and B", "A, B and C". */
function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A person's answers in the probe form, before they become an action. */
export interface ProbeDraft {
  self?: Role;
  words: Record<number, string>;
  roles: Record<number, Role>;
  theirWord: string;
  theirRole?: Role;
}

/**
 * The probe action for a person's answers: one entry per other surviving seat (`others`), blank answers left out
 * (every question is optional), words trimmed.
 */
export function probeAction(d: ProbeDraft, others: number[]): SpyAction {
  const word = (w: string | undefined) => (w?.trim() ? { word: w.trim() } : {});
  return {
    type: 'probe',
    ...(d.self ? { self: d.self } : {}),
    others: others.map((seat) => ({ seat, ...word(d.words[seat]), ...(d.roles[seat] ? { role: d.roles[seat] } : {}) })),
    theirGuess: { ...word(d.theirWord), ...(d.theirRole ? { role: d.theirRole } : {}) },
  };
}

export function SpyBoard({ view: v, players, onAction, over, judgments = [], error }: BoardProps<SpyAction, SpyView>) {
  // The description draft lives here, not in the form: the form unmounts while a move is on its way and comes back if
  // the server refuses it (a description that gives the word away), and the text should still be there. It belongs
  // to the position it was written in and is dropped once someone has spoken.
  const [draft, setDraft] = useState({ at: '', text: '' });
  const at = `${v.round}:${v.descriptions.length}`;

  const name: Name = (seat) => seatName(v.names, seat);
  const roleOf = (seat: number): Role | null => (v.spies ? (v.spies.includes(seat) ? 'spy' : 'villager') : null);
  const ended = !!over || v.phase === 'over' || v.result !== null;
  const outIn = new Map<number, number>();
  for (const r of v.rounds) if (r.settled && r.eliminated !== null) outIn.set(r.eliminated, r.round);
  const rounds = [...new Set([...v.descriptions.map((d) => d.round), ...v.rounds.map((r) => r.round), v.round])].sort(
    (a, b) => a - b,
  );
  const firstRound = rounds[0];

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-3 text-neutral-900 dark:text-neutral-100">
      <Header v={v} name={name} ended={ended} />

      {v.result && <ResultBanner v={v} />}

      <section aria-label="Players" className="flex flex-col gap-1.5">
        <ul className="grid grid-cols-2 gap-1.5 sm:grid-cols-4">
          {v.names.map((n, seat) => (
            <PlayerCard
              key={seat}
              v={v}
              seat={seat}
              name={n}
              agent={agentOf(players[seat], seat, n)}
              role={roleOf(seat)}
              outIn={outIn.get(seat)}
              ended={ended}
            />
          ))}
        </ul>
        {v.you !== null && v.yourWord !== null && (
          <p className="rounded-lg bg-indigo-50 px-3 py-1.5 text-sm text-indigo-950 ring-1 ring-indigo-200 dark:bg-indigo-950/60 dark:text-indigo-50 dark:ring-indigo-800">
            You · your word:{' '}
            <strong data-testid="your-word" className="font-mono">
              {v.yourWord}
            </strong>
            {!ended && (
              <span className="block text-xs text-indigo-900/70 dark:text-indigo-100/70">
                Nobody is told whether they are the spy: the others&apos; descriptions are your only clue.
              </span>
            )}
          </p>
        )}
      </section>

      <section aria-label="Chat" className="flex flex-col gap-4">
        {rounds.map((round) => (
          <RoundChat
            key={round}
            v={v}
            round={round}
            name={name}
            roleOf={roleOf}
            ended={ended}
            withProbes={round === firstRound}
            judgments={judgments}
          />
        ))}
      </section>

      {v.you !== null && !ended && (
        <YourTurn
          v={v}
          me={v.you}
          name={name}
          onAction={onAction}
          draft={draft.at === at ? draft.text : ''}
          setDraft={(text) => setDraft({ at, text })}
        />
      )}
      {onAction && <MoveError error={error} />}
    </div>
  );
}

/** The agent behind a seat, from the match's seat label ("Player 2 · model"), when it says more than the name. */
function agentOf(label: string | undefined, seat: number, name: string): string | null {
  const agent = label?.replace(new RegExp(`^Player ${seat + 1} · `), '').trim();
  return agent && agent !== name ? agent : null;
}

function Header({ v, name, ended }: { v: SpyView; name: Name; ended: boolean }) {
  let phase: string;
  if (ended || v.phase === 'over') phase = 'Game over';
  else if (v.phase === 'speak') phase = 'Speaking';
  else if (v.phase === 'probe') phase = 'Probe questions';
  else phase = v.ballot?.kind === 'revote' ? `Re-vote among ${list(v.ballot.candidates.map(name))}` : 'Voting';
  return (
    <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-700 dark:text-neutral-200">
      <span className="font-semibold">
        Round {v.round}
        {v.maxRounds !== null ? ` of ${v.maxRounds}` : ''}
      </span>{' '}
      <span aria-hidden="true" className="text-neutral-400">
        ·
      </span>{' '}
      <span data-testid="spy-phase" aria-live="polite">
        {phase}
      </span>{' '}
      {v.contentFree && (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800">
          Content-free calibration
        </span>
      )}
      <span className="ml-auto text-xs text-neutral-500 dark:text-neutral-400">
        {v.preset === 'undercover' ? 'Undercover' : 'SpyGame'}
      </span>
    </header>
  );
}

function ResultBanner({ v }: { v: SpyView }) {
  const result = v.result!;
  const several = (v.spies?.length ?? 1) > 1;
  const spyWord = v.words && v.spies?.length ? v.words[v.spies[0]!] : null;
  const villagerSeat = v.words && v.spies ? v.words.findIndex((_, seat) => !v.spies!.includes(seat)) : -1;
  const villagerWord = villagerSeat >= 0 ? v.words![villagerSeat] : null;
  const spiesWon = result.winners === 'spy';
  return (
    <section
      aria-label="Result"
      data-testid="spy-result"
      className={`rounded-xl px-3 py-2 text-center ring-1 ${
        spiesWon
          ? 'bg-red-50 text-red-950 ring-red-200 dark:bg-red-950/60 dark:text-red-50 dark:ring-red-800'
          : 'bg-emerald-50 text-emerald-950 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-50 dark:ring-emerald-800'
      }`}
    >
      <p className="text-base font-semibold">
        {spiesWon ? (several ? 'The spies win' : 'The spy wins') : 'Villagers win'}
      </p>
      <p className="text-sm">{result.reason}</p>
      {villagerWord !== null && spyWord !== null && (
        <p className="mt-1 text-xs">
          Villagers’ word <strong className="font-mono">{villagerWord}</strong> · {several ? 'spies’' : 'spy’s'} word{' '}
          <strong className="font-mono">{spyWord}</strong>
        </p>
      )}
    </section>
  );
}

function Avatar({ seat, big }: { seat: number; big?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold ${seatColor(seat).avatar} ${
        big ? 'mt-4 h-7 w-7 text-xs' : 'h-5 w-5 text-[10px]'
      }`}
    >
      {seat + 1}
    </span>
  );
}

function RoleChip({ role }: { role: Role }) {
  return (
    <span
      data-testid="role-chip"
      className={`inline-block rounded-full px-1.5 text-[11px] leading-4 font-semibold ${
        role === 'spy'
          ? 'bg-red-600 text-white'
          : 'bg-neutral-200 text-neutral-800 dark:bg-neutral-700 dark:text-neutral-100'
      }`}
    >
      {role}
    </span>
  );
}

/** A pulsing dot and a word, for whose turn it is. */
function Busy({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1 text-[11px] text-indigo-700 dark:text-indigo-300">
      <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-indigo-500" />
      {children}
    </span>
  );
}

function PlayerCard(props: {
  v: SpyView;
  seat: number;
  name: string;
  agent: string | null;
  role: Role | null;
  outIn: number | undefined;
  ended: boolean;
}) {
  const { v, seat, name, agent, role, outIn, ended } = props;
  const alive = v.alive[seat] !== false;
  const speaking = !ended && v.phase === 'speak' && v.speaker === seat;
  const waiting = !ended && (v.phase === 'probe' || v.phase === 'vote') && v.waiting.includes(seat);
  return (
    <li
      data-testid="spy-player"
      className={`min-w-0 rounded-xl bg-white px-2 py-1.5 text-xs ring-1 dark:bg-neutral-900 ${
        speaking || waiting ? 'ring-2 ring-indigo-400 dark:ring-indigo-500' : 'ring-neutral-200 dark:ring-neutral-700'
      } ${alive ? '' : 'opacity-60'}`}
    >
      <p className="flex min-w-0 items-center gap-1.5">
        <Avatar seat={seat} />
        <span className={`truncate font-semibold ${alive ? '' : 'line-through'}`}>{name}</span>
        {seat === v.you && <span className="shrink-0 text-[11px] text-neutral-500 dark:text-neutral-400">(you)</span>}
      </p>
      {agent && (
        <p className="truncate text-[11px] text-neutral-500 dark:text-neutral-400" title={agent}>
          {agent}
        </p>
      )}
      {(v.words || role) && (
        <p className="mt-0.5 flex flex-wrap items-center gap-1">
          {v.words && <span className="font-mono">{v.words[seat]}</span>}
          {role && <RoleChip role={role} />}
        </p>
      )}
      {!alive ? (
        <p className="text-[11px] font-medium text-neutral-600 dark:text-neutral-300">
          out{outIn !== undefined ? `, round ${outIn}` : ''}
        </p>
      ) : speaking ? (
        <Busy>speaking</Busy>
      ) : waiting ? (
        <Busy>{v.phase === 'probe' ? 'answering' : 'to vote'}</Busy>
      ) : null}
    </li>
  );
}

function RoundChat(props: {
  v: SpyView;
  round: number;
  name: Name;
  roleOf: (seat: number) => Role | null;
  ended: boolean;
  withProbes: boolean;
  judgments: Judgment[];
}) {
  const { v, round, name, roleOf, ended, withProbes, judgments } = props;
  const said = v.descriptions.filter((d) => d.round === round).sort((a, b) => a.position - b.position);
  const result = v.rounds.find((r) => r.round === round);
  const counted: Ballot[] = result?.ballots ?? [];
  const ballot = v.ballot;
  const open = ballot && ballot.round === round && !counted.some((b) => b.kind === ballot.kind) ? ballot : null;
  const ballots: { b: Pick<Ballot, 'kind' | 'candidates' | 'votes'>; open: boolean }[] = [
    ...counted.map((b) => ({ b, open: false })),
    ...(open ? [{ b: open, open: true }] : []),
  ];
  const thoughts = (seat: number, phase: Thought['phase']) =>
    v.thoughts.filter((t) => t.round === round && t.seat === seat && t.phase === phase);
  // A vote-phase thought carries no ballot: the k-th one of a seat in a round goes with its k-th vote (first vote,
  // re-vote), any extra ones with its last vote.
  const voteThoughts = (index: number, voter: number) => {
    const mine = thoughts(voter, 'vote');
    const votedIn = ballots.flatMap((x, i) => (x.b.votes.some((y) => y.voter === voter) ? [i] : []));
    const k = votedIn.indexOf(index);
    if (k < 0) return [];
    return k === votedIn.length - 1 ? mine.slice(k) : mine.slice(k, k + 1);
  };
  const speaking = !ended && v.phase === 'speak' && v.round === round && v.speaker !== null ? v.speaker : null;

  return (
    <section aria-label={`Round ${round}`} data-testid="spy-round" className="flex flex-col gap-2">
      <h3 className="flex items-center gap-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
        <span aria-hidden="true" className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
        <span>Round {round}</span>
        <span aria-hidden="true" className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
      </h3>
      {said.length === 0 && speaking === null && ballots.length === 0 && (
        <p className="text-center text-xs text-neutral-500">Nobody has spoken yet.</p>
      )}
      <ol className="flex flex-col gap-2">
        {said.map((d) => (
          <Bubble
            key={`${d.round}-${d.seat}`}
            d={d}
            own={d.seat === v.you}
            name={name}
            role={roleOf(d.seat)}
            thoughts={thoughts(d.seat, 'speak')}
            verdicts={judgments.filter((j) => j.item === v.descriptions.indexOf(d))}
          />
        ))}
        {speaking !== null && (
          <li key="typing" className={`flex items-start gap-2 ${speaking === v.you ? 'flex-row-reverse' : ''}`}>
            <Avatar seat={speaking} big />
            <div className={`flex min-w-0 flex-col ${speaking === v.you ? 'items-end' : 'items-start'}`}>
              <p className="text-xs font-semibold">
                {speaking === v.you ? 'You' : name(speaking)}{' '}
                <span className="font-normal text-neutral-500 dark:text-neutral-400">#{said.length + 1}</span>
              </p>
              <p
                className={`flex items-center gap-1 rounded-2xl px-3 py-2.5 ring-1 ${seatColor(speaking).tint} ${speaking === v.you ? 'rounded-tr-sm' : 'rounded-tl-sm'}`}
              >
                <span className="sr-only">is writing a description</span>
                {[0, 150, 300].map((delay) => (
                  <span
                    key={delay}
                    aria-hidden="true"
                    className="h-1.5 w-1.5 animate-pulse rounded-full bg-neutral-500"
                    style={{ animationDelay: `${delay}ms` }}
                  />
                ))}
              </p>
            </div>
          </li>
        )}
      </ol>
      {withProbes && v.probes.length > 0 && <Probes v={v} name={name} />}
      {ballots.map((x, i) => (
        <BallotCard
          key={x.b.kind}
          b={x.b}
          open={x.open}
          omniscient={v.words !== null}
          sequential={v.voting === 'sequential'}
          waiting={x.open && !ended ? v.waiting : []}
          name={name}
          thoughts={(voter) => voteThoughts(i, voter)}
        />
      ))}
      {result?.settled && (
        <p data-testid="spy-round-result" className="text-center text-sm font-semibold">
          {result.eliminated === null
            ? 'Still tied: nobody leaves'
            : `${name(result.eliminated)} is voted out${
                roleOf(result.eliminated) === null
                  ? ''
                  : ` — was ${roleOf(result.eliminated) === 'villager' ? 'a villager' : (v.spies?.length ?? 1) > 1 ? 'a spy' : 'the spy'}`
              }`}
        </p>
      )}
    </section>
  );
}

function Bubble({
  d,
  own,
  name,
  role,
  thoughts,
  verdicts,
}: {
  d: Description;
  own: boolean;
  name: Name;
  role: Role | null;
  thoughts: Thought[];
  verdicts: Judgment[];
}) {
  return (
    <li data-testid="spy-description" className={`flex items-start gap-2 ${own ? 'flex-row-reverse' : ''}`}>
      <Avatar seat={d.seat} big />
      <div className={`flex max-w-[85%] min-w-0 flex-col ${own ? 'items-end' : 'items-start'}`}>
        <p className="flex flex-wrap items-center gap-x-1.5 text-xs">
          <span className="font-semibold">{name(d.seat)}</span>
          <span className="text-neutral-500 dark:text-neutral-400">#{d.position + 1}</span>
          {role === 'spy' && <RoleChip role={role} />}
        </p>
        <p
          className={`rounded-2xl px-3 py-1.5 text-sm whitespace-pre-wrap ring-1 ${seatColor(d.seat).tint} ${
            own ? 'rounded-tr-sm' : 'rounded-tl-sm'
          }`}
        >
          {d.forfeited ? <em className="text-neutral-500 dark:text-neutral-400">(said nothing)</em> : d.text}
        </p>
        <ThoughtBlock items={thoughts} />
        {verdicts.map((j) => (
          <Verdict key={j.judge} j={j} />
        ))}
      </div>
    </li>
  );
}

/** A judge's verdict on a description after the match: is it true of the speaker's own word? */
function Verdict({ j }: { j: Judgment }) {
  const tone =
    j.consistent === null
      ? 'bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300'
      : j.consistent
        ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300'
        : 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-300';
  const verdict =
    j.consistent === null
      ? 'not judged'
      : j.consistent
        ? '✓ consistent with its word'
        : '✗ not consistent with its word';
  return (
    <p data-testid="spy-judgment" className={`mt-0.5 max-w-full rounded-md px-1.5 py-0.5 text-xs ${tone}`}>
      <span className="font-medium">{verdict}</span>
      {j.score !== null && <span> · {j.score}/5</span>}
      <span className="text-neutral-500 dark:text-neutral-400"> · judge {j.judge}</span>
      {j.reason && <span className="block">{j.reason}</span>}
    </p>
  );
}

/** A small thought cloud for the folded reasoning. */
function ThoughtIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="h-3.5 w-3.5 shrink-0">
      <path
        d="M4.5 9.5a3 3 0 0 1 .6-5.9 3.5 3.5 0 0 1 6.3.4 2.8 2.8 0 0 1-.4 5.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
      <circle cx="4.5" cy="12" r="1.1" fill="currentColor" />
      <circle cx="2.6" cy="14.2" r="0.7" fill="currentColor" />
    </svg>
  );
}

/** The private word guess and reasoning that came with a move, folded (spectators with the full view, and the seat itself). */
function ThoughtBlock({ items }: { items: Thought[] }) {
  if (items.length === 0) return null;
  return (
    <details
      data-testid="spy-thought"
      className="group mt-0.5 max-w-full text-xs text-neutral-500 dark:text-neutral-400"
    >
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 select-none hover:text-neutral-700 dark:hover:text-neutral-200 [&::-webkit-details-marker]:hidden">
        <ThoughtIcon />
        <span>reasoning</span>
        <svg viewBox="0 0 12 12" aria-hidden="true" className="h-2.5 w-2.5 transition-transform group-open:rotate-90">
          <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </summary>
      {items.map((t, i) => (
        <div
          key={i}
          className="mt-1 flex flex-col gap-0.5 rounded-lg border-l-2 border-neutral-300 bg-neutral-50 px-2 py-1 dark:border-neutral-600 dark:bg-neutral-800/60"
        >
          {t.guess && <p>guesses the other word: “{t.guess}”</p>}
          {t.reasoning && <p className="whitespace-pre-wrap">{t.reasoning}</p>}
        </div>
      ))}
    </details>
  );
}

function BallotCard(props: {
  b: Pick<Ballot, 'kind' | 'candidates' | 'votes'>;
  open: boolean;
  omniscient: boolean;
  /** Votes cast one at a time, public once cast (SpyGame's Algorithm 1). */
  sequential: boolean;
  waiting: number[];
  name: Name;
  thoughts: (voter: number) => Thought[];
}) {
  const { b, open, omniscient, sequential, waiting, name, thoughts } = props;
  const tally = new Map<number, number>();
  for (const x of b.votes) tally.set(x.target, (tally.get(x.target) ?? 0) + 1);
  const counts = [...tally.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  const top = counts[0]?.[1] ?? 0;
  return (
    <div data-testid="spy-ballot" className={CARD}>
      <p className="font-semibold">
        {b.kind === 'revote' ? `Re-vote among ${list(b.candidates.map(name))}` : 'Votes'}
        {open && (
          <span className="font-normal text-neutral-500 dark:text-neutral-400">
            {omniscient || sequential ? ' · so far' : ' · sealed until everyone has voted'}
          </span>
        )}
      </p>
      {b.votes.length > 0 && (
        <ul className="mt-1 flex flex-col gap-1">
          {b.votes.map((x) => (
            <li key={x.voter} className="text-sm">
              {name(x.voter)} → {name(x.target)}
              <ThoughtBlock items={thoughts(x.voter)} />
            </li>
          ))}
        </ul>
      )}
      {!open && counts.length > 0 && (
        <ul aria-label="Tally" className="mt-1.5 flex flex-wrap gap-1">
          {counts.map(([seat, k]) => (
            <li
              key={seat}
              className={`rounded-full px-2 py-0.5 ${k === top ? 'bg-red-100 font-semibold text-red-900 dark:bg-red-950 dark:text-red-100' : 'bg-neutral-200 dark:bg-neutral-800'}`}
            >
              {name(seat)}: {k} {k === 1 ? 'vote' : 'votes'}
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 && (
        <p className="mt-1 text-neutral-500 dark:text-neutral-400">
          {sequential ? 'Voting now' : 'Still to vote'}: {list(waiting.map(name))}
        </p>
      )}
    </div>
  );
}

/** ✓ or ✗ against the truth (plain glyphs, not emoji); nothing when the truth is not known to this viewer. */
function Mark({ ok }: { ok: boolean | null }) {
  if (ok === null) return null;
  return (
    <span
      role="img"
      aria-label={ok ? 'right' : 'wrong'}
      className={`ml-0.5 font-bold ${ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
    >
      {ok ? '✓' : '✗'}
    </span>
  );
}

function Probes({ v, name }: { v: SpyView; name: Name }) {
  const truth = (seat: number): Role | null => (v.spies ? (v.spies.includes(seat) ? 'spy' : 'villager') : null);
  const same = (a: string | undefined, b: string | null | undefined) =>
    a && b ? a.trim().toLowerCase() === b.trim().toLowerCase() : null;
  const roleOk = (said: Role | undefined, real: Role | null | undefined) => (said && real ? said === real : null);
  // Second order: what the other players really believe about this player (their own first-order answers).
  const beliefs = (p: ProbeAnswer) =>
    v.probes.filter((x) => x.seat !== p.seat && !x.forfeited).flatMap((x) => x.others.filter((o) => o.seat === p.seat));
  /** Right when it matches what most of the others who answered believe; null when none answered (or not known here). */
  const agree = (said: string | undefined, theirs: (string | undefined)[], eq: (a: string, b: string) => boolean) => {
    const known = theirs.filter((x): x is string => !!x);
    if (!said || !known.length) return null;
    return known.filter((x) => eq(said, x)).length * 2 > known.length;
  };
  const eqWord = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const answers = [...v.probes].sort((a, b) => a.seat - b.seat);
  return (
    <details data-testid="spy-probe-answers" className={CARD}>
      <summary className="cursor-pointer font-semibold select-none">
        Theory-of-mind probes{' '}
        <span className="font-normal text-neutral-500 dark:text-neutral-400">· before the first vote</span>
      </summary>
      <ul className="mt-1.5 flex flex-col gap-2">
        {answers.map((p) => (
          <li key={p.seat} className="flex flex-col gap-0.5">
            <p className="flex items-center gap-1.5 font-semibold">
              <Avatar seat={p.seat} />
              {name(p.seat)}
              {p.forfeited && <span className="font-normal text-neutral-500"> gave no answers</span>}
            </p>
            {!p.forfeited && (
              <>
                <p>
                  thinks it is: {p.self ?? '?'}
                  <Mark ok={roleOk(p.self, truth(p.seat))} />
                </p>
                {p.others.map((o) => (
                  <p key={o.seat}>
                    {name(o.seat)}: word “{o.word ?? '?'}”<Mark ok={same(o.word, v.words?.[o.seat])} />, {o.role ?? '?'}
                    <Mark ok={roleOk(o.role, truth(o.seat))} />
                  </p>
                ))}
                <p>
                  thinks the others take it for: word “{p.theirGuess.word ?? '?'}”
                  <Mark
                    ok={agree(
                      p.theirGuess.word,
                      beliefs(p).map((b) => b.word),
                      eqWord,
                    )}
                  />
                  , {p.theirGuess.role ?? '?'}
                  <Mark
                    ok={agree(
                      p.theirGuess.role,
                      beliefs(p).map((b) => b.role),
                      (a, b) => a === b,
                    )}
                  />
                </p>
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A seat's own part below the chat: its controls when it is its move, else whom it waits for. */
function YourTurn(props: {
  v: SpyView;
  me: number;
  name: Name;
  onAction?: (a: SpyAction) => void;
  draft: string;
  setDraft: (text: string) => void;
}) {
  const { v, me, name, onAction, draft, setDraft } = props;
  const waitingForMe = v.waiting.includes(me);
  if (v.alive[me] === false) return <Status>You are out: watch the rest.</Status>;
  if (onAction && v.phase === 'speak' && v.speaker === me)
    return <DescribeForm text={draft} setText={setDraft} onAction={onAction} />;
  if (onAction && v.phase === 'probe' && waitingForMe)
    return <ProbeForm key={v.round} v={v} me={me} name={name} onAction={onAction} />;
  if (onAction && v.phase === 'vote' && waitingForMe && v.ballot) {
    const options = (v.ballot.options ?? v.ballot.candidates).filter((seat) => seat !== me);
    return (
      <section
        aria-label="Your vote"
        className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-neutral-300 dark:ring-neutral-700"
      >
        <p className="text-sm font-semibold">
          {v.ballot.kind === 'revote'
            ? `Re-vote among ${list(v.ballot.candidates.map(name))}: who is the spy?`
            : 'Who is the spy? Vote for one player.'}
        </p>
        <p className="text-xs text-neutral-500 dark:text-neutral-400">
          {v.voting === 'sequential'
            ? 'Players vote one at a time; your vote is shown to everyone at once. The most votes is out.'
            : 'Votes are sealed until everyone has voted; the most votes is out.'}
        </p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {options.map((seat) => (
            <button
              key={seat}
              type="button"
              aria-label={`Vote for ${name(seat)}`}
              onClick={() => onAction({ type: 'vote', target: seat })}
              className={`flex min-w-0 items-center gap-2 ${BUTTON}`}
            >
              <Avatar seat={seat} />
              <span className="truncate">{name(seat)}</span>
            </button>
          ))}
        </div>
      </section>
    );
  }
  let line = '';
  if (v.phase === 'speak' && v.speaker !== null)
    line = v.speaker === me ? 'Your turn to speak' : `Waiting for ${name(v.speaker)} to speak`;
  else if (v.phase === 'probe')
    line = waitingForMe ? 'Your turn: the probe questions' : `Waiting for answers from ${list(v.waiting.map(name))}`;
  else if (v.phase === 'vote')
    line = waitingForMe ? 'Your turn to vote' : `Waiting for votes from ${list(v.waiting.map(name))}`;
  return line ? <Status>{line}</Status> : null;
}

function Status({ children }: { children: ReactNode }) {
  return (
    <p data-testid="spy-status" className="text-center text-sm text-neutral-500 dark:text-neutral-400">
      {children}
    </p>
  );
}

function DescribeForm({
  text,
  setText,
  onAction,
}: {
  text: string;
  setText: (text: string) => void;
  onAction: (a: SpyAction) => void;
}) {
  const [empty, setEmpty] = useState(false);
  const id = useId();
  const send = () => {
    const said = text.trim();
    setEmpty(!said);
    if (said) onAction({ type: 'describe', text: said });
  };
  return (
    <form
      aria-label="Describe your word"
      className="flex flex-col gap-1.5 rounded-xl p-3 ring-1 ring-indigo-300 dark:ring-indigo-700"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <p className="text-sm font-semibold">Your turn: describe your word</p>
      <textarea
        aria-label="Your description"
        aria-describedby={`${id}-hint`}
        rows={3}
        maxLength={DESCRIPTION_LIMIT}
        value={text}
        placeholder="Describe your word without saying it"
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim()) setEmpty(false);
        }}
        onKeyDown={(e) => {
          // Enter sends, Shift+Enter is a new line; never while an input method is composing (Chinese words).
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
        className={FIELD}
      />
      <div className="flex items-start justify-between gap-2 text-xs">
        <span
          id={`${id}-hint`}
          aria-live="polite"
          className={empty ? 'text-red-700 dark:text-red-400' : 'text-neutral-500 dark:text-neutral-400'}
        >
          {empty
            ? 'Write a description first.'
            : 'Do not say your word or repeat an earlier description. Enter sends, Shift+Enter starts a new line.'}
        </span>
        <span
          className={`shrink-0 font-mono ${text.length >= DESCRIPTION_LIMIT ? 'text-red-700 dark:text-red-400' : 'text-neutral-500 dark:text-neutral-400'}`}
        >
          {text.length}/{DESCRIPTION_LIMIT}
        </span>
      </div>
      <button type="submit" className={`self-end ${BUTTON}`}>
        Send description
      </button>
    </form>
  );
}

/** A Spy / Villager radio pair named by its legend. */
function RoleChoice({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: Role | undefined;
  onChange: (r: Role) => void;
}) {
  const group = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="text-xs text-neutral-600 dark:text-neutral-300">{legend}</legend>
      <div className="mt-0.5 flex gap-4">
        {(['spy', 'villager'] as const).map((r) => (
          <label key={r} className="inline-flex cursor-pointer items-center gap-1.5 text-sm">
            <input
              type="radio"
              name={group}
              value={r}
              checked={value === r}
              onChange={() => onChange(r)}
              className="h-4 w-4 accent-indigo-600"
            />
            {r === 'spy' ? 'Spy' : 'Villager'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ProbeForm({
  v,
  me,
  name,
  onAction,
}: {
  v: SpyView;
  me: number;
  name: Name;
  onAction: (a: SpyAction) => void;
}) {
  const others = v.alive.flatMap((alive, seat) => (alive && seat !== me ? [seat] : []));
  const [d, setD] = useState<ProbeDraft>({ words: {}, roles: {}, theirWord: '' });
  return (
    <form
      aria-label="Probe questions"
      className="flex flex-col gap-3 rounded-xl p-3 text-sm ring-1 ring-indigo-300 dark:ring-indigo-700"
      onSubmit={(e) => {
        e.preventDefault();
        onAction(probeAction(d, others));
      }}
    >
      <div>
        <p className="font-semibold">Before the first vote: what do you believe?</p>
        <p className="text-xs text-neutral-500 dark:text-neutral-400">Private; every answer is optional.</p>
      </div>
      <RoleChoice legend="Are you the spy?" value={d.self} onChange={(self) => setD({ ...d, self })} />
      {others.map((seat) => (
        <div
          key={seat}
          className="grid gap-1.5 border-t border-neutral-200 pt-2 sm:grid-cols-2 sm:items-end dark:border-neutral-700"
        >
          <label className="flex flex-col gap-0.5 text-xs text-neutral-600 dark:text-neutral-300">
            <span className="flex items-center gap-1.5 font-semibold text-neutral-900 dark:text-neutral-100">
              <Avatar seat={seat} />
              {name(seat)}
            </span>
            <input
              aria-label={`Word of ${name(seat)}`}
              placeholder="Their word"
              maxLength={GUESS_LIMIT}
              value={d.words[seat] ?? ''}
              onChange={(e) => setD({ ...d, words: { ...d.words, [seat]: e.target.value } })}
              className={FIELD}
            />
          </label>
          <RoleChoice
            legend={`Role of ${name(seat)}`}
            value={d.roles[seat]}
            onChange={(r) => setD({ ...d, roles: { ...d.roles, [seat]: r } })}
          />
        </div>
      ))}
      <div className="grid gap-1.5 border-t border-neutral-200 pt-2 sm:grid-cols-2 sm:items-end dark:border-neutral-700">
        <p className="text-xs text-neutral-600 sm:col-span-2 dark:text-neutral-300">
          Based on your description, what will the other players guess your word and role to be?
        </p>
        <input
          aria-label="What the other players think your word is"
          placeholder="What the others think your word is"
          maxLength={GUESS_LIMIT}
          value={d.theirWord}
          onChange={(e) => setD({ ...d, theirWord: e.target.value })}
          className={FIELD}
        />
        <RoleChoice
          legend="What the other players think you are"
          value={d.theirRole}
          onChange={(theirRole) => setD({ ...d, theirRole })}
        />
      </div>
      <button type="submit" className={`self-end ${BUTTON}`}>
        Send answers
      </button>
    </form>
  );
}

export default SpyBoard;
