// A real-time game's first move has a window of its own while no clock
// runs; a first mover who lets it pass loses that game as not started, and
// the result sits beside the board while the next game is played.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, screenshot, signedIn, withServer } from './harness.mjs';

test('a first mover who lets the first-move window pass loses the game as not started; the next game is playable at once', () => withServer(async ({ server, browser }) => {
  const [ann, bob] = await signedIn(browser, server.origin, 'ann', 'bob');
  await ann.page.locator('#time-kind').selectOption('real_time');
  await ann.page.locator('#minutes').fill('1');
  await ann.page.getByRole('button', { name: 'Create seek' }).click();
  await bob.page.getByRole('button', { name: "Accept ann's seek" }).click();
  await ann.page.waitForURL(/\/play\/\d+$/);
  await bob.page.waitForURL(/\/play\/\d+$/);

  // Both see the first move's own timer; nobody moves.
  for (const page of [ann.page, bob.page]) {
    await page.getByRole('timer', { name: 'Time left for the first move' }).first().waitFor();
  }
  // The game is lost as not started, and both are told so in words.
  for (const page of [ann.page, bob.page]) {
    await page.locator('.summary', { hasText: 'the first move was not made in time' }).waitFor();
  }
  await screenshot(ann.page, 'first-move-missed');

  // While a result is shown, the next game's first mover can play: a legal
  // house takes the click (Playwright's trial click fails on a covered one).
  // The page that is not to move never gets there; Promise.any takes the
  // one that does, and fails only if neither does.
  const handle = Promise.any([ann.page, bob.page].map((page) => page.waitForFunction(() => (
    document.querySelector('.match .turn')?.textContent === 'Your move'
      && document.querySelector('.summary-area:not([hidden]) .summary')
      && document.querySelector('button.pit.legal')
  ), null, { polling: 50 }).then(() => page)));
  const page = await handle;
  await page.locator('button.pit.legal').first().click({ trial: true });
  assert.ok(await page.locator('.summary').isVisible(), 'the result is still shown beside the board');
  assertClean([ann, bob]);
}, ['--first-move-ms', '2000']));
