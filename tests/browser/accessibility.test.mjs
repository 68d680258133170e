// axe-core's accessibility check of every page the client draws, in both
// themes: no violation of impact "serious" or "critical"; and at phone
// width (375 px) none scrolls sideways.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, screenshot, seriousViolations, signedIn, startMatch, withServer } from './harness.mjs';

test('every page passes axe-core without a serious or critical violation, light and dark, and fits a phone', () => withServer(async ({ server, browser }) => {
  const found = [];
  const check = async (page, where) => {
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      for (const line of await seriousViolations(page)) found.push(`${where} (${colorScheme}): ${line}`);
      await screenshot(page, `${where.replace(/ /g, '-')}-${colorScheme}`);
    }
    const size = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 740 });
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    if (scroll > inner) found.push(`${where}: ${scroll} px wide at a phone's ${inner}`);
    await page.setViewportSize(size);
  };
  const visitor = await openPage(browser, server.origin);
  await visitor.page.getByLabel('Name', { exact: true }).waitFor();
  await check(visitor.page, 'sign-in');

  const [ann, bob] = await signedIn(browser, server.origin, 'ann', 'bob');
  await ann.page.getByRole('heading', { name: 'New game' }).waitFor();
  await check(ann.page, 'lobby');
  const matchId = await startMatch(ann, bob);
  await ann.page.locator('.match .turn').filter({ hasText: /move/ }).waitFor();
  await check(ann.page, 'match');

  await ann.page.goto(`${server.origin}/players/ann`);
  await ann.page.locator('.profile h2').waitFor();
  await check(ann.page, 'player page');
  await ann.page.goto(`${server.origin}/leaderboard`);
  await ann.page.getByRole('heading', { name: 'Leaderboard' }).waitFor();
  await check(ann.page, 'leaderboard');
  await ann.page.goto(`${server.origin}/matches/${matchId}`);
  await ann.page.locator('.replay h2').waitFor();
  await check(ann.page, 'replay');
  await ann.page.goto(`${server.origin}/rules/mangala`);
  await ann.page.getByRole('heading', { name: 'Turkish Mangala: the rules' }).waitFor();
  await check(ann.page, 'rules');
  await ann.page.goto(`${server.origin}/tournaments`);
  await ann.page.getByRole('heading', { name: 'Tournaments', level: 2 }).waitFor();
  await check(ann.page, 'tournaments');
  // The TV, showing ann and bob's match (still on) to a third player.
  const [eve] = await signedIn(browser, server.origin, 'eve');
  await eve.page.goto(`${server.origin}/tv`);
  await eve.page.locator('.match-header', { hasText: /ann.*bob/ }).waitFor();
  await check(eve.page, 'tv');
  // The list of the games' rules, and an invitation to a private seek.
  await ann.page.goto(`${server.origin}/rules`);
  await ann.page.locator('a[href="/rules/kalah"]').first().waitFor();
  await check(ann.page, 'rules-index');
  await eve.page.goto(`${server.origin}/`);
  await eve.page.getByLabel('Private').check();
  await eve.page.getByRole('button', { name: 'Create seek' }).click();
  const invitation = await eve.page.locator('.invite-link').getAttribute('href');
  // (Read by one not in a match: a player's live match opens by itself.)
  const [fay] = await signedIn(browser, server.origin, 'fay');
  await fay.page.goto(new URL(invitation, server.origin).href);
  await fay.page.locator('.invite-offer', { hasText: /^eve invites you to play: Turkish Mangala/ }).waitFor();
  await check(fay.page, 'invitation');
  assert.deepEqual(found, []);
}));
