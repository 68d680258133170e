// Togyz Kumalak in the browser at phone width (375 × 667): two rows of
// nine houses that fit, played by clicking, its moves written in the move
// list as players write them (docs/RECORDS.md: "54(10)").

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, mover, openPage, screenshot, signIn, startMatch, withServer } from './harness.mjs';

const PHONE = { width: 375, height: 667 };

test('a Togyz Kumalak game is played by clicking at phone width, its moves written as players write them', () => withServer(async ({ server, browser }) => {
  const ann = await openPage(browser, server.origin, PHONE);
  await signIn(ann.page, 'ann');
  const bob = await openPage(browser, server.origin, PHONE);
  await signIn(bob.page, 'bob');
  await startMatch(ann, bob, 'togyz_kumalak');
  const [first, second] = await mover(ann, bob);
  const houses = first.page.getByRole('button', { name: /^House \d, \d+ seeds?$/ });
  await houses.nth(8).waitFor();
  assert.equal(await houses.count(), 9, 'nine houses a row');
  const width = await first.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `the page is ${width} px wide on a ${PHONE.width} px screen`);
  for (const box of await Promise.all((await houses.all()).map((h) => h.boundingBox()))) {
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `a house at ${JSON.stringify(box)}`);
  }

  // The match's header links to the game's rules page.
  assert.equal(await first.page.locator('.match-header .meta').getByRole('link', { name: 'rules' }).getAttribute('href'), '/rules/togyz_kumalak');

  // House 5 of nine stones ends in the opponent's house 4, making it ten:
  // a capture, written "54(10)" (RULES_TOGYZ.md's T1).
  await first.page.getByRole('button', { name: 'House 5, 9 seeds' }).click();
  const moves = (page) => page.getByRole('list', { name: 'Moves of this game' });
  await moves(first.page).getByText('1. 54(10)').waitFor();
  await moves(second.page).getByText('1. 54(10)').waitFor();
  // The opponent's row as the first mover sees it: his house 4 emptied.
  await first.page.getByRole('img', { name: "Opponent's house 4, 0 seeds" }).waitFor();

  // A few more moves from both sides, each by clicking.
  for (let i = 0; i < 4; i += 1) {
    const [now] = await mover(ann, bob);
    await now.page.locator('button.pit.legal').first().click();
    await now.page.locator('.pit.pending').waitFor({ state: 'detached' });
  }
  // Five moves: three rounds in both players' lists, each move as written.
  for (const page of [first.page, second.page]) {
    await moves(page).getByText(/^3\. \d\d(X|\(\d+\))?$/).waitFor();
  }
  await screenshot(first.page, 'togyz-phone');
  assertClean([ann, bob]);
}));
