// `npm run playthroughs [game ids…]`: writes every game's golden playthroughs (games/<id>/playthrough*.txt,
// lib/engine/playthrough.ts) whose game version differs from the version the file records, or that do not exist yet.
// Refuses (exit 1, naming the games) when a playthrough changed while its game's version did not: bump the version
// first. To write them all afresh (the first time they land with the changes they record), delete the files and run it.
import { existsSync, readFileSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { games, testGames } from '../games/registry';
import { checkPlaythrough, playthrough, playthroughPresets } from '../lib/engine/playthrough';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv.slice(2);
const all = [...games, ...testGames];
const unknown = only.filter((id) => !all.some((g) => g.id === id));
if (unknown.length) {
  console.error(`no game has the id ${unknown.join(', ')}; the games are ${all.map((g) => g.id).join(', ')}`);
  process.exit(1);
}

const refused: string[] = [];
for (const game of all.filter((g) => !only.length || only.includes(g.id))) {
  const folder = `${root}games/${game.id}`;
  const presets = playthroughPresets(game);
  for (const preset of presets) {
    const path = `${folder}/${preset.file}`;
    const kept = existsSync(path) ? readFileSync(path, 'utf8') : null;
    const fresh = playthrough(game, preset);
    const { status, message } = checkPlaythrough(game, preset.file, kept, fresh);
    if (status === 'same') continue;
    if (status === 'missing' || status === 'regenerate') {
      writeFileSync(path, fresh);
      console.log(`wrote games/${game.id}/${preset.file} (version ${game.version})`);
    } else {
      refused.push(game.id);
      console.error(message);
    }
  }
  // A playthrough of a preset the game no longer has.
  for (const f of readdirSync(folder).filter((f) => /^playthrough.*\.txt$/.test(f))) {
    if (presets.some((p) => p.file === f)) continue;
    unlinkSync(`${folder}/${f}`);
    console.log(`removed games/${game.id}/${f} (no such preset any more)`);
  }
}
if (refused.length) {
  const ids = [...new Set(refused)];
  console.error(
    `\nRefused: the playthroughs of ${ids.join(', ')} changed while the game's version did not. ` +
      `Bump ${ids.map((id) => `games/${id}`).join(', ')} version, then run npm run playthroughs.`,
  );
  process.exit(1);
}
