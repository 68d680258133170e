// The rules pages, read without signing in: every game listed, a game's
// rules in short, and its specification's worked examples played on a
// board from the server's events (Togyz Kumalak's T2 makes a tuzdik).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, openPage, screenshot, withServer } from './harness.mjs';

test('the rules pages list every game and play its worked examples on a board', () => withServer(async ({ server, browser }) => {
  const reader = await openPage(browser, server.origin, { path: '/rules' });
  const { page } = reader;
  const games = page.getByRole('list').filter({ hasText: 'Togyz Kumalak' }).getByRole('link');
  await games.first().waitFor();
  assert.equal(await games.count(), 7, 'seven games');

  await page.getByRole('link', { name: 'Togyz Kumalak' }).click();
  await page.waitForURL(/\/rules\/togyz_kumalak$/);
  await page.getByRole('heading', { name: 'Togyz Kumalak: the rules' }).waitFor();
  await page.getByText(/becomes your tuzdik/).waitFor();
  const examples = page.getByRole('list', { name: 'Worked examples' }).getByRole('button');
  assert.ok(await examples.count() >= 10, 'the specification\'s examples');

  // T2: house 7's last stone makes the opponent's house 1 exactly 3.
  await examples.filter({ hasText: /^T2/ }).click();
  assert.equal(await page.locator('.rules .pit.tuzdik').count(), 0, 'no tuzdik before');
  await page.getByRole('button', { name: 'Play house 7' }).click();
  await page.locator('.example-caption', { hasText: 'T2: house 7 played. Player 1 to move.' }).waitFor();
  assert.equal(await page.locator('.rules .pit.tuzdik.tuzdik-bottom').count(), 1, "the mover's tuzdik is marked");
  await screenshot(page, 'rules-togyz');

  // Mangala's first example, played the same way.
  await page.goto(`${server.origin}/rules/mangala`);
  await page.getByRole('heading', { name: 'Turkish Mangala: the rules' }).waitFor();
  const play = page.getByRole('button', { name: /^Play house \d$/ });
  await play.click();
  await page.locator('.example-caption', { hasText: /played\. (Player \d to move|Game over)/ }).waitFor();
  assertClean([reader]);
}));
