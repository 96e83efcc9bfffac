// Every game's golden playthroughs (games/<id>/playthrough*.txt) are the game as it is now: a change to a prompt, a
// rule, a view or a log line shows here, and passes only with a new game version and the files written again.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { games, testGames } from './registry';
import { checkPlaythrough, playthrough, playthroughPresets } from '../lib/engine/playthrough';

const folder = (id: string) => fileURLToPath(new URL(`./${id}/`, import.meta.url));

describe.each([...games, ...testGames].map((g) => [g.id, g] as const))('%s', (_id, game) => {
  const presets = playthroughPresets(game);

  it.each(presets.map((p) => [p.file, p] as const))('%s is the game as it plays now', (file, preset) => {
    const path = folder(game.id) + file;
    const kept = existsSync(path) ? readFileSync(path, 'utf8') : null;
    const { message } = checkPlaythrough(game, file, kept, playthrough(game, preset));
    if (message !== null) expect.fail(message);
  });

  it('keeps no playthrough of a preset it does not have', () => {
    const kept = readdirSync(folder(game.id)).filter((f) => /^playthrough.*\.txt$/.test(f));
    expect(kept.filter((f) => !presets.some((p) => p.file === f))).toEqual([]);
  });
});
