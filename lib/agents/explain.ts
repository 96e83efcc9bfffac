// GameBench's Explain(topic): a game's rules summary is shown, its topics are withheld until the model asks for one.
// Pure text and parsing, shared by the LLM player (server/agents/llm.ts), the simulated endpoint and the tests.

/**
 * How an LLM agent gets a game's rules topics (`games/<id>` `rules.topics`):
 * - `explain` (prompt version v2 onwards, the default): the system prompt lists the topics; the model may answer
 *   `Explain(<topic>)` instead of a move to read one (at most MAX_EXPLAINS per turn), and is then asked the turn again;
 * - `upfront` (the agent setting "full rules up front"): every topic's text is in the system prompt, nothing withheld;
 * - `none`: agents of prompt version v1, which played before Explain existed: no topics, as then.
 */
export type RulesMode = 'explain' | 'upfront' | 'none';

/** Explanations a model may ask for in one turn; a further request is refused and the turn must be answered. */
export const MAX_EXPLAINS = 3;

/** What the system prompt adds for the topics, by mode ('' for none or a game without topics). */
export function rulesTopicsText(topics: Record<string, string>, mode: RulesMode): string {
  const names = Object.keys(topics);
  if (mode === 'none' || names.length === 0) return '';
  if (mode === 'upfront') return `Rules in detail:\n${names.map((t) => `- ${t}: ${topics[t]}`).join('\n')}`;
  return (
    `Rules topics you can ask about: ${names.join(', ')}.\n` +
    `To read one before you move, answer with only Explain(<topic>), e.g. Explain(${names[0]}); you will be given its text and asked for ` +
    `your move again (at most ${MAX_EXPLAINS} topics per turn).`
  );
}

/**
 * The topic a reply asks to be explained, or null when it does not ask: its last non-empty line is `Explain(<topic>)`
 * (bold, code marks and quotes around it or the topic are allowed).
 */
export function parseExplain(text: string): string | null {
  const last =
    text
      .trim()
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .at(-1) ?? '';
  const m = /^[*_`\s]*explain\s*\(\s*["'“‘`]?([^()]+?)["'”’`]?\s*\)[*_`.\s]*$/i.exec(last);
  return m ? m[1]!.trim() : null;
}

/** The topic of the game a request names (case, spaces and hyphens ignored), or null. */
export function findTopic(topics: Record<string, string>, asked: string): string | null {
  const key = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');
  return Object.keys(topics).find((t) => key(t) === key(asked)) ?? null;
}

/** The message that answers a request: the topic's text, or what topics there are; then the turn is asked again. */
export function explainAnswer(topics: Record<string, string>, asked: string): { topic: string | null; answer: string } {
  const topic = findTopic(topics, asked);
  if (topic) return { topic, answer: `${topic}: ${topics[topic]}` };
  return {
    topic: null,
    answer: `There is no topic "${asked.slice(0, 80)}". The topics are: ${Object.keys(topics).join(', ')}.`,
  };
}
