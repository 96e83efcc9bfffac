// User flow of Codenames: a person plays against Random from the Play page — as Red Operative, clicks a word to guess
// it (and "Stop guessing" when the turn goes on), never seeing the key; as Red Spymaster, sees the key, is told why a
// board word cannot be a clue, then types a clue word, picks a number and clicks "Give clue". (A spectator's flow is
// e2e/games.spec.ts's, for every game.)
import { expect, test } from '@playwright/test';
import { playRandom } from '../../e2e/play-helpers';

test('a person plays Codenames as Red Operative against Random: guesses by clicking a word', async ({ page }) => {
  test.setTimeout(120_000);
  await playRandom(page, { name: 'Codenames op', game: 'Codenames', seat: 'Red Operative' });
  const yourMove = page.getByTestId('turn-state').filter({ hasText: 'your move' });
  const transcript = page.getByTestId('transcript');
  const board = page.getByTestId('board');

  await expect(board.getByRole('group', { name: 'Codenames board' })).toBeVisible();
  await expect(board.getByRole('gridcell')).toHaveCount(25);
  // Random's spymaster cannot write a clue: the game's stand-in clue is played for it.
  await expect(transcript).toContainText(/Red Spymaster gives the clue “[A-Z]+” \d/, { timeout: 60_000 });
  await expect(yourMove).toBeVisible({ timeout: 60_000 });
  await expect(board.getByTestId('cn-clue')).toContainText('Clue from Red');
  // An operative never sees the key.
  await expect(board.locator('[aria-label*="(key:"]')).toHaveCount(0);
  await expect(board.getByRole('button', { name: 'Stop guessing' })).toHaveCount(0);

  await board
    .getByRole('button', { name: /^Guess [A-Z]+$/ })
    .first()
    .click();
  await expect(transcript).toContainText(
    /Red Operative guesses [A-Z]+: (a Red agent|a Blue agent|an innocent bystander|the assassin)\./,
  );
  const stop = board.getByRole('button', { name: 'Stop guessing' });
  if (await stop.isVisible()) {
    await stop.click();
    await expect(transcript).toContainText('Red Operative stops guessing.');
  }
});

test('a person plays Codenames as Red Spymaster against Random: gives a clue by typing it', async ({ page }) => {
  test.setTimeout(120_000);
  await playRandom(page, { name: 'Codenames spy', game: 'Codenames', seat: 'Red Spymaster' });
  const yourMove = page.getByTestId('turn-state').filter({ hasText: 'your move' });
  const transcript = page.getByTestId('transcript');
  const board = page.getByTestId('board');

  await expect(yourMove).toBeVisible({ timeout: 60_000 });
  // The spymaster sees the key: every word carries its colour.
  await expect(board.locator('[aria-label*="(key:"]')).toHaveCount(25);
  await expect(board.locator('[aria-label$="(key: assassin)"]')).toHaveCount(1);

  const word = board.getByRole('textbox', { name: 'Clue word' });
  const give = board.getByRole('button', { name: 'Give clue' });
  await expect(give).toHaveAccessibleDescription('Type a clue word first');
  // A word on the board is refused, with the reason.
  const first = (
    await board
      .getByTestId(/^cn-card-/)
      .first()
      .innerText()
  ).trim();
  await word.fill(first.toLowerCase());
  await expect(give).toHaveAccessibleDescription(/is a word on the board/);
  await word.fill('quokka');
  await board.getByRole('combobox', { name: 'Clue number' }).selectOption('2');
  await give.click();
  await expect(transcript).toContainText('Red Spymaster gives the clue “QUOKKA” 2.');
  // Random's operative guesses at least once on it.
  await expect(transcript).toContainText(/Red Operative guesses [A-Z]+/, { timeout: 60_000 });
});
