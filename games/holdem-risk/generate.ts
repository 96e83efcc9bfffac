// Prints the probe's spot set (games/holdem-risk/spots.json) from its seeded procedure:
//   npx tsx games/holdem-risk/generate.ts > games/holdem-risk/spots.json
// The set is data: regenerating it must give the same file (spots.test.ts checks it); a changed procedure needs a new version.
import { GENERATOR_SEED, WIN_RATE_METHOD, generateSpots } from './spots';

/** The file's text: the header fields, then one spot per line. */
export function spotsFile(version = 'holdem-risk-v1'): string {
  const head = { version, seed: GENERATOR_SEED, method: WIN_RATE_METHOD };
  const fields = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  const spots = generateSpots().map((s) => `    ${JSON.stringify(s)}`);
  return ['{', ...fields, '  "spots": [', spots.join(',\n'), '  ]', '}', ''].join('\n');
}

if (process.argv[1]?.endsWith('generate.ts')) process.stdout.write(spotsFile(process.argv[2]));
