// The lobby's ways into a match besides an open seek: quick pairing (with
// its waiting state), a challenge, and a private seek's invitation link;
// and a seek's cancellation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, openPage, signedIn, withServer } from './harness.mjs';

test('quick pairing shows its waiting state, can be left, and pairs two players', () => withServer(async ({ server, browser }) => {
  const [ann, bob] = await signedIn(browser, server.origin, 'ann', 'bob');
  await ann.page.getByRole('button', { name: 'Quick pairing' }).click();
  const waiting = ann.page.locator('.waiting', { hasText: 'Waiting for an opponent' });
  await waiting.waitFor();
  await ann.page.getByRole('button', { name: 'Leave pairing' }).click();
  await waiting.waitFor({ state: 'detached' });
  await ann.page.getByRole('button', { name: 'Quick pairing' }).click();
  await waiting.waitFor();
  await bob.page.getByRole('button', { name: 'Quick pairing' }).click();
  await ann.page.waitForURL(/\/play\/\d+$/);
  await bob.page.waitForURL(/\/play\/\d+$/);
  assert.equal(new URL(ann.page.url()).pathname, new URL(bob.page.url()).pathname);
  await ann.page.locator('.match-header', { hasText: 'bob' }).waitFor();
  assertClean([ann, bob]);
}));

test('a challenge is seen until answered; declined, then accepted, it starts a match', () => withServer(async ({ server, browser }) => {
  const [ann, bob] = await signedIn(browser, server.origin, 'ann', 'bob');
  // The games offered are the server's, as GET /api/variants lists them.
  const offered = await (await fetch(`${server.origin}/api/variants`)).json();
  const choices = await ann.page.getByLabel('Game', { exact: true }).locator('option').allTextContents();
  assert.deepEqual(choices, offered.variants.map((v) => v.title));
  await ann.page.getByLabel('Game', { exact: true }).selectOption('oware');
  await ann.page.getByLabel('Seeds per house').selectOption('5');
  await ann.page.getByLabel('Player to challenge').fill('bob');
  await ann.page.getByRole('button', { name: 'Challenge', exact: true }).click();
  const received = bob.page.getByRole('group', { name: 'Challenge from ann' });
  await received.waitFor();
  assert.match(await received.textContent(), /Oware \(abapa\) \(5 seeds, grand slam: legal, captures nothing\)/);
  await ann.page.getByRole('group', { name: 'Challenge to bob' }).waitFor();
  await received.getByRole('button', { name: 'Decline' }).click();
  await received.waitFor({ state: 'detached' });
  await ann.page.getByText('The challenge with bob was declined.').waitFor();

  await ann.page.getByLabel('Player to challenge').fill('bob');
  await ann.page.getByRole('button', { name: 'Challenge', exact: true }).click();
  await received.getByRole('button', { name: 'Accept challenge' }).click();
  await ann.page.waitForURL(/\/play\/\d+$/);
  await bob.page.waitForURL(/\/play\/\d+$/);
  await bob.page.locator('.match-header .meta', { hasText: 'Oware' }).waitFor();
  // Oware(5): six houses of five seeds a side.
  const houses = bob.page.getByRole('button', { name: /^House \d, 5 seeds$/ });
  await houses.nth(5).waitFor();
  assert.equal(await houses.count(), 6);
  assertClean([ann, bob]);
}));

test('a private seek gives an invitation link that another player opens and joins; a seek can be cancelled', () => withServer(async ({ server, browser }) => {
  const [ann, bob] = await signedIn(browser, server.origin, 'ann', 'bob');
  // A public seek, then its cancellation: it leaves bob's lobby.
  await ann.page.getByRole('button', { name: 'Create seek' }).click();
  await bob.page.getByRole('button', { name: "Accept ann's seek" }).waitFor();
  await ann.page.locator('[data-own-seek]').getByRole('button', { name: 'Cancel' }).click();
  await bob.page.getByRole('button', { name: "Accept ann's seek" }).waitFor({ state: 'detached' });

  // A private real-time seek: not listed, shared by link.
  await ann.page.getByLabel('Clock').selectOption('real_time');
  await ann.page.getByLabel('Minutes').fill('3');
  await ann.page.getByLabel('+ seconds a move').fill('2');
  await ann.page.getByLabel('Private').check();
  await ann.page.getByRole('button', { name: 'Create seek' }).click();
  const link = await ann.page.locator('.invite-link').getAttribute('href');
  assert.match(link, /\/invite\/[A-Za-z0-9]+$/);
  assert.equal(await bob.page.getByRole('button', { name: "Accept ann's seek" }).count(), 0);

  await bob.page.goto(link);
  // The page says who invites, and to what, before anyone joins.
  await bob.page.locator('.invite-offer', { hasText: /^ann \(1500\?\) invites you to play: Turkish Mangala · 5 games · 3 min \+ 2 s/ }).waitFor();
  await bob.page.getByRole('button', { name: 'Join the match' }).click();
  await ann.page.waitForURL(/\/play\/\d+$/);
  await bob.page.waitForURL(/\/play\/\d+$/);
  // A real-time match shows both clocks, and the first move's own timer
  // while neither clock runs.
  await bob.page.getByRole('timer', { name: 'Time left for the first move' }).waitFor();
  assert.equal(await bob.page.locator('.clock.running').count(), 0);
  // Each clock beside its player's row: bob's own below the board, ann's above.
  assert.equal(await bob.page.locator('.bottom-clock .clock').first().textContent(), 'bob 3:00');
  assert.equal(await bob.page.locator('.top-clock .clock').first().textContent(), 'ann 3:00');
  assert.match(await bob.page.locator('.match-header .meta').textContent(), /3 min \+ 2 s/);
  assertClean([ann, bob]);
}));

