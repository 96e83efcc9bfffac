// Refuses, in one line, to run the server on a Node older than the arena needs. Imported first by server/main.ts: the
// leaderboard's worker threads load TypeScript through tsx, which a Node 20 cannot do ("Unknown file extension .ts"),
// and that would otherwise only show minutes later, as a leaderboard that never computes.

/** The oldest major version the server runs on (package.json `engines`; `npm start` uses the bundled Node 22). */
export const MIN_NODE_MAJOR = 22;

/** The refusal for `version` (e.g. process.versions.node), or null when it is recent enough. */
export function nodeVersionProblem(version: string): string | null {
  const major = Number(version.split('.')[0]);
  if (Number.isInteger(major) && major >= MIN_NODE_MAJOR) return null;
  return (
    `arena: Node ${version} is too old: the server needs Node ${MIN_NODE_MAJOR} or later. Start it with \`npm start\` ` +
    '(or `npx tsx server/main.ts`), which run the Node 22 that `npm install` put in node_modules/.bin, or install Node 22.'
  );
}

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
