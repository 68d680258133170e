// Watching by link (seat 0 at the bottom, flip), the two chat rooms,
// offers and resignations with their confirmations, the forfeit, a rematch
// that the spectator follows, and the replay of the archived match.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, mover, openPage, signedIn, signIn, startMatch, turn, withServer } from './harness.mjs';

/** Click a button that asks for confirmation, then confirm. */
async function confirmed(page, button, yes) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.locator('dialog#confirm');
  await dialog.getByRole('button', { name: yes }).click();
  await dialog.waitFor({ state: 'hidden' });
}

test('a spectator by link, chat rooms, offers, forfeit, a followed rematch and the replay', () => withServer(async ({ server, browser }) => {
  const [ann, bob] = await signedIn(browser, server.origin, 'ann', 'bob');
  const matchId = await startMatch(ann, bob);

  // eve opens the watch link, signs in, and sees seat 0 (ann) at the bottom.
  const eve = await openPage(browser, server.origin, { path: `/watch/${matchId}` });
  await signIn(eve.page, 'eve');
  await eve.page.locator('.bottom-label', { hasText: 'ann' }).waitFor();
  await eve.page.getByRole('img', { name: /^ann's house 1, 4 seeds$/ }).waitFor();
  await eve.page.getByRole('button', { name: 'Flip board' }).click();
  await eve.page.locator('.bottom-label', { hasText: 'bob' }).waitFor();
  await ann.page.getByText('1 watching').waitFor();

  // Chat: the players' room and the spectators' room are apart.
  await ann.page.getByRole('textbox', { name: 'Chat message' }).fill('good luck!');
  await ann.page.getByRole('button', { name: 'Send' }).click();
  await bob.page.locator('.chat-log', { hasText: 'ann: good luck!' }).waitFor();
  await eve.page.getByRole('textbox', { name: 'Chat message' }).fill('hello from the stands');
  await eve.page.getByRole('button', { name: 'Send' }).click();
  await eve.page.locator('.chat-log', { hasText: 'eve: hello from the stands' }).waitFor();
  assert.equal(await eve.page.locator('.chat-log', { hasText: 'good luck' }).count(), 0);
  assert.equal(await bob.page.locator('.chat-log', { hasText: 'hello from the stands' }).count(), 0);

  // A draw offer, declined; then a resignation of game 1.
  const [first, second] = await mover(ann, bob);
  await first.page.getByRole('button', { name: /^House 1, / }).click();
  await turn(second.page, 'Your move').waitFor();
  await confirmed(second.page, 'Offer draw', 'Offer draw');
  await first.page.locator('.offer', { hasText: 'offers a draw' }).waitFor();
  await first.page.getByRole('button', { name: 'Decline draw' }).click();
  await first.page.getByRole('button', { name: 'Offer draw' }).waitFor();
  await confirmed(second.page, 'Resign game', 'Resign');
  for (const page of [ann.page, bob.page, eve.page]) {
    await page.locator('.summary', { hasText: 'resignation' }).waitFor();
    await page.locator('.summary').getByRole('button', { name: 'Hide' }).click();
  }
  // Then the match is forfeited by ann.
  await confirmed(ann.page, 'Forfeit match', 'Forfeit match');
  await turn(bob.page, 'Match over').waitFor();
  await turn(eve.page, 'Match over: bob wins').waitFor();

  // ann offers a rematch, bob accepts: both move to the new match, and so
  // does the spectator.
  for (const page of [ann.page, bob.page]) {
    await page.locator('.summary').getByRole('button', { name: 'Close' }).click();
  }
  await ann.page.getByRole('button', { name: 'Rematch' }).click();
  await bob.page.getByRole('button', { name: 'Accept rematch' }).click();
  await bob.page.waitForURL((url) => /^\/play\/\d+$/.test(url.pathname) && url.pathname !== `/play/${matchId}`);
  const rematchId = Number(new URL(bob.page.url()).pathname.split('/').pop());
  assert.notEqual(rematchId, matchId);
  await ann.page.waitForURL(`${server.origin}/play/${rematchId}`);
  await eve.page.waitForURL(`${server.origin}/watch/${rematchId}`);
  // Seats are swapped in a rematch: bob is seat 0 now.
  await eve.page.locator('.match-header h2', { hasText: /^bob/ }).waitFor();

  // The finished match in the archive, stepped through.
  await eve.page.goto(`${server.origin}/matches/${matchId}`);
  await eve.page.locator('.replay .turn', { hasText: 'Game 1: the opening' }).waitFor();
  await eve.page.getByRole('button', { name: 'Next move' }).click();
  await eve.page.locator('.replay .turn', { hasText: /Game 1, move 1 of 1: .* played house 1\. .* won \(resignation\)/ }).waitFor();
  // The engine's review of the moves, asked for from the replay.
  await eve.page.getByRole('button', { name: 'Analyse with the engine' }).click();
  await eve.page.locator('.review', { hasText: /Engine, 8 plies\. House 1 by \S+ is worth/ }).waitFor();
  const href = await eve.page.getByRole('link', { name: 'Download records' }).getAttribute('href');
  const record = await (await fetch(server.origin + href)).text();
  assert.match(record, /\[variant /);
  assertClean([ann, bob, eve]);
}));
