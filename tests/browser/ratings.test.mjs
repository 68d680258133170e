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

  // Every name is a link to its player's page: ratings, the rating graph,
  // the record and the match, which links to its replay.
  await bob.page.locator('.match-header').getByRole('link', { name: 'bob' }).click();
  await bob.page.waitForURL(`${server.origin}/players/bob`);
  const profile = bob.page.locator('.profile');
  await profile.getByRole('heading', { name: 'bob' }).waitFor();
  const row = profile.locator('table.ratings tbody tr');
  assert.deepEqual(await row.first().locator('td').allTextContents(), ['Turkish Mangala', 'Real time', `${bobAfter}?`, '5']);
  await profile.getByRole('img', { name: new RegExp(`from 1500 to ${bobAfter} over 1 rated match`) }).waitFor();
  await profile.getByText('Matches: 1 won, 0 drawn, 0 lost.').waitFor();
  await screenshot(bob.page, 'player-page');
  // At phone width the page does not scroll sideways.
  await bob.page.setViewportSize({ width: 375, height: 740 });
  assert.ok(await bob.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
  await bob.page.setViewportSize({ width: 1200, height: 860 });
  await profile.getByRole('link', { name: /^match \d+$/ }).click();
  await bob.page.locator('.replay').waitFor();
  // The replay's step buttons are drawn icons, not font glyphs that some
  // systems lack.
  for (const name of ['First move', 'Previous move', 'Play', 'Next move', 'Last move']) {
    // The replay draws its controls once the match has been read.
    const button = bob.page.getByRole('button', { name, exact: true });
    await button.waitFor();
    assert.equal(await button.locator('svg.icon').count(), 1, name);
  }

  // The leaderboard lists established ratings only: after one match, nobody.
  await bob.page.getByRole('link', { name: 'Leaderboard' }).click();
  await bob.page.waitForURL(`${server.origin}/leaderboard`);
  await bob.page.getByText('Nobody here yet').waitFor();
  await bob.page.locator('#board-speed').selectOption('correspondence');
  await bob.page.waitForURL(`${server.origin}/leaderboard?variant=mangala&speed=correspondence`);
  // Signed out, a player's page still reads.
  const stranger = await browser.newPage();
  await stranger.goto(`${server.origin}/players/ann`);
  await stranger.locator('.profile').getByRole('heading', { name: 'ann' }).waitFor();
  await stranger.close();
  assertClean([ann, bob]);
}));
