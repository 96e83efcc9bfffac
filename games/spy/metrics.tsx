// Who is the spy's results page (/metrics/spy, registered in games/metrics.ts): the SpyGame paper's Win, Round and
// Voted per agent, preset and role (Table 4), the theory-of-mind probes per role and preset (Table 7), the arena's
// own description-consistency table, and the biases content-free calibration runs reveal (§3.3: by option place,
// speaking place and name), each with its interval and one line saying whose definition it uses.
import { EmptyState } from '../../components/empty-state';
import { MetricsHeader, Section, StatCell as MeanCell, Table, Td } from '../../components/metrics-table';
import type { MetricsPage } from '../../lib/engine/types';
import { analyseSpy, MIN_SAMPLES, type ProportionStat, type Rate, type SpyAnalysis, type Stat } from './analysis';
import { votingOf, type Voting } from './types';

const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(0)}%` : '—');
const num = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');

/** A rate shaded by how far its interval sits from the uniform chance: the bias a reader should see at a glance. */
function RateCell({ r, uniform }: { r: Rate; uniform: number }) {
  const off = r.offered > 0 && (r.ci95[0] > uniform || r.ci95[1] < uniform);
  return (
    <Td>
      <span
        className={off ? 'font-semibold text-amber-800 dark:text-amber-300' : ''}
        title={`${r.chosen} of ${r.offered}`}
      >
        {r.offered ? pct(r.rate) : '—'}
      </span>
      <span className="block text-xs text-zinc-500 dark:text-zinc-400">
        {r.offered ? `${pct(r.ci95[0])}–${pct(r.ci95[1])}` : ''}
      </span>
    </Td>
  );
}

const StatCell = ({ s, as = pct }: { s: Stat; as?: (x: number) => string }) => <MeanCell s={s} as={as} />;

/** A share (k of n) with its Wilson 95% interval underneath; the counts on hover. */
function ShareCell({ s, of }: { s: ProportionStat; of: string }) {
  if (s.n === 0) return <Td>—</Td>;
  return (
    <Td>
      <span title={`${s.k} of ${s.n} ${of}`}>{pct(s.mean)}</span>
      {s.ci95 && (
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">{`${pct(s.ci95[0])}–${pct(s.ci95[1])}`}</span>
      )}
    </Td>
  );
}

const PRESETS: Record<string, string> = { spygame: 'SpyGame', undercover: 'Undercover' };

/** The preset's name, with the way of voting when it is not the preset's own (SpyGame votes in turn, Undercover sealed). */
function presetLabel(preset: string, voting: Voting): string {
  const name = PRESETS[preset] ?? preset;
  if (voting === votingOf({ preset: preset === 'undercover' ? 'undercover' : 'spygame' })) return name;
  return `${name} (${voting === 'sealed' ? 'sealed votes' : 'votes in turn'})`;
}

/** The one line under a table's title that says whose definition it computes. */
function Definition({ children }: { children: string }) {
  return (
    <p data-testid="spy-definition" className="text-sm text-zinc-700 dark:text-zinc-300">
      {children}
    </p>
  );
}

const ordinal = (i: number) => `${i + 1}${['st', 'nd', 'rd'][i] ?? 'th'}`;

function SpyMetrics({ analysis: a }: { analysis: SpyAnalysis }) {
  return (
    <div className="flex flex-col gap-8">
      <MetricsHeader back="/metrics?game=spy" title="Who is the spy">
        The SpyGame paper&apos;s measures from {a.matches} finished {a.matches === 1 ? 'match' : 'matches'} and{' '}
        {a.calibrationMatches} content-free calibration {a.calibrationMatches === 1 ? 'run' : 'runs'}. Intervals are
        95%: Wilson score intervals for shares (win rate, probe accuracy, consistency, bias), bootstrap for means
        (rounds played, votes, scores; shown from {MIN_SAMPLES} values on).
      </MetricsHeader>

      <Section
        id="outcomes"
        title="Win, Round, Voted (Table 4)"
        hint="Per agent, preset and role. Matches: the matches it played in that role; seats: the seats it held in them (a host agent holds several seats of one match). Win rate: the share of its matches its side won. Rounds and votes received per round: averages over its seats. In host/guest tournaments the evaluated agent is the spy; the villager rows, the Undercover preset and the intervals are the arena's additions."
      >
        <Definition>
          SpyGame Table 4 (§3.4): Win = share of matches won; Round = rounds played, counting the round the player is
          voted out in; Voted = votes received per round (each round&apos;s first ballot).
        </Definition>
        {a.outcomes.length === 0 ? (
          <EmptyState>No finished Who-is-the-spy matches yet.</EmptyState>
        ) : (
          <Table
            head={[
              'Agent',
              'Preset',
              'Role',
              'Matches',
              'Seats',
              'Win rate ↑',
              'Rounds played ↑',
              'Votes received per round ↓',
            ]}
            testId="spy-outcomes"
          >
            {a.outcomes.map((o) => (
              <tr
                key={`${o.agentId}-${o.preset}-${o.voting}-${o.role}`}
                className="border-t border-zinc-100 dark:border-zinc-800"
                data-testid="spy-outcome-row"
              >
                <Td left>{o.agentName}</Td>
                <Td>{presetLabel(o.preset, o.voting)}</Td>
                <Td>{o.role}</Td>
                <Td>{o.matches}</Td>
                <Td>{o.seats}</Td>
                <ShareCell s={o.win} of="matches won" />
                <StatCell s={o.round} as={num} />
                <StatCell s={o.voted} as={num} />
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section
        id="probes"
        title="Theory of mind (Table 7)"
        hint="Accuracy of the answers right before the first vote, per agent, role and preset, spies first (the paper reports the guest, who plays the spy): does it know whether it is the spy (self-identity); the other players' words and roles (first order); what the other players will guess its own word and role to be (second order). Answers: one per seat per match; the first-order shares count one question per other player; a second-order guess is compared with each other player's own answer about it, so it counts once per other player who answered. Unanswered questions count as wrong. The villager rows are the arena's addition."
      >
        <Definition>
          SpyGame Table 7 (§4.3): asked before the first vote; 1-word and 1-identity against the truth; 2-word and
          2-identity against the other players&apos; own first-order answers.
        </Definition>
        {a.probes.length === 0 ? (
          <EmptyState>
            No probe answers yet (matches with probes switched on answer them before the first vote).
          </EmptyState>
        ) : (
          <Table
            head={[
              'Agent',
              'Role',
              'Preset',
              'Probe answers',
              'Own role (self-identity)',
              'Others’ words (1-word)',
              'Others’ roles (1-identity)',
              'Its word as the others see it (2-word)',
              'Its role as the others see it (2-identity)',
            ]}
            testId="spy-probes"
          >
            {a.probes.map((p) => (
              <tr
                key={`${p.agentId}-${p.role}-${p.preset}-${p.voting}`}
                className="border-t border-zinc-100 dark:border-zinc-800"
                data-testid="spy-probe-row"
              >
                <Td left>{p.agentName}</Td>
                <Td>{p.role}</Td>
                <Td>{presetLabel(p.preset, p.voting)}</Td>
                <Td>{p.answers}</Td>
                <ShareCell s={p.self} of="answers right" />
                <ShareCell s={p.word1} of="words right" />
                <ShareCell s={p.identity1} of="roles right" />
                <ShareCell s={p.word2} of="guesses right" />
                <ShareCell s={p.identity2} of="guesses right" />
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section
        id="consistency"
        title="Description consistency"
        hint="Whether each description is true of its speaker's own word, as the tournament's consistency judge scored it after the match (1 = contradicts the word, 5 = clearly true of it). A spy who describes the villagers' word instead of its own shows up here."
      >
        <Definition>
          The arena&apos;s own measure, not in the SpyGame paper: an LLM judge&apos;s 1–5 score of each description
          against its speaker&apos;s word (3 or more counts as consistent).
        </Definition>
        {a.consistency.length === 0 ? (
          <EmptyState>
            No judged descriptions yet. Pick a consistency judge (any LLM agent) when scheduling a Who-is-the-spy
            tournament: it scores every description after each match.
          </EmptyState>
        ) : (
          <Table
            head={['Agent', 'Role', 'Judge', 'Descriptions judged', 'Mean score (1–5) ↑', 'Judged consistent ↑']}
            testId="spy-consistency"
          >
            {a.consistency.map((c) => (
              <tr
                key={`${c.agentId}-${c.role}-${c.judgeName}`}
                className="border-t border-zinc-100 dark:border-zinc-800"
              >
                <Td left>{c.agentName}</Td>
                <Td>{c.role}</Td>
                <Td>{c.judgeName}</Td>
                <Td>{c.judged}</Td>
                <StatCell s={c.score} as={num} />
                <RateCell r={c.consistent} uniform={NaN} />
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section
        id="bias"
        title="Bias (content-free calibration)"
        hint="In a content-free run every description is “...”, so a vote carries no information: an unbiased agent picks each option, speaking place and name equally often. Shown: the chance of choosing a candidate in the first round's vote, by where it stood; bold = the interval misses the uniform chance. In a run that votes in turn, later voters also see the earlier votes."
      >
        <Definition>
          SpyGame §3.3 (Table 3, Figure 3): the probability of being voted by option place, speaking place and name when
          every description is “...”; the intervals and the chance line are the arena&apos;s.
        </Definition>
        {a.bias.length === 0 ? (
          <EmptyState>
            No calibration runs yet. An admin starts one as a host/guest tournament of Who is the spy with the “Who is
            the spy: calibration run” button under Game settings, which sets{' '}
            <code className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">
              {'{"spy": {"contentFree": true, "naming": "first-names"}}'}
            </code>{' '}
            (first names show the name bias too).
          </EmptyState>
        ) : (
          a.bias.map((b) => (
            <div
              key={`${b.agentId}-${b.naming}-${b.numPlayers}`}
              className="flex flex-col gap-2"
              data-testid="spy-bias"
            >
              <h3 className="font-semibold">
                {b.agentName}{' '}
                <span className="text-sm font-normal text-zinc-500">
                  · {b.numPlayers} players · {b.naming} names · {b.ballots} votes · uniform {pct(b.uniform)}
                </span>
              </h3>
              <Table head={['By', ...b.bySpeaking.map((_, i) => ordinal(i))]} caption="Chosen when offered">
                <tr className="border-t border-zinc-100 dark:border-zinc-800">
                  <Td left>option place</Td>
                  {b.bySpeaking.map((_, i) =>
                    b.byOption[i] ? <RateCell key={i} r={b.byOption[i]!} uniform={b.uniform} /> : <Td key={i}>—</Td>,
                  )}
                </tr>
                <tr className="border-t border-zinc-100 dark:border-zinc-800">
                  <Td left>speaking place</Td>
                  {b.bySpeaking.map((r, i) => (
                    <RateCell key={i} r={r} uniform={b.uniform} />
                  ))}
                </tr>
              </Table>
              {b.byName.length > 0 && (
                <details>
                  <summary className="cursor-pointer text-sm text-indigo-700 dark:text-indigo-300">
                    By name ({b.byName.length})
                  </summary>
                  <Table head={['Name', 'Chosen when offered']}>
                    {b.byName.map((n) => (
                      <tr key={n.name} className="border-t border-zinc-100 dark:border-zinc-800">
                        <Td left>{n.name}</Td>
                        <RateCell r={n.rate} uniform={b.uniform} />
                      </tr>
                    ))}
                  </Table>
                </details>
              )}
            </div>
          ))
        )}
      </Section>
    </div>
  );
}

export const spyMetrics: MetricsPage<SpyAnalysis> = {
  title: 'Who is the spy · Metrics',
  // The newest finished matches, each replayed from its seed and moves (`npm run bench:analysis`).
  maxMatches: 3000,
  // Its tables are per preset (SpyGame's, Undercover's, the content-free calibration runs): every preset of the
  // current rules, each in its own rows.
  presets: 'separate',
  analyse: analyseSpy,
  Page: SpyMetrics,
  link: {
    text: 'Who is the spy: the SpyGame tables',
    detail:
      '— win, rounds played and votes per role, the theory-of-mind probes, and the bias of content-free calibration runs.',
  },
};
