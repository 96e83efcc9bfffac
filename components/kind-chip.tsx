// A small chip naming an agent's kind (llm, engine, random, human); people stand out, as the human baseline.
export function KindChip({ kind }: { kind: string }) {
  const tone =
    kind === 'human'
      ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200'
      : 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300';
  return (
    <span className={`inline-flex shrink-0 items-center rounded px-1.5 py-px font-mono text-[0.65rem] ${tone}`}>
      {kind}
    </span>
  );
}
