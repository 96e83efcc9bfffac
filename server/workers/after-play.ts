// The stages after play, registered like games: what runs after each finished match of a tournament (SimulBench's
// scripts, answers, ratings and comparisons; the consistency judge). Each stage is declared beside its code and says
// what it needs from the tournament's stored config, in TypeScript and in SQL (one rule: the claim's one-statement
// path marks a match's stages pending in SQL); the match worker runs every registered stage whose needs the
// tournament meets, in this order, and names none. While they run, the match holds its tournament open
// (`matches.stages_pending`, set when the match is claimed). Adding a stage: its declaration, and one line here.
import type { Db } from '../../lib/db/client';
import { consistencyJudgeStage } from '../agents/judge';
import { simulbenchStage } from '../simulbench/pipeline';

/** A tournament's config as stored (its spec, seed, round…), read by each stage for what it needs. */
export type StoredTournamentConfig = Readonly<Record<string, unknown>>;

export interface AfterPlayStage<Need = unknown> {
  /** How the logs name it: "<name> failed: …". */
  name: string;
  /** What the stage needs from the tournament's stored config to run after its matches; null: it does not run there. */
  needs(config: StoredTournamentConfig): Need | null;
  /** `needs(config) !== null` in SQL over the tournaments row `t` (its jsonb `t.config`): the same rule. */
  needsSql: string;
  /**
   * The versions of the prompts (and data) the stage judges a match of this game with, by name (the consistency
   * judge: `{ consistency: 'consistency-1' }`); {} when it does nothing for the game. Recorded in the match's protocol
   * when the match is created (lib/match-protocol.ts).
   */
  promptVersions(gameId: string): Readonly<Record<string, string>>;
  /**
   * Runs on one finished match. Resolves with what it left without a result, in words for the log (null: nothing
   * left); throws when it failed as a whole. Either way the match's result stands.
   */
  run(db: Db, matchId: string, tournamentId: string, need: Need): Promise<string | null>;
}

/** Every stage after play, in the order they run (SimulBench's stages have their own judge: no tournament has both). */
export const AFTER_PLAY_STAGES: readonly AfterPlayStage[] = [simulbenchStage, consistencyJudgeStage];

/** The stages that run after each match of a tournament with this stored config, with what each needs from it. */
export function stagesAfterPlay(
  config: StoredTournamentConfig | null | undefined,
  stages: readonly AfterPlayStage[] = AFTER_PLAY_STAGES,
): { stage: AfterPlayStage; need: unknown }[] {
  if (!config) return [];
  return stages.flatMap((stage) => {
    const need = stage.needs(config);
    return need === null ? [] : [{ stage, need }];
  });
}

/** The prompt versions every stage after play that runs on this tournament's matches of `gameId` judges them with. */
export function judgeVersionsFor(
  config: StoredTournamentConfig | null | undefined,
  gameId: string,
  stages: readonly AfterPlayStage[] = AFTER_PLAY_STAGES,
): Record<string, string> {
  return Object.assign({}, ...stagesAfterPlay(config, stages).map(({ stage }) => stage.promptVersions(gameId)));
}

/** `stagesAfterPlay(t.config).length > 0` for the tournaments row `t`, in SQL (claimMatch's one-statement path). */
export const HAS_STAGES_AFTER_PLAY = `(${AFTER_PLAY_STAGES.map((s) => `(${s.needsSql})`).join(' OR ')})`;

/**
 * Runs a finished match's stages after play, one after the other. A stage that fails is logged with its reason and
 * leaves its own rows without a result (never the match's result, never the next stage).
 */
export async function runStagesAfterPlay(
  db: Db,
  matchId: string,
  tournamentId: string,
  log: (line: string) => void,
  stages: readonly AfterPlayStage[] = AFTER_PLAY_STAGES,
): Promise<void> {
  const t = await db.tournament.findUnique({ where: { id: tournamentId }, select: { config: true } });
  for (const { stage, need } of stagesAfterPlay(t?.config as StoredTournamentConfig | null, stages)) {
    await stage
      .run(db, matchId, tournamentId, need)
      .then((left) => left && log(`match ${matchId}: ${left}`))
      .catch((err) => log(`match ${matchId}: ${stage.name} failed: ${(err as Error).message}`));
  }
}
