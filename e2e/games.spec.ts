// User flow: a spectator opens a finished demo match of every game and steps through its replay: the board renders,
// the outcome is shown, the transcript has the game's end.
import { expect, test } from '@playwright/test';
import { games } from '../games/registry';

for (const game of games) {
  test(`a finished ${game.meta.title} match replays with its board and outcome`, async ({ page }) => {
    test.setTimeout(240_000);
    // The demo round robin plays every game; wait until one of this game's matches has finished (the export lists it).
    let id: string | undefined;
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/export/matches.jsonl?game=${game.id}`);
        const line = (await res.text()).split('\n').find((l) => l.includes('"status":"finished"'));
        id = line ? (JSON.parse(line) as { id: string }).id : undefined;
        return !!id;
      }, { timeout: 200_000, intervals: [3_000] })
      .toBe(true);
    await page.goto(`/matches/${id}`);
    await expect(page.getByTestId('match-status')).toContainText(/finished/i);
    await expect(page.getByTestId('outcome')).toBeVisible();
    await expect(page.getByTestId('board')).toBeVisible();
    await expect(page.getByTestId('board')).not.toContainText('There is no board view');
    const replay = page.getByRole('group', { name: 'Replay' });
    await expect(replay).toBeVisible();
    await expect(page.getByTestId('transcript')).toContainText('Game over');
    // Back to the first position: the board still renders (every replay step has a view).
    await page.keyboard.press('Home');
    await expect(replay).toContainText(/Move 0 of \d+/);
    await expect(page.getByTestId('board')).toBeVisible();
  });
}
