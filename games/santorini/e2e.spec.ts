// User flows of Santorini: a person plays against Random from the Play page — both placements, then a turn of two
// clicks (where the pawn moves, then where it builds), with a disabled square saying why and Escape taking a chosen
// move back. (A spectator's flow is e2e/games.spec.ts's, for every game.)
import { expect, test } from '@playwright/test';
import { playRandom } from '../../e2e/play-helpers';

test('a person plays Santorini against Random: placements, then a move and a build by clicking', async ({ page }) => {
  test.setTimeout(120_000);
  await playRandom(page, { name: 'Santorini', game: 'Santorini', seat: 'Player 1' });
  const yourMove = page.getByTestId('turn-state').filter({ hasText: 'your move' });
  const transcript = page.getByTestId('transcript');
  const board = page.getByTestId('board');
  const enabled = (prefix: string) => board.locator(`button[aria-label^="${prefix}"]:not([aria-disabled])`).first();

  // Placement: A, then (after Random's X) B on the first free square.
  await expect(yourMove).toBeVisible({ timeout: 60_000 });
  await expect(board.getByRole('group', { name: 'Santorini board' })).toBeVisible();
  await board.getByRole('button', { name: 'Place A at c3' }).click();
  await expect(transcript).toContainText('Player 1 places A at c3');
  await expect(transcript).toContainText(/Player 2 places X at [a-e][1-5]/, { timeout: 60_000 });
  await expect(yourMove).toBeVisible({ timeout: 60_000 });
  // A taken square cannot be chosen and says who holds it.
  await expect(board.getByRole('button', { name: 'Place B at c3' })).toHaveAccessibleDescription(
    'c3 is taken by pawn A: place B on a free square',
  );
  const placeB = enabled('Place B at');
  const bSquare = (await placeB.getAttribute('aria-label'))!.replace('Place B at ', '');
  await placeB.click();
  await expect(transcript).toContainText(`Player 1 places B at ${bSquare}`);
  await expect(transcript).toContainText(/Player 2 places Y at [a-e][1-5]/, { timeout: 60_000 });

  // The first turn plays pawn A: B cannot be chosen (pawns alternate). Choose a move target with the keyboard, take it
  // back with Escape, then choose one and a build square by clicking.
  await expect(yourMove).toBeVisible({ timeout: 60_000 });
  await expect(board.getByRole('button', { name: `Pawn B at ${bSquare}` })).toHaveAccessibleDescription(
    'Pawns alternate: this turn you play pawn A, not B',
  );
  const moveTarget = enabled('Move A to');
  await moveTarget.focus();
  await page.keyboard.press('Enter');
  await expect(board.getByTestId('santorini-prompt')).toContainText('Choose where A builds');
  await page.keyboard.press('Escape');
  await expect(board.getByTestId('santorini-prompt')).toContainText('Choose where pawn A moves');
  await enabled('Move A to').click();
  await expect(board.getByTestId('santorini-prompt')).toContainText('Choose where A builds');
  await enabled('Build on').click();
  await expect(transcript).toContainText(
    /Player 1 moves A from c3 to [a-e][1-5] \(level 0\) and builds on [a-e][1-5] \(now level 1\)/,
  );
  // Random answers with pawn X, and the next turn is the person's again, with pawn B.
  await expect(transcript).toContainText(/Player 2 moves X from [a-e][1-5] to [a-e][1-5]/, { timeout: 60_000 });
});
