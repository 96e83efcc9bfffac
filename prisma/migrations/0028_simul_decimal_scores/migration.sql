-- SimulBench's judge may rate 7.5 (the authors' code reads decimal ratings: lib/simulbench/judge-prompts.ts
-- `parseRating`, prompt version simulbench-score-2). Whole ratings stored before are the same numbers.
ALTER TABLE "simul_answers" ALTER COLUMN "score" TYPE DOUBLE PRECISION;
