// A small chip naming what plays a seat (LLM, engine, random, person); people stand out, as the human baseline. The
// kind is named in words in the page's own face: in a small monospace face "llm" read as "11m".
/** The chip's words for each agent kind. */
export const KIND_LABELS: Record<string, string> = { llm: 'LLM', engine: 'engine', random: 'random', human: 'person' };

/** The chip's words for an agent kind; an unknown kind as it is written. */
export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

export function KindChip({ kind }: { kind: string }) {
  const tone =
    kind === 'human'
      ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200'
      : 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300';
  return (
    <span
      data-kind={kind}
      className={`inline-flex shrink-0 items-center rounded px-1.5 py-px text-[0.7rem] font-medium tracking-wide ${tone}`}
    >
      {kindLabel(kind)}
    </span>
  );
}
