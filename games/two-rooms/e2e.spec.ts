// User flow of Two Rooms and a Boom: a person plays Blue 1 against Random from the Play page — sees their own card,
// and on each of their turns types and clicks: a question and "Ask <player>", an answer and "Say", or, as a leader,
// "Send <player>". (A spectator's flow is e2e/games.spec.ts's, for every game.)
import { expect, test } from '@playwright/test';
import { playRandom } from '../../e2e/play-helpers';

test('a person plays Two Rooms and a Boom against Random: asks, answers and sends hostages by clicking', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await playRandom(page, { name: 'Two Rooms', game: 'Two Rooms and a Boom', seat: 'Blue 1' });
  const yourMove = page.getByTestId('turn-state').filter({ hasText: 'your move' });
  const transcript = page.getByTestId('transcript');
  const board = page.getByTestId('board');

  await expect(board.getByRole('group', { name: 'Two Rooms and a Boom board' })).toBeVisible();
  await expect(board.getByTestId('trb-my-card')).toContainText(
    /You are Blue 1, Blue team: your card is (the President|a plain Blue card)/,
  );
  await expect(board.getByTestId('trb-room-0')).toBeVisible();
  await expect(board.getByTestId('trb-room-1')).toBeVisible();
  // Another seat's card is on the board only once that seat has shown it to you (Random may, before your first turn):
  // the Bomber (a Red card: never Blue 1's own) only with the line that says so.
  if (await board.getByText('Bomber', { exact: true }).count())
    await expect(transcript).toContainText(/shows you their card: the Bomber/);

  for (let moves = 0; moves < 3; moves++) {
    await expect(yourMove).toBeVisible({ timeout: 60_000 });
    const question = board.getByRole('textbox', { name: 'Your question' });
    const answer = board.getByRole('textbox', { name: 'Your answer' });
    if (await question.isVisible()) {
      await question.fill(`Which card do you hold? (${moves})`);
      await board
        .getByRole('button', { name: /^Ask (Blue|Red) [1-3]$/ })
        .first()
        .click();
      await expect(transcript).toContainText(
        new RegExp(`Blue 1 asks (Blue|Red) [1-3]: “Which card do you hold\\? \\(${moves}\\)”`),
      );
    } else if (await answer.isVisible()) {
      await answer.fill(`Just a plain Blue card (${moves}).`);
      await board.getByRole('button', { name: 'Say', exact: true }).click();
      await expect(transcript).toContainText(
        new RegExp(`Blue 1 answers (Blue|Red) [1-3]: “Just a plain Blue card \\(${moves}\\)\\.”`),
      );
    } else {
      await board
        .getByRole('button', { name: /^Send (Blue|Red) [1-3]$/ })
        .first()
        .click();
      await expect(transcript).toContainText(/Blue 1, leader of Room [12], has chosen a hostage/);
    }
  }
});
