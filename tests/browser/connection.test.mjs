// The connection's failures as a player sees them: a cut socket shows the
// "reconnecting" banner, the page comes back by itself and play goes on;
// a move the server refuses is shown in words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, mover, signedIn, startMatch, startRelay, withServer } from './harness.mjs';

const house = (page, n) => page.getByRole('button', { name: new RegExp(`^House ${n}, `) });

test('a cut connection shows the banner, reconnects by itself and play goes on', () => withServer(async ({ server, browser }) => {
  const relay = await startRelay(server.port);
  try {
    // ann reaches the server through the relay, bob directly.
    const [ann] = await signedIn(browser, relay.origin, 'ann');
    const [bob] = await signedIn(browser, server.origin, 'bob');
    await startMatch(ann, bob);
    const [first, second] = await mover(ann, bob);
    // The tab's title tells the player to move.
    assert.match(await first.page.title(), /^● Your move/);
    await house(first.page, 1).click();
    await second.page.locator('.match .turn', { hasText: 'Your move' }).waitFor();
    assert.match(await second.page.title(), /^● Your move/);
    await first.page.waitForFunction(() => document.title === 'Mancala');

    relay.cut();
    const banner = ann.page.getByRole('alert').filter({ hasText: 'Connection lost: reconnecting' });
    await banner.waitFor();
    // bob hears that ann left.
    await bob.page.locator('.away-note').waitFor();
    relay.restore();
    await banner.waitFor({ state: 'hidden' });
    await bob.page.locator('.away-note').waitFor({ state: 'detached' });

    // Play goes on from where it was, on both pages.
    const [next, other] = await mover(ann, bob);
    const before = await other.page.locator('.games tbody tr td').nth(3).textContent();
    assert.equal(before, '1 move');
    await house(next.page, 6).click();
    await other.page.locator('.games tbody tr td', { hasText: '2 moves' }).waitFor();
    await next.page.locator('.games tbody tr td', { hasText: '2 moves' }).waitFor();
    assertClean([ann, bob], [/WebSocket connection to .* failed/, /Failed to load resource/]);
  } finally {
  await relay.close();
  }
}));

test('a move the server refuses is shown in words and play goes on', () => withServer(async ({ server, browser }) => {
  const [ann, bob] = await signedIn(browser, server.origin, 'ann', 'bob');
  await startMatch(ann, bob, 'kalah');
  const [first, second] = await mover(ann, bob);
  // Kalah(6,4): house 3 sows its 4 seeds into 4, 5, 6 and the store, so the
  // mover moves again with house 3 empty.
  await house(first.page, 3).click();
  await first.page.getByRole('button', { name: 'House 3, 0 seeds' }).waitFor();
  await first.page.locator('.match .turn', { hasText: 'Your move' }).waitFor();
  // Typing 3 sends house 3 anyway: the server refuses it, the page says why.
  await first.page.keyboard.press('3');
  await first.page.locator('.refusal', { hasText: /Move refused: .*empty/ }).waitFor();
  // The other player, out of turn, is refused too.
  await second.page.keyboard.press('1');
  await second.page.locator('.refusal', { hasText: 'Move refused' }).waitFor();
  // A legal move by keyboard still plays: arrows to house 4, Enter.
  await first.page.getByRole('button', { name: /^House 1, / }).focus();
  for (let i = 0; i < 3; i += 1) await first.page.keyboard.press('ArrowRight');
  assert.match(await first.page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^House 4, /);
  await first.page.keyboard.press('Enter');
  await second.page.locator('.match .turn', { hasText: 'Your move' }).waitFor();
  assert.equal(await first.page.locator('.refusal').textContent(), '');
  assertClean([ann, bob]);
}));
