// The TV: the featured live match, watched; an empty TV says so.

import { test } from 'node:test';
import { assertClean, openPage, signedIn, startMatch, withServer } from './harness.mjs';

test('the TV watches the featured match, and says so when none is live', () => withServer(async ({ server, browser }) => {
  // A visitor's front page, open before any match starts.
  const visitor = await openPage(browser, server.origin);
  await visitor.page.getByText('No live match.').waitFor();
  const [eve] = await signedIn(browser, server.origin, 'eve');
  await eve.page.getByRole('link', { name: 'TV' }).click();
  await eve.page.getByText('No live match now').waitFor();
  const [ann, bob] = await signedIn(browser, server.origin, 'ann', 'bob');
  await startMatch(ann, bob);
  // Opened again, the TV finds the match and watches it.
  await eve.page.goto(`${server.origin}/tv`);
  await eve.page.locator('.match-header', { hasText: /ann.*bob/ }).waitFor();
  await eve.page.getByRole('button', { name: 'Stop watching' }).waitFor();
  await ann.page.getByText('1 watching').waitFor();
  // The front page, never reloaded, names it too, before anyone signs in.
  await visitor.page.locator('.lobby-preview .featured', { hasText: /^Featured: ann – bob/ }).waitFor();
  assertClean([eve, ann, bob, visitor]);
}));
