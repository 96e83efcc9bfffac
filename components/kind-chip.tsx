// A small chip naming an agent's kind (llm, engine, random, human).
export function KindChip({ kind }: { kind: string }) {
  return (
    <span className="inline-flex shrink-0 items-center rounded bg-zinc-100 px-1.5 py-px font-mono text-[0.65rem] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
      {kind}
    </span>
  );
}
