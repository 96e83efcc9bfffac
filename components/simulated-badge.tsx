// The "simulated" label shown next to every agent or provider answered by the built-in simulated LLM endpoint.
export function SimulatedBadge() {
  return (
    <span
      title="Answered by the built-in simulated OpenAI-compatible endpoint, not a real language model"
      className="inline-flex shrink-0 items-center rounded-full border border-amber-300 bg-amber-50 px-1.5 py-px text-[0.65rem] font-semibold uppercase tracking-wide text-amber-800 dark:border-amber-700/70 dark:bg-amber-950/60 dark:text-amber-300"
    >
      simulated
    </span>
  );
}
