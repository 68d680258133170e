// The client at phone width (375 × 667), with the sowing animated: nothing
// wider than the screen, the board playable by touch-sized buttons, and the
// opponent's move shown seed by seed before the final position.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, openPage, screenshot, signedIn, signIn, withServer } from './harness.mjs';

const PHONE = { width: 375, height: 667 };

async function fitsTheScreen(page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `the page is ${width} px wide on a ${PHONE.width} px screen`);
}

test('at phone width the lobby and the board fit, and moves are animated', () => withServer(async ({ server, browser }) => {
  const ann = await openPage(browser, server.origin, { ...PHONE, speed: 150 });
  await signIn(ann.page, 'ann');
  const [bob] = await signedIn(browser, server.origin, 'bob');
  await fitsTheScreen(ann.page);
  // Congkak has the widest board: 7 houses a side.
  await ann.page.getByLabel('Game', { exact: true }).selectOption('congkak');
  await ann.page.getByRole('button', { name: 'Create seek' }).click();
  await ann.page.locator('[data-own-seek]').waitFor();
  await fitsTheScreen(ann.page);
  await screenshot(ann.page, 'phone-lobby');
  await bob.page.getByRole('button', { name: "Accept ann's seek" }).click();
  await ann.page.waitForURL(/\/play\/\d+$/);
  const houses = ann.page.getByRole('button', { name: /^House \d, \d+ seeds?$/ });
  await houses.nth(6).waitFor();
  assert.equal(await houses.count(), 7);
  await fitsTheScreen(ann.page);
  for (const box of await Promise.all((await houses.all()).map((h) => h.boundingBox()))) {
    assert.ok(box.width >= 34 && box.x >= 0 && box.x + box.width <= PHONE.width, `a house at ${JSON.stringify(box)}`);
  }

  // Play a few moves from both sides; each of bob's moves is animated on
  // ann's phone (pits highlighted one after another) before it settles.
  let animated = 0;
  for (let i = 0; i < 6; i += 1) {
    const annTurn = ann.page.locator('.match .turn', { hasText: 'Your move' });
    const bobTurn = bob.page.locator('.match .turn', { hasText: 'Your move' });
    await Promise.race([annTurn.waitFor(), bobTurn.waitFor()]);
    if (await annTurn.count()) {
      await ann.page.locator('button.pit.legal').first().click();
      await ann.page.locator('.pit.pending').waitFor({ state: 'detached' });
    } else {
      const highlight = ann.page.locator('.match .board-area > .board .pit.hl');
      await bob.page.locator('button.pit.legal').last().click();
      await bob.page.locator('.pit.pending').waitFor({ state: 'detached' });
      await highlight.first().waitFor();
      animated += 1;
      await highlight.first().waitFor({ state: 'detached' });
    }
    if (await ann.page.locator('.match .turn', { hasText: /Match over|Game over/ }).count()) break;
  }
  assert.ok(animated > 0, "bob's moves were animated on ann's screen");
  await fitsTheScreen(ann.page);
  await screenshot(ann.page, 'phone-board');
  assertClean([ann, bob]);
}));
