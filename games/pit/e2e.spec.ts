// User flow of Pit: a person plays against Random from the Play page — offers cards by clicking a card then the
// player (the Offer button says why it waits until cards are chosen), then answers Random's offer by clicking. (A
// spectator's flow is e2e/games.spec.ts's, for every game.)
import { expect, test } from '@playwright/test';
import { playRandom } from '../../e2e/play-helpers';

test('a person plays Pit against Random: an offer by clicking a card and a player, then an answer', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await playRandom(page, { name: 'Pit', game: 'Pit', seat: 'Player 1' });
  const yourMove = page.getByTestId('turn-state').filter({ hasText: 'your move' });
  const transcript = page.getByTestId('transcript');
  const board = page.getByTestId('board');

  // Player 1 offers first: the Offer button waits for cards, then one click on a card and one on the player.
  await expect(yourMove).toBeVisible({ timeout: 60_000 });
  await expect(board.getByRole('group', { name: 'Pit board' })).toBeVisible();
  await expect(board.getByRole('region', { name: 'Your hand' })).toBeVisible();
  const offer = board.getByRole('button', { name: 'Offer to Player 2' });
  await expect(offer).toHaveAccessibleDescription('Choose 1 to 4 cards of one kind from your hand first');
  await board.locator('button[aria-label$=" card 1"]').first().click();
  await expect(offer).toContainText(/Offer 1 (Wheat|Barley|Corn|Soybeans|Bull|Bear) to Player 2/);
  await offer.click();
  await expect(transcript).toContainText('Player 1 offers 1 card to Player 2.');
  // Random answers at once, then offers: the person answers by clicking Refuse or a kind to give back.
  await expect(transcript).toContainText(/Player 2 (accepts|refuses)/, { timeout: 60_000 });
  await expect(transcript).toContainText(/Player 2 offers \d cards? to Player 1\./, { timeout: 60_000 });
  await expect(yourMove).toBeVisible({ timeout: 60_000 });
  await expect(board.getByTestId('pit-offer')).toContainText(/offers you \d cards? of one kind/);
  await board.getByRole('button', { name: 'Refuse' }).click();
  await expect(transcript).toContainText("Player 1 refuses Player 2's offer.");
});