test('a name already held is refused in words, and the same browser signs in again by itself', () => withServer(async ({ server, browser }) => {
  const [ann] = await signedIn(browser, server.origin, 'ann');
  const other = await openPage(browser, server.origin);
  await other.page.getByLabel('Name', { exact: true }).fill('ANN');
  await other.page.getByRole('button', { name: 'Sign in' }).click();
  await other.page.getByRole('alert').filter({ hasText: 'That name is taken' }).waitFor();
  // ann's own browser keeps her token: a reload signs her in with no form.
  await ann.page.reload();
  await ann.page.getByText('Signed in as ann').waitFor();
  assert.equal(await ann.page.getByRole('button', { name: 'Sign in' }).count(), 0);
  assertClean([ann, other]);
}));

test('a computer opponent from the lobby accepts at once and plays a whole game', () => withServer(async ({ server, browser }) => {
  const [ann] = await signedIn(browser, server.origin, 'ann');
  await ann.page.getByLabel('Computer opponent').selectOption('computer-3');
  await ann.page.getByLabel('Game', { exact: true }).selectOption('kalah');
  await ann.page.getByLabel('Games in the match').selectOption('1');
  await ann.page.getByRole('button', { name: 'Play the computer' }).click();
  await ann.page.waitForURL(/\/play\/\d+$/);
  await ann.page.locator('.match-header', { hasText: 'computer-3' }).waitFor();
  const over = ann.page.locator('.match .turn', { hasText: 'Match over' });
  let moves = 0;
  while (!(await over.count())) {
    const legal = ann.page.locator('button.pit.legal');
    await Promise.race([legal.first().waitFor(), over.waitFor()]);
    if (await over.count()) break;
    await legal.first().click().catch(() => {});
    moves += 1;
  }
  assert.ok(moves > 3, `ann made ${moves} moves`);
  assertClean([ann]);
}, ['--computer-delay-ms', '0', '--computer-think-ms', '50']));

test('time-control presets fill the clock, and the one that matches is marked', () => withServer(async ({ server, browser }) => {
  const [ann] = await signedIn(browser, server.origin, 'ann');
  const presets = ann.page.getByRole('group', { name: 'Time control presets' });
  assert.equal(await presets.getByRole('button', { name: 'Untimed' }).getAttribute('aria-pressed'), 'true');
  await presets.getByRole('button', { name: '3+2' }).click();
  assert.equal(await ann.page.locator('#time-kind').inputValue(), 'real_time');
  assert.equal(await presets.getByRole('button', { name: '3+2' }).getAttribute('aria-pressed'), 'true');
  assert.equal(await presets.getByRole('button', { name: 'Untimed' }).getAttribute('aria-pressed'), 'false');
  // Changing a field by hand leaves the presets: none matches.
  await ann.page.locator('#increment').fill('4');
  assert.equal(await presets.locator('[aria-pressed=true]').count(), 0);
  await presets.getByRole('button', { name: '3 days' }).click();
  await ann.page.getByRole('button', { name: 'Create seek' }).click();
  await ann.page.getByText('Your seek: Turkish Mangala · 5 games · 3 days a move').waitFor();
  assertClean([ann]);
}));

test('a refused request is said in a sentence beside the controls, and stays until the next try', () => withServer(async ({ server, browser }) => {
  const [ann] = await signedIn(browser, server.origin, 'ann');
  const card = ann.page.locator('section.create');
  const error = card.locator('.form-error');
  await card.getByRole('button', { name: 'Challenge', exact: true }).click();
  assert.equal(await error.textContent(), 'Type the name of the player to challenge.');
  await ann.page.getByLabel('Player to challenge').fill('nobody');
  await card.getByRole('button', { name: 'Challenge', exact: true }).click();
  await card.getByRole('alert').filter({ hasText: "No player 'nobody' is online." }).waitFor();
  await ann.page.locator('#time-kind').selectOption('real_time');
  await ann.page.locator('#minutes').fill('500');
  await card.getByRole('button', { name: 'Create seek' }).click();
  assert.equal(await error.textContent(), 'Real time: 1 to 180 minutes, and 0 to 60 seconds a move.');
  // A request that goes through clears it.
  await ann.page.locator('#minutes').fill('5');
  await card.getByRole('button', { name: 'Create seek' }).click();
  await ann.page.getByText('Your seek: Turkish Mangala · 5 games · 5 min + 3 s').waitFor();
  assert.equal(await error.textContent(), '');
  assertClean([ann]);
}));

test('before signing in, the front page follows the open seeks and live matches as they change', () => withServer(async ({ server, browser }) => {
  const visitor = await openPage(browser, server.origin);
  const preview = visitor.page.getByRole('region', { name: 'In the lobby now' });
  await preview.getByText('No open seek: sign in and create one.').waitFor();
  // The server's computers count as online.
  const line = preview.getByText(/^\d+ online · 0 live matches\. Sign in to play or watch\.$/);
  const before = Number.parseInt(await line.textContent(), 10);
  // Ann comes and opens a seek: the page, never reloaded, shows both.
  const [ann] = await signedIn(browser, server.origin, 'ann');
  await preview.getByText(`${before + 1} online · 0 live matches. Sign in to play or watch.`).waitFor();
  await ann.page.getByRole('button', { name: 'Create seek' }).click();
  await ann.page.getByText('Your seek: Turkish Mangala · 5 games · untimed').waitFor();
  await preview.getByText('ann seeks Turkish Mangala · 5 games · untimed').waitFor();
  await preview.getByText('No live match.').waitFor();
  // Names link to their pages, which need no sign-in either.
  await preview.getByRole('link', { name: 'ann' }).click();
  await visitor.page.locator('.profile').getByRole('heading', { name: 'ann' }).waitFor();
  assertClean([ann, visitor]);
}));
