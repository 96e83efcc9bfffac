// User flow of Air, Land and Sea: a person plays against Random from the Play page by clicking — a hand card, then
// "Face up" or "Facedown" in a theater — for a few turns, answering any ability's choice by clicking its target (or
// Skip). (A spectator's flow is e2e/games.spec.ts's, for every game.)
import { expect, test, type Locator } from '@playwright/test';
import { playRandom } from '../../e2e/play-helpers';

test('a person plays Air, Land and Sea against Random: cards played by clicking a card then a theater', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await playRandom(page, { name: 'ALS', game: 'Air, Land and Sea', seat: 'Player 1' });
  const yourMove = page.getByTestId('turn-state').filter({ hasText: 'your move' });
  const transcript = page.getByTestId('transcript');
  const board = page.getByTestId('board');

  await expect(board.getByRole('group', { name: 'Air, Land and Sea board' })).toBeVisible();
  for (const t of ['Air', 'Land', 'Sea'])
    await expect(board.getByRole('region', { name: `${t} theater` })).toBeVisible();
  await expect(board.getByRole('region', { name: 'Your hand' })).toBeVisible();

  let played = 0;
  for (let turn = 0; turn < 8 && played < 3; turn++) {
    await expect(yourMove).toBeVisible({ timeout: 60_000 });
    const handCards: Locator = board.locator('button[aria-label^="Play "]');
    if ((await handCards.count()) > 0) {
      // A turn: pick a card, then the first theater button offered for it.
      await handCards.first().click();
      const place = board
        .locator(
          'section[aria-label$=" theater"] button[aria-label^="Deploy "], section[aria-label$=" theater"] button[aria-label^="Improvise "]',
        )
        .first();
      await expect(place).toBeVisible();
      const label = (await place.getAttribute('aria-label'))!;
      await place.click();
      played++;
      // Each play is one more line of the transcript saying so.
      await expect(transcript.getByText(/Player 1 (deploys|improvises)/)).toHaveCount(played, { timeout: 30_000 });
      expect(label).toMatch(/^(Deploy|Improvise) /);
    } else {
      // An ability's choice: a card to flip or return, a theater to reinforce, or Skip; answered, the choice goes.
      const choice = board
        .locator(
          'button[aria-label^="Flip "], button[aria-label^="Return "], button[aria-label^="Reinforce to "], button[aria-label="Skip"]',
        )
        .first();
      const label = (await choice.getAttribute('aria-label'))!;
      await choice.click();
      await expect(board.locator(`button[aria-label="${label}"]`)).toHaveCount(0, { timeout: 30_000 });
    }
  }
  expect(played).toBeGreaterThan(0);
});
