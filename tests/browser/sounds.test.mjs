// A match's sounds: one per kind (a move, a capture, an extra turn, a
// game's end, one's turn, low time), under one switch, each of which the
// player may switch off. A test cannot hear: the page keeps the last sounds
// it made in `data-sounds`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, mover, signedIn, startMatch, turn, withServer } from './harness.mjs';

const heard = (page) => page.evaluate(() => (document.documentElement.dataset.sounds ?? '').split(' ').filter(Boolean));

test('each kind of sound can be switched off on its own', () => withServer(async ({ server, browser }) => {
  const [ann, bob] = await signedIn(browser, server.origin, 'ann', 'bob');
  await startMatch(ann, bob);
  for (const { page } of [ann, bob]) await page.getByLabel('Sound', { exact: true }).check();
  const [first, second] = await mover(ann, bob);
  // The second player switches off "A move"; the first keeps every sound.
  await second.page.locator('.sound-kinds summary').click();
  await second.page.getByLabel('A move').uncheck();

  // Mangala's house 1 opens with no capture and no extra turn.
  await first.page.getByRole('button', { name: /^House 1, / }).click();
  await turn(second.page, 'Your move').waitFor();
  await first.page.waitForFunction(() => (document.documentElement.dataset.sounds ?? '').includes('move'));
  assert.ok((await heard(first.page)).includes('move'), 'the mover hears his move');
  // The other hears it is his turn, and not the move he switched off.
  await second.page.waitForFunction(() => (document.documentElement.dataset.sounds ?? '').includes('turn'));
  assert.ok(!(await heard(second.page)).includes('move'), 'a switched-off sound is not made');
  // Remembered: after a reload it is still off.
  await second.page.reload();
  await second.page.locator('.sound-kinds summary').click();
  assert.equal(await second.page.getByLabel('A move').isChecked(), false);
  assertClean([ann, bob]);
}));
