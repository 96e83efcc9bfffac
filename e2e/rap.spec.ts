// User flow (issue 21, item 2): a spectator opens a match of the demo's RAP agent (GameBench's Reasoning via
// Planning, searching with the simulated model) and opens the search tree of one of its moves in the transcript.
import { expect, test } from '@playwright/test';

test("a spectator opens a RAP agent's search tree in the transcript", async ({ page }) => {
  test.setTimeout(180_000);
  // The demo's RAP agent plays first (its gauntlet is queued above the rest of the demo): open it from the agents list
  // and take one of its matches, live or finished (a finished one replays with every reply).
  let href: string | null = null;
  await expect
    .poll(
      async () => {
        await page.goto('/agents');
        await page
          .getByRole('link', { name: /sim-careful · rap \(simulated\)/ })
          .first()
          .click();
        await page.waitForURL(/\/agents\/[^/]+$/);
        const link = page.locator('a[href^="/matches/"]').first();
        href = (await link.count()) ? await link.getAttribute('href') : null;
        return href;
      },
      { timeout: 90_000, intervals: [2_000, 3_000] },
    )
    .not.toBeNull();
  await page.goto(href!);
  const tree = page.getByTestId('rap-tree').first();
  await expect(tree).toBeVisible({ timeout: 90_000 });
  await expect(tree).toContainText(/Search tree \(RAP\): 3 iterations, depth 2, \d+ model calls/);
  await tree.locator('summary').first().click();
  const nodes = tree.getByTestId('rap-node');
  await expect(nodes.first()).toBeVisible();
  expect(await nodes.count()).toBeGreaterThanOrEqual(2);
  await expect(tree).toContainText('chosen');
  await expect(tree).toContainText(/value -?\d+\.\d\d · \d+ visits?/);
  // The reply above the tree says what the search did.
  await expect(page.getByTestId('transcript')).toContainText(
    /Planned with RAP: 3 iterations, depth 2, 3 candidates per node; \d+ model calls \(\d+ expand, \d+ simulate, \d+ evaluate\)/,
  );
});
