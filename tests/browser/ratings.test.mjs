// A rated match's change to both ratings, shown where the ratings are: the
// header beside each name and the match's result, also after a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, screenshot, signedIn, turn, withServer } from './harness.mjs';

test('a rated match shows each rating change in the result and the header, also after a reload', () => withServer(async ({ server, browser }) => {
  const [ann, bob] = await signedIn(browser, server.origin, 'ann', 'bob');
  await ann.page.locator('#time-kind').selectOption('real_time');
  await ann.page.locator('#rated').check();
  await ann.page.getByRole('button', { name: 'Create seek' }).click();
  await bob.page.getByRole('button', { name: "Accept ann's seek" }).click();
  await ann.page.waitForURL(/\/play\/\d+$/);
  await bob.page.waitForURL(/\/play\/\d+$/);

  // ann forfeits at once: every game counts as lost, and both are rated.
  await ann.page.getByRole('button', { name: 'Forfeit match' }).click();
  const dialog = ann.page.locator('dialog#confirm');
  await dialog.getByRole('button', { name: 'Forfeit match' }).click();
  await turn(bob.page, 'Match over').waitFor();

  const rating = async (name) => {
    const profile = await (await fetch(`${server.origin}/api/players/${name}`)).json();
    return Math.round(profile.ratings.find((r) => r.variant === 'mangala' && r.speed === 'real_time').rating);
  };
  const [annAfter, bobAfter] = [await rating('ann'), await rating('bob')];
  assert.ok(bobAfter > 1500 && annAfter < 1500, `${annAfter} ${bobAfter}`);
  const bobChange = `1500 → ${bobAfter}?, +${bobAfter - 1500}`;
  const annChange = `1500 → ${annAfter}?, −${1500 - annAfter}`;
  for (const page of [ann.page, bob.page]) {
    await page.locator('.rating-changes', { hasText: `bob ${bobChange}` }).waitFor();
    await page.locator('.rating-changes', { hasText: `ann ${annChange}` }).waitFor();
    await page.locator('.match-header .player', { hasText: `bob (${bobChange})` }).waitFor();
  }
  await screenshot(bob.page, 'rated-match-result');
  // A reload draws the match from its snapshot: the change is still there.
  await bob.page.reload();
  await bob.page.locator('.match-header .player', { hasText: `ann (${annChange})` }).waitFor();
  assertClean([ann, bob]);
}));
