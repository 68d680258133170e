// Dark mode: it follows the system's setting, and the player's choice from
// the top bar overrides it and is remembered.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, openPage, screenshot, withServer } from './harness.mjs';

const background = (page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test("the theme follows the system, and the player's choice wins and is remembered", () => withServer(async ({ server, browser }) => {
  const visitor = await openPage(browser, server.origin);
  const page = visitor.page;
  await page.getByLabel('Name', { exact: true }).waitFor();
  const light = await background(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await background(page);
  assert.notEqual(dark, light, 'a dark system gets the dark theme');
  await screenshot(page, 'sign-in-dark');

  // The switch: system -> dark -> light, whatever the system says.
  const toggle = page.getByRole('button', { name: /^Theme: / });
  assert.equal(await toggle.textContent(), 'Theme: system');
  await toggle.click();
  assert.equal(await toggle.textContent(), 'Theme: dark');
  assert.equal(await background(page), dark);
  await toggle.click();
  assert.equal(await toggle.textContent(), 'Theme: light');
  assert.equal(await background(page), light);
  await page.reload();
  await page.getByLabel('Name', { exact: true }).waitFor();
  assert.equal(await background(page), light, 'remembered across a reload');
  assertClean([visitor]);
}));
