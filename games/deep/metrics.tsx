// DEEP's results page (/metrics/deep, registered in games/metrics.ts): the SpyGame paper's Table 1 (mean 1–5 scores
// of the target and the distractors for the aggressive and the conservative descriptions, per describer and judge,
// with bootstrap 95% intervals) and the judges' agreement.
import { EmptyState } from '../../components/empty-state';
import { MetricsHeader, Section, StatCell, Table, Td } from '../../components/metrics-table';
import type { MetricsPage } from '../../lib/engine/types';
import { analyseDeep, type DeepAnalysis } from './analysis';
import { DEEP_VERSION, DEEP_WORDS } from './words';

const score = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');
const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

function DeepMetrics({ analysis: a }: { analysis: DeepAnalysis }) {
  const judges = [...new Set(a.rows.map((r) => r.judgeName))];
  return (
    <div className="flex flex-col gap-8">
      <MetricsHeader back="/metrics" title="DEEP description test">
        From {a.matches} finished {a.matches === 1 ? 'match' : 'matches'} over the word set {DEEP_VERSION} (
        {DEEP_WORDS.length} words with three distractors each). Each description is scored 1 (does not match) to 5
        (matches perfectly) against its target and the distractors by judges who are not told the target. A good
        describer is clear when asked to be and vague when asked to be. DEEP is never rated on the leaderboard.
      </MetricsHeader>

      <Section
        id="table-1"
        title="Description scores (Table 1)"
        hint="Mean scores with bootstrap 95% intervals over the scored descriptions (the distractor score is the mean over a description's three distractors). Aggressive: target ↑, distractor ↓. Conservative: target ↓, distractor ↑. People who judged are pooled as the human evaluation."
      >
        {a.rows.length === 0 ? (
          <EmptyState>
            No scored DEEP descriptions yet. Schedule a host/guest tournament of “DEEP description test” with the models
            to evaluate as guests (they describe) and a judge model as host, or judge one yourself from the Play page.
          </EmptyState>
        ) : (
          judges.map((judge) => (
            <Table
              key={judge}
              caption={`Judged by ${judge}`}
              head={[
                'Describer',
                'Scored',
                'Aggressive target ↑',
                'Aggressive distractor ↓',
                'Conservative target ↓',
                'Conservative distractor ↑',
              ]}
              testId="deep-table"
            >
              {a.rows
                .filter((r) => r.judgeName === judge)
                .map((r) => (
                  <tr key={`${r.describerId}-${r.judgeId}`} className="border-t border-zinc-100 dark:border-zinc-800">
                    <Td left>{r.describerName}</Td>
                    <Td>{r.scored}</Td>
                    <StatCell s={r.aggressiveTarget} as={score} />
                    <StatCell s={r.aggressiveDistractor} as={score} />
                    <StatCell s={r.conservativeTarget} as={score} />
                    <StatCell s={r.conservativeDistractor} as={score} />
                  </tr>
                ))}
            </Table>
          ))
        )}
      </Section>

      <Section
        id="agreement"
        title="Agreement between judges"
        hint="Matches with two judges (a person and a model, or two models) score exactly the same descriptions: every word's score is compared. Pearson's r over the paired scores; exact and within-one-point agreement."
      >
        {a.agreement.length === 0 ? (
          <EmptyState>
            No description has been scored by two judges yet: play DEEP with three seats (a describer and two judges),
            e.g. from the Play page as Judge 1 next to a model judge.
          </EmptyState>
        ) : (
          <Table
            head={['Judges', 'Descriptions', 'Scores compared', 'Exact', 'Within 1', 'Mean |difference|', 'Pearson r']}
            testId="deep-agreement"
          >
            {a.agreement.map((g) => (
              <tr key={g.judges.join('|')} className="border-t border-zinc-100 dark:border-zinc-800">
                <Td left>
                  {g.judges[0]} · {g.judges[1]}
                </Td>
                <Td>{g.descriptions}</Td>
                <Td>{g.pairs}</Td>
                <Td>{pct(g.exact)}</Td>
                <Td>{pct(g.withinOne)}</Td>
                <Td>{score(g.meanAbsDiff)}</Td>
                <Td>{g.pearson === null ? '—' : g.pearson.toFixed(2)}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </div>
  );
}

export const deepMetrics: MetricsPage<DeepAnalysis> = {
  title: 'DEEP · Metrics',
  // The newest finished matches, each replayed from its seed and moves (each is small: a few words, two descriptions each).
  maxMatches: 3000,
  analyse: analyseDeep,
  Page: DeepMetrics,
};
