// User flow of Hive: a person places a piece against Random by clicking the hand and then a hex. (A spectator's flow
// is e2e/games.spec.ts's, for every game; the hex drawing is checked in games/hive/board.test.tsx.)
import { expect, test } from '@playwright/test';
import { playRandom } from '../../e2e/play-helpers';

test('a person places a Hive piece against Random: pick the bug in hand, then a hex', async ({ page }) => {
  test.setTimeout(120_000);
  await playRandom(page, { name: 'Hive', game: 'Hive', seat: 'Blue' });
  await expect(page.getByTestId('turn-state').filter({ hasText: 'your move' })).toBeVisible({ timeout: 60_000 });

  const board = page.getByTestId('board');
  await expect(board.getByRole('group', { name: 'Hive board' })).toBeVisible();
  // Before choosing a piece, a hex cannot be played and says why.
  await expect(board.getByRole('button', { name: 'Empty hex (0,0)' })).toHaveAccessibleDescription(
    'Choose a piece from your hand or on the board first',
  );
  await board.getByRole('button', { name: 'Ant (3 in hand)' }).click();
  await board.getByRole('button', { name: 'Place Ant at (0,0)' }).click();
  await expect(page.getByTestId('transcript')).toContainText('Blue places an Ant at (0,0)');
  // Random answers, then it is the person's move again, with one Ant fewer in hand.
  await expect(page.getByTestId('transcript')).toContainText(/Green places an? \w+ at/, { timeout: 60_000 });
  await expect(page.getByTestId('turn-state').filter({ hasText: 'your move' })).toBeVisible({ timeout: 60_000 });
  await expect(board.getByRole('button', { name: 'Ant (2 in hand)' })).toBeVisible();
});
