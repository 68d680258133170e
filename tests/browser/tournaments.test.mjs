// Tournaments in the browser: a director protects her name and creates a
// Swiss on /tournaments, two players join it from its page and see
// themselves in the standings as it changes; the pages read at phone width
// with no sideways scroll and no serious accessibility violation. A private
// one is entered only from the address its director hands on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, mover, openPage, screenshot, seriousViolations, signedIn, turn, withServer } from './harness.mjs';

test('a director creates a tournament and players join it from its page', () => withServer(async ({ server, browser }) => {
  const [dora, ann, bob] = await signedIn(browser, server.origin, 'dora', 'ann', 'bob');
  const { page } = dora;
  await page.getByRole('link', { name: 'Tournaments', exact: true }).click();
  await page.getByRole('heading', { name: 'Tournaments', level: 2 }).waitFor();
  await page.getByText('No tournament yet: create the first.').waitFor();
  // A guest may not direct one: the refusal says what to do.
  await page.getByLabel('Name', { exact: true }).fill('Friday Swiss');
  await page.getByRole('button', { name: 'Create the tournament' }).click();
  await page.getByText('Creating a tournament needs a name protected by a password: set one on the tournaments page, or with mancala password.').waitFor();
  await page.getByLabel('New password (8 characters or more)').fill('correct horse battery');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await page.getByText('Your name is protected').waitFor();
  await page.getByLabel('Rounds', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Create the tournament' }).click();
  await page.waitForURL(/\/tournaments\/\d+$/);
  await page.getByRole('heading', { name: 'Friday Swiss' }).waitFor();
  await page.getByText(/^taking entries · round 0 of 3$/).waitFor();
  await page.getByText(/^Starts in \d+ min \d+ s\.$/).waitFor();
  const url = page.url();
  for (const [visitor, name] of [[ann, 'ann'], [bob, 'bob']]) {
    await visitor.page.goto(url);
    await visitor.page.getByRole('heading', { name: 'Friday Swiss' }).waitFor();
    await visitor.page.getByRole('button', { name: 'Join' }).click();
    await visitor.page.getByRole('button', { name: 'Withdraw' }).waitFor();
    await visitor.page.getByRole('table', { name: 'Standings' }).getByRole('link', { name }).waitFor();
  }
  // The director's page follows the entries as they come.
  const standings = page.getByRole('table', { name: 'Standings' });
  await standings.getByRole('link', { name: 'ann' }).waitFor();
  await standings.getByRole('link', { name: 'bob' }).waitFor();
  // The lobby shows it, with its entrants so far, and so does the front
  // page before one signs in.
  await ann.page.goto(`${server.origin}/`);
  const card = ann.page.getByRole('region', { name: 'Tournaments' });
  await card.getByRole('link', { name: 'Friday Swiss' }).waitFor();
  await card.getByText('2 entrants so far').waitFor();
  const front = await openPage(browser, server.origin, { path: '/' });
  await front.page.getByRole('region', { name: 'Tournaments' }).getByRole('link', { name: 'Friday Swiss' }).waitFor();
  // Bob withdraws before the start: he is out of it.
  await bob.page.getByRole('button', { name: 'Withdraw' }).click();
  await bob.page.getByRole('button', { name: 'Join' }).waitFor();
  await standings.getByRole('link', { name: 'bob' }).waitFor({ state: 'detached' });
  // The list shows it, and anyone may read it signed out, at phone width.
  await page.getByRole('link', { name: 'All tournaments' }).click();
  await page.getByRole('link', { name: 'Friday Swiss' }).waitFor();
  assert.deepEqual(await seriousViolations(page), []);
  await screenshot(page, 'tournaments');
  const phone = await openPage(browser, server.origin, { width: 375, height: 740, path: new URL(url).pathname });
  await phone.page.getByRole('heading', { name: 'Friday Swiss' }).waitFor();
  await phone.page.getByText('Sign in to join or create a tournament.').waitFor();
  assert.ok(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
  assert.deepEqual(await seriousViolations(phone.page), []);
  await screenshot(phone.page, 'tournament-phone');
  assertClean([dora, ann, bob, phone, front]);
}));

test('a private tournament is entered from the address its director hands on, and listed nowhere', () => withServer(async ({ server, browser }) => {
  const [dora, ann] = await signedIn(browser, server.origin, 'dora', 'ann');
  const { page } = dora;
  await page.getByRole('link', { name: 'Tournaments', exact: true }).click();
  await page.getByLabel('New password (8 characters or more)').fill('correct horse battery');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await page.getByText('Your name is protected').waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Club night');
  await page.getByLabel('Private: only those I give its address to can see and enter it').check();
  // A computer player too (the tournament is casual).
  await page.getByRole('group', { name: 'Computer players (casual tournaments only)' }).getByLabel('computer-2').check();
  await page.getByRole('button', { name: 'Create the tournament' }).click();
  await page.waitForURL(/\/tournaments\/\d+\?code=[0-9a-f]{32}$/);
  await page.getByRole('heading', { name: 'Club night' }).waitFor();
  await page.getByRole('table', { name: 'Standings' }).getByRole('link', { name: 'computer-2' }).waitFor();
  const address = await page.getByLabel("The tournament's private address").inputValue();
  assert.equal(address, page.url(), 'the address to hand on is the page’s own');
  // Without the code the page finds nothing; the list does not show it.
  const bare = address.replace(/\?code=.*$/, '');
  await ann.page.goto(bare);
  await ann.page.getByText(/^No tournament \d+\.$/).waitFor();
  await ann.page.goto(`${server.origin}/tournaments`);
  await ann.page.getByRole('heading', { name: 'Tournaments', level: 2 }).waitFor();
  await ann.page.getByText('No tournament yet: create the first.').waitFor();
  await ann.page.goto(`${server.origin}/`);
  await ann.page.getByRole('region', { name: 'Tournaments' }).getByText('No tournament is on or coming.').waitFor();
  // With it, she reads it and joins.
  await ann.page.goto(address);
  await ann.page.getByRole('heading', { name: 'Club night' }).waitFor();
  await ann.page.getByRole('button', { name: 'Join' }).click();
  await ann.page.getByRole('button', { name: 'Withdraw' }).waitFor();
  await page.getByRole('table', { name: 'Standings' }).getByRole('link', { name: 'ann' }).waitFor();
  assert.deepEqual(await seriousViolations(page), []);
  assertClean([dora]);
  // Her page without the code was answered 404, as the test asked.
  assertClean([ann], [/status of 404/]);
}));

test('an arena pairs its players at once, one berserks on her board, and the leaderboard counts the match', () => withServer(async ({ server, browser }) => {
  const [dora, ann, bob] = await signedIn(browser, server.origin, 'dora', 'ann', 'bob');
  const { page } = dora;
  await page.getByRole('link', { name: 'Tournaments', exact: true }).click();
  await page.getByLabel('New password (8 characters or more)').fill('correct horse battery');
  await page.getByRole('button', { name: 'Set the password' }).click();
  await page.getByText('Your name is protected').waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Friday arena');
  await page.getByLabel('Kind').selectOption('arena');
  // The Swiss's rounds give way to the arena's length and berserk.
  await page.getByLabel('Rounds', { exact: true }).waitFor({ state: 'hidden' });
  await page.getByLabel('Length (minutes)').fill('5');
  await page.getByLabel('Berserk allowed (real-time clocks)').check();
  await page.locator('#tournament-games').selectOption('1');
  await page.locator('#tournament-clock').selectOption({ label: '3+2' });
  await page.getByLabel('Starts in (minutes; 0: at once)').fill('0');
  await page.getByRole('button', { name: 'Create the tournament' }).click();
  await page.waitForURL(/\/tournaments\/\d+$/);
  await page.getByRole('heading', { name: 'Friday arena' }).waitFor();
  await page.getByText(/^under way · arena, 5 min$/).waitFor();
  await page.getByText(/^Ends in \d+ min \d+ s: no pairing after that/).waitFor();
  const url = page.url();
  for (const visitor of [ann, bob]) {
    await visitor.page.goto(url);
    await visitor.page.getByRole('button', { name: 'Join' }).click();
    await visitor.page.getByRole('button', { name: 'Withdraw' }).waitFor();
  }
  // The next wave pairs them: both are taken to their board; the
  // tournament's page shows the way back to it.
  await ann.page.waitForURL(/\/play\/\d+$/);
  await bob.page.waitForURL(/\/play\/\d+$/);
  await bob.page.goto(url);
  await bob.page.getByText('Your match against ann is on.').waitFor();
  await bob.page.getByRole('link', { name: 'Go to your board' }).click();
  await bob.page.waitForURL(/\/play\/\d+$/);
  // A tournament's board offers no abort (its match counts).
  await ann.page.getByRole('button', { name: 'Forfeit match' }).waitFor();
  assert.equal(await ann.page.getByRole('button', { name: 'Abort' }).count(), 0);
  // Ann berserks before her first move: both boards mark her.
  await ann.page.getByRole('button', { name: 'Berserk' }).click();
  await ann.page.locator('dialog#confirm').getByRole('button', { name: 'Berserk' }).click();
  for (const p of [ann.page, bob.page]) await p.locator('.match-header .seat0 .berserk-note, .match-header .seat1 .berserk-note').first().waitFor();
  await ann.page.getByRole('button', { name: 'Berserk' }).waitFor({ state: 'detached' });
  // Each makes a move (both came), then ann forfeits.
  const [first, second] = await mover(ann, bob);
  const legal = (p) => p.getByRole('button', { name: /^House \d, \d+ seeds?$/ }).and(p.locator('.legal'));
  await legal(first.page).first().click();
  await turn(second.page, 'Your move').waitFor();
  await legal(second.page).first().click();
  await ann.page.getByRole('button', { name: 'Forfeit match' }).click();
  await ann.page.locator('dialog#confirm').getByRole('button', { name: 'Forfeit match' }).click();
  await turn(bob.page, 'Match over').waitFor();
  // No rematch: the way back to the tournament instead.
  assert.equal(await bob.page.getByRole('button', { name: 'Rematch' }).count(), 0);
  await bob.page.getByRole('link', { name: 'Back to the tournament' }).waitFor();
  // The leaderboard: bob's win is 2 points; ann's berserk shows on the match.
  const board = page.getByRole('table', { name: 'Leaderboard' });
  await board.getByRole('row', { name: /^1 bob 2 1 2$/ }).waitFor();
  await board.getByRole('row', { name: /^2 ann 0 1 0$/ }).waitFor();
  await page.getByRole('region', { name: 'Matches' }).getByText('⚡').waitFor();
  assert.deepEqual(await seriousViolations(page), []);
  await screenshot(page, 'arena');
  assertClean([dora, ann, bob]);
}));
