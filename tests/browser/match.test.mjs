// A whole five-game Mangala match played in two browsers by clicking
// houses, watched from the lobby in a third; the final score and position
// must be the server's (its archive's), on every page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, screenshot, signedIn, WAIT, withServer } from './harness.mjs';

/**
 * What the page is waiting for: its move (even while the last game's result
 * is shown: it sits beside the board, never over it), the end, or a result
 * to hide while the other player moves.
 */
async function nextTurn(page) {
  const handle = await page.waitForFunction(() => {
    const turn = document.querySelector('.match .turn')?.textContent ?? '';
    const result = Boolean(document.querySelector('.summary-area:not([hidden]) .summary button'));
    if (turn === 'Your move' && document.querySelector('button.pit.legal')) return result ? 'move beside a result' : 'move';
    if (turn.startsWith('Match over')) return 'over';
    // Between two games the result stays until the next one has begun.
    if (result && !turn.startsWith('Game over')) return 'summary';
    return false;
  }, null, { timeout: WAIT, polling: 50 });
  return handle.jsonValue();
}

/** Play by clicking a legal house (named "House N, K seeds") until the match ends. */
async function playToTheEnd(page, pick, onMidGame) {
  let moves = 0;
  let summaries = 0;
  let besideResults = 0;
  for (;;) {
    const what = await nextTurn(page);
    if (what === 'over') return { moves, summaries, besideResults };
    if (what === 'summary') {
      summaries += 1;
      if (summaries === 1 && onMidGame) await onMidGame('summary');
      await page.locator('.summary button', { hasText: /Hide|Close/ }).click();
      continue;
    }
    if (what === 'move beside a result') besideResults += 1;
    const houses = page.getByRole('button', { name: /^House \d, \d+ seeds?$/ }).and(page.locator('.legal'));
    const count = await houses.count();
    if (count === 0) continue;
    await houses.nth(pick(count)).click();
    moves += 1;
    if (moves === 12 && onMidGame) await onMidGame('board');
  }
}

/** The board as a page shows it: stores and rows by rules side. */
async function shownBoard(page) {
  return page.evaluate(() => {
    const counts = (selector) => [...document.querySelectorAll(`.match .board-area > .board ${selector}`)].map((n) => Number(n.querySelector('.count').textContent));
    return { top: counts('.house.top'), bottom: counts('.house.bottom'), topStore: counts('.top-store')[0], bottomStore: counts('.bottom-store')[0] };
  });
}

function expectedBoard(position, bottomSide) {
  const top = 1 - bottomSide;
  return {
    top: position.houses[top].slice().reverse(),
    bottom: position.houses[bottomSide].slice(),
    topStore: position.stores[top],
    bottomStore: position.stores[bottomSide],
  };
}

test('two players play a five-game Mangala match by clicking, a spectator watches, all end on the server\'s score', () => withServer(async ({ server, browser }) => {
  const [ann, bob, eve] = await signedIn(browser, server.origin, 'ann', 'bob', 'eve');

  // ann creates a seek (Mangala, 5 games, untimed: the form's defaults).
  await ann.page.getByRole('button', { name: 'Create seek' }).click();
  await ann.page.getByText('Your seek: Turkish Mangala · 5 games · untimed').waitFor();
  // bob sees it in his lobby and accepts it.
  const accept = bob.page.getByRole('button', { name: "Accept ann's seek" });
  await accept.waitFor();
  await screenshot(bob.page, 'lobby');
  await accept.click();

  // Both are taken to the board.
  await ann.page.waitForURL(/\/play\/\d+$/);
  await bob.page.waitForURL(/\/play\/\d+$/);
  const matchId = Number(new URL(ann.page.url()).pathname.split('/').pop());
  assert.equal(new URL(bob.page.url()).pathname, `/play/${matchId}`);

  // eve watches from her lobby.
  const watch = eve.page.getByRole('button', { name: 'Watch ann against bob' });
  await watch.waitFor();
  await watch.click();
  await eve.page.waitForURL(`${server.origin}/watch/${matchId}`);
  await eve.page.getByText('1 watching').waitFor();

  let seed = 7;
  const pick = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const snap = (name) => async (what) => {
    if (what === 'board') await screenshot(name === 'ann' ? ann.page : bob.page, 'board-mid-game');
    if (what === 'summary' && name === 'ann') await screenshot(ann.page, 'end-of-game-summary');
  };
  const [annPlayed, bobPlayed] = await Promise.all([
    playToTheEnd(ann.page, pick, snap('ann')),
    playToTheEnd(bob.page, pick, snap('bob')),
  ]);
  assert.ok(annPlayed.moves + bobPlayed.moves >= 50, 'five games take many moves');
  // Each later game's first mover played with the last game's result still
  // shown (a click the result covered would have failed).
  assert.ok(annPlayed.besideResults + bobPlayed.besideResults >= 4, 'the result never blocks the next game');

  // The server's account of the match.
  const archived = await (await fetch(`${server.origin}/api/matches/${matchId}`)).json();
  assert.equal(archived.end_reason, 'completed', JSON.stringify(archived).slice(0, 400));
  assert.equal(archived.games.length, 5);
  const played = archived.games.reduce((n, g) => n + g.moves.length, 0);
  assert.equal(played, annPlayed.moves + bobPlayed.moves, 'every click became exactly one move');
  const score = (points) => points.map((p) => (Number.isInteger(p) ? String(p) : `${Math.floor(p) || ''}½`)).join(' – ');
  const expectedScore = score(archived.points);

  const last = archived.games.at(-1);
  const finalPosition = last.moves.at(-1).position;
  const annSeat = archived.players.findIndex((p) => p.name === 'ann');
  for (const [page, seat] of [[ann.page, annSeat], [bob.page, 1 - annSeat], [eve.page, 0]]) {
    const header = (await page.locator('.match-header .score').textContent()).trim();
    assert.equal(header, expectedScore, 'the set score shown is the server\'s');
    await page.locator('.match .turn', { hasText: 'Match over' }).waitFor();
    assert.deepEqual(await shownBoard(page), expectedBoard(finalPosition, seat ^ last.first), 'the final position shown is the server\'s');
  }
  // Each page's move list is the last game's record, as the server writes it.
  const records = await (await fetch(`${server.origin}/api/matches/${matchId}/record`)).text();
  const lastRecord = records.trim().split(/\n\s*\n(?=\[)/).at(-1);
  const rounds = lastRecord.split('\n').filter((line) => /^\d+\. /.test(line));
  assert.ok(rounds.length > 3, lastRecord);
  for (const page of [ann.page, bob.page, eve.page]) {
    assert.deepEqual(await page.locator('.round-list li').allTextContents(), rounds, 'the live move list is the record');
  }
  // Drawn again from a snapshot (who moved is in it), the list is the same.
  await bob.page.reload();
  await bob.page.locator('.match .turn', { hasText: 'Match over' }).waitFor();
  assert.deepEqual(await bob.page.locator('.round-list li').allTextContents(), rounds, 'the same after a reload');
  // The games table lists all five games with their results.
  assert.equal(await eve.page.locator('.games tbody tr').count(), 5);
  await eve.page.locator('.summary button', { hasText: 'Close' }).click().catch(() => {});
  await screenshot(eve.page, 'spectator-view');
  assertClean([ann, bob, eve]);
}));
