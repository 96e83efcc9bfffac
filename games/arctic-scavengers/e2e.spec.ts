// User flow of Arctic Scavengers: a person plays against Random from the Play page — in round 1 (Player 1 gathers
// first) the DIG button says why it waits until cards are selected, then the person selects a card and TRASHes it,
// STOPs gathering, watches Random gather and the skirmish resolve, and gets their turn again in round 2. (A
// spectator's flow is e2e/games.spec.ts's, for every game.)
import { expect, test } from '@playwright/test';
import { playRandom } from '../../e2e/play-helpers';

test('a person plays Arctic Scavengers against Random: a TRASH by clicking a card and the action, STOP, the skirmish, round 2', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await playRandom(page, { name: 'Arctic', game: 'Arctic Scavengers', seat: 'Player 1' });
  const yourMove = page.getByTestId('turn-state').filter({ hasText: 'your move' });
  const transcript = page.getByTestId('transcript');
  const board = page.getByTestId('board');

  await expect(yourMove).toBeVisible({ timeout: 60_000 });
  await expect(board.getByRole('group', { name: 'Arctic Scavengers board' })).toBeVisible();
  await expect(board.getByRole('region', { name: 'Your hand' })).toBeVisible();
  const dig = board.getByTestId('action-dig');
  await expect(dig).toHaveAccessibleDescription('Select the cards to play for DIG first.');

  // Select the first card of the hand and trash it (any card may be trashed).
  const first = board.getByTestId('hand-card-0');
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await board.getByTestId('action-trash').click();
  await expect(transcript).toContainText(/Player 1 trashes [A-Za-z ]+ into the junkyard\./);

  // Stop gathering: Random gathers, the skirmish resolves (nobody holds a Sniper Team or Saboteur in round 1).
  await expect(yourMove).toBeVisible({ timeout: 60_000 });
  await board.getByTestId('action-stop').click();
  await expect(transcript).toContainText('Player 1 stops gathering.');
  await expect(transcript).toContainText(/wins the skirmish|The skirmish is tied/, { timeout: 90_000 });
  await expect(board.getByTestId('skirmish-1')).toBeVisible();
  await expect(transcript).toContainText('Round 2 of 6', { timeout: 60_000 });
  // Round 2: Player 2 gathers first, then it is the person's move again.
  await expect(yourMove).toBeVisible({ timeout: 90_000 });
  await expect(board.getByTestId('action-stop')).toBeVisible();
});
