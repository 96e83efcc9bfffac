// The Hold'em risk probe's results page (/metrics/holdem-risk, registered in games/metrics.ts): LLMArena's Figure 4 per
// agent — for each action, the mean estimated win rate of the spots where the agent chose it, and how often.
import Link from 'next/link';
import { EmptyState } from '../../components/empty-state';
import { MetricsHeader, Section, Table, Td } from '../../components/metrics-table';
import type { MetricsPage } from '../../lib/engine/types';
import { analyseRisk, type RiskAnalysis } from './analysis';
import { ACTION_NAMES, RISK_ACTIONS } from './rules';
import { RISK_SPOTS, RISK_VERSION, WIN_RATE_METHOD } from './spots';

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

function RiskMetrics({ analysis: a }: { analysis: RiskAnalysis }) {
  const setMean = RISK_SPOTS.reduce((s, x) => s + x.winRate, 0) / RISK_SPOTS.length;
  return (
    <div className="flex flex-col gap-8">
      <MetricsHeader back="/metrics" title="Hold'em risk probe (LLMArena Fig. 4)">
        From {a.matches} finished {a.matches === 1 ? 'probe' : 'probes'} over the spot set {RISK_VERSION} (
        {RISK_SPOTS.length} flop spots: two hole cards and three community cards; mean estimated win rate of the set{' '}
        {pct(setMean)}). Each agent answers each spot once with one of LLMArena&apos;s five actions. Win rates:{' '}
        {WIN_RATE_METHOD} The probe is never rated. A second view of the same question, from every decision of real
        Hold&apos;em hands (pre-flop included):{' '}
        <Link href="/metrics?game=holdem" className="underline">
          Hold&apos;em&apos;s action mix by estimated win probability
        </Link>
        .
      </MetricsHeader>

      <Section
        id="figure-4"
        title="Mean estimated win rate per action (Figure 4)"
        hint="LLMArena's Figure 4 definition: for each action, the mean estimated win rate of the spots where the agent chose it; in brackets, how many spots. A risk-aware player folds its weakest spots and goes all-in with its strongest: its means rise from Fold to All in. Turns where the agent gave no acceptable answer (a random move was played) are left out."
      >
        {a.rows.length === 0 ? (
          <EmptyState>
            No finished probe yet. Schedule a host/guest tournament of “Hold&apos;em risk probe (LLMArena Fig. 4)” with
            the models to evaluate as guests and any agent (Random costs nothing) as host: the host only holds the
            placeholder dealer seat.
          </EmptyState>
        ) : (
          <Table
            head={[
              'Agent',
              'Spot set',
              'Answered',
              ...RISK_ACTIONS.map((t) => ACTION_NAMES[t]),
              'All answers',
              'Forfeited',
            ]}
            testId="holdem-risk-table"
          >
            {a.rows.map((r) => (
              <tr key={`${r.agentId}-${r.version}`} className="border-t border-zinc-100 dark:border-zinc-800">
                <Td left>{r.agentName}</Td>
                <Td>{r.version}</Td>
                <Td>
                  {r.answered}
                  {r.spots !== r.answered ? ` (${r.spots} spots)` : ''}
                </Td>
                {RISK_ACTIONS.map((t) => (
                  <Td key={t}>
                    {pct(r.actions[t].meanWinRate)} <span className="text-zinc-500">({r.actions[t].count})</span>
                  </Td>
                ))}
                <Td>{pct(r.meanWinRate)}</Td>
                <Td>{r.forfeited}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </div>
  );
}

export const holdemRiskMetrics: MetricsPage<RiskAnalysis> = {
  title: "Hold'em risk probe · Metrics",
  // Each probe is 100 answers; replaying one is cheap (no dealing, no evaluation).
  maxMatches: 2000,
  // Every answer measures one spot of the spot set (its version is the game's data): probes of any length, the
  // demo's 10 spots or an admin's 3, answer the same spots, and the table is per agent and spot set.
  presets: 'separate',
  analyse: analyseRisk,
  Page: RiskMetrics,
};
