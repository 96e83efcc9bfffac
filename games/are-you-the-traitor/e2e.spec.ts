// User flow of Are You the Traitor?: a person plays Player 1 against Random from the Play page — sees their own role
// (and no one else's), types a message and clicks "Say", then, if the match is still on when their turn comes again,
// clicks "Pass". Random players shout Stop often, so a match is short. (A spectator's flow is e2e/games.spec.ts's, for
// every game.)
import { expect, test } from '@playwright/test';
import { playRandom } from '../../e2e/play-helpers';

test('a person plays Are You the Traitor? against Random: says a message and passes by clicking', async ({ page }) => {
  test.setTimeout(180_000);
  await playRandom(page, { name: 'Traitor', game: 'Are You the Traitor?', seat: 'Player 1' });
  const yourMove = page.getByTestId('turn-state').filter({ hasText: 'your move' });
  const transcript = page.getByTestId('transcript');
  const board = page.getByTestId('board');

  await expect(board.getByRole('group', { name: 'Are You the Traitor? board' })).toBeVisible();
  // Random players may shout Stop and end the match before the page has shown it running (the board then shows every
  // role, and there is no turn to play): "Play again" starts another (seats swapped), up to six matches in all.
  for (let tries = 1; ; tries++) {
    const mineShown = board.getByTestId('ayt-my-role');
    const over = page.getByTestId('your-result');
    await expect(mineShown.or(over)).toBeVisible();
    if (await mineShown.isVisible()) break;
    expect(tries, 'six matches in a row ended before the page showed them running').toBeLessThan(6);
    const previous = page.url();
    await page.getByRole('button', { name: 'Play again' }).click();
    await page.waitForURL((u) => u.toString() !== previous && /\/matches\/[a-z0-9]+$/.test(u.pathname));
  }
  const me = /You play (Player \d)/.exec(await page.getByTestId('seat-panel').innerText())![1]!;
  await expect(board.getByTestId('ayt-my-role')).toContainText(new RegExp(`You are ${me}, the`));
  await expect(board.getByTestId('ayt-my-role')).toContainText(
    /, the (Traitor|Evil Wizard|Good Wizard|Key Holder|Guard) \((Good|Evil) team\)/,
  );
  await expect(board.getByTestId('ayt-my-treasure')).toContainText('Your treasure:');
  // Exactly one role is named on the board while the match runs: the person's own.
  const roles = await board.getByTestId('ayt-my-role').innerText();
  const mine = /the (Traitor|Evil Wizard|Good Wizard|Key Holder|Guard) \(/.exec(roles)![1]!;
  for (const other of ['Evil Wizard', 'Good Wizard', 'Key Holder'].filter((r) => r !== mine)) {
    await expect(board.getByTestId('ayt-chat').getByText(other, { exact: true })).toHaveCount(0);
  }

  const gameOver = board.getByTestId('ayt-status').filter({ hasText: /Game over|The match is over/ });
  await expect(yourMove.or(gameOver)).toBeVisible({ timeout: 90_000 });
  if (await gameOver.isVisible()) return;
  await board.getByRole('textbox', { name: 'Your message' }).fill('I am a loyal Guard, trust me.');
  await board.getByRole('button', { name: 'Say', exact: true }).click();
  await expect(transcript).toContainText(`${me} says: “I am a loyal Guard, trust me.”`);
  if (mine === 'Traitor') await expect(board.getByRole('button', { name: /^Stop: point at/ })).toHaveCount(0);

  await expect(yourMove.or(gameOver)).toBeVisible({ timeout: 90_000 });
  if (await gameOver.isVisible()) return;
  await board.getByRole('button', { name: 'Pass', exact: true }).click();
  await expect(transcript).toContainText(`${me} passes`);
});
