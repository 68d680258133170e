// The analysis board of a finished match: the evaluation graph (a point
// per position reviewed, clicking one goes there), the engine's best move
// marked on the board, its expected line, and every move classed in the
// move list, all agreeing with what the server's analysis said.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, screenshot, seriousViolations, signedIn, withServer } from './harness.mjs';

const MARKS = { best: '', inaccuracy: '?!', mistake: '?', blunder: '??' };

test('the analysis board graphs the evaluation, marks the best move and classes every move', () => withServer(async ({ server, browser }) => {
  // A whole game of Kalah against a computer, ann playing her first legal house.
  const [ann] = await signedIn(browser, server.origin, 'ann');
  await ann.page.getByLabel('Computer opponent').selectOption('computer-2');
  await ann.page.getByLabel('Game', { exact: true }).selectOption('kalah');
  await ann.page.getByLabel('Games in the match').selectOption('1');
  await ann.page.getByRole('button', { name: 'Play the computer' }).click();
  await ann.page.waitForURL(/\/play\/\d+$/);
  const matchId = Number(new URL(ann.page.url()).pathname.split('/').pop());
  const over = ann.page.locator('.match .turn', { hasText: 'Match over' });
  while (!(await over.count())) {
    const legal = ann.page.locator('button.pit.legal');
    await Promise.race([legal.first().waitFor(), over.waitFor()]);
    if (await over.count()) break;
    await legal.first().click().catch(() => {});
  }

  const page = ann.page;
  await page.goto(`${server.origin}/matches/${matchId}`);
  await page.locator('.replay .turn', { hasText: 'Game 1: the opening' }).waitFor();
  const archived = await (await fetch(`${server.origin}/api/matches/${matchId}`)).json();
  const game = archived.games[0];
  const plies = game.moves.length;
  assert.ok(plies >= 6, `a game of ${plies} moves`);
  // The page's own request for the analysis, read as it arrives.
  const answered = page.waitForResponse((r) => r.url().includes(`/api/matches/${matchId}/analysis`));
  await page.getByRole('button', { name: 'Analyse with the engine' }).click();
  const analysis = await (await answered).json();
  const reviews = analysis.games[0].moves;
  assert.equal(reviews.length, plies, 'every move reviewed');

  // A point per position reviewed, and the end's when the game ended on the board.
  const [first, second] = archived.players.map((p) => p.name);
  const graph = page.getByRole('img', { name: new RegExp(`^Evaluation for ${first} over the game`) });
  await graph.waitFor();
  const endsOnBoard = ['side_empty', 'no_move', 'majority', 'repetition'].includes(game.outcome.reason);
  assert.equal(await page.locator('.eval-graph .hit').count(), plies + (endsOnBoard ? 1 : 0));
  const exact = reviews.filter((r) => r.exact).length + (endsOnBoard ? 1 : 0);
  assert.equal(await page.locator('.eval-graph circle.exact').count(), exact, 'exact values are drawn as such');

  // Clicking a point goes to its position, with the engine's best move
  // there marked on the board and its line written out.
  const ply = Math.floor(plies / 2);
  await page.locator(`.eval-graph .hit[data-ply="${ply}"]`).click();
  await page.locator('.replay .turn', { hasText: `move ${ply} of ${plies}` }).waitFor();
  const next = reviews[ply];
  const marked = page.locator('.pit.best');
  assert.equal(await marked.count(), 1, 'one best move marked');
  const label = await marked.getAttribute('aria-label');
  assert.match(label, new RegExp(`house ${next.best}, .*the engine's best move$`));
  assert.equal(await page.locator('.engine-line').textContent(), `The engine expects: ${next.line.join(' ')} (houses, each from its mover's left).`);
  await page.locator('.review', { hasText: `house ${next.best}, ` }).waitFor();

  // Every move in the list carries its class and its mark.
  const items = page.locator('.move-list li');
  assert.equal(await items.count(), plies);
  for (const [i, review] of reviews.entries()) {
    const item = items.nth(i);
    const text = await item.textContent();
    const mark = MARKS[review.class];
    if (review.class === 'best') {
      assert.ok(!/[?!]/.test(text), `move ${i + 1} is a best move: ${text}`);
    } else {
      assert.ok((await item.getAttribute('class')).split(' ').includes(review.class), `move ${i + 1}`);
      assert.ok(text.endsWith(`${mark} (−${review.loss})`), `move ${i + 1}: ${text}`);
    }
  }
  const count = (seat, cls) => reviews.filter((r) => r.seat === seat && r.class === cls).length;
  await page.locator('.class-counts', { hasText: `${first}: ${count(0, 'inaccuracy')} inaccurac` }).waitFor();
  await page.locator('.class-counts', { hasText: `${second}: ${count(1, 'inaccuracy')} inaccurac` }).waitFor();

  // Readable, and fitting a phone, in both themes.
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    assert.deepEqual(await seriousViolations(page), [], colorScheme);
    await screenshot(page, `analysis-${colorScheme}`);
  }
  await page.setViewportSize({ width: 375, height: 740 });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll');
  assertClean([ann]);
}, ['--computer-delay-ms', '0', '--computer-think-ms', '50']));
