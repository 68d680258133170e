// Five languages: chosen from the browser's Accept-Language, switchable on
// every page and remembered; every word of the pages drawn so far from the
// language's messages (no message id left showing), at phone width too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClean, openPage, screenshot, seriousViolations, withServer } from './harness.mjs';

/** Per language: a browser asking for it, and words its front page and lobby must show. */
const LANGUAGES = [
  { code: 'en', locale: 'en-GB', title: 'Play mancala', signIn: 'Sign in', newGame: 'New game', createSeek: 'Create seek' },
  { code: 'tr', locale: 'tr-TR', title: 'Mangala oyna', signIn: 'Giriş yap', newGame: 'Yeni oyun', createSeek: 'İlan aç' },
  { code: 'pl', locale: 'pl-PL', title: 'Zagraj w mankalę', signIn: 'Zaloguj', newGame: 'Nowa gra', createSeek: 'Dodaj ogłoszenie' },
  { code: 'ru', locale: 'ru-RU', title: 'Играть в манкалу', signIn: 'Войти', newGame: 'Новая игра', createSeek: 'Создать заявку' },
  { code: 'sl', locale: 'sl-SI', title: 'Igraj mankalo', signIn: 'Prijava', newGame: 'Nova igra', createSeek: 'Ustvari oglas' },
];

/** Message ids (they all have a hyphen) showing as text: a word not translated. */
async function idsShowing(page, origin) {
  const english = await (await fetch(`${origin}/api/text/en`)).json();
  const ids = Object.keys(english.messages).filter((id) => id.includes('-'));
  const text = await page.evaluate(() => document.body.innerText);
  return ids.filter((id) => new RegExp(`(^|\\s)${id}(\\s|$)`).test(text));
}

test('each language is chosen from the browser, its pages in its own words, at phone width too', () => withServer(async ({ server, browser }) => {
  const pages = [];
  for (const lang of LANGUAGES) {
    const visitor = await openPage(browser, server.origin, { locale: lang.locale, width: 375, height: 740 });
    pages.push(visitor);
    const { page } = visitor;
    await page.getByRole('heading', { name: lang.title }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang.code);
    assert.equal(await page.locator('#language').inputValue(), lang.code);
    assert.deepEqual(await idsShowing(page, server.origin), [], lang.code);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${lang.code}: no sideways scroll`);
    // Signed in, the lobby speaks it too.
    await page.locator('#name').fill(`p${lang.code}`);
    await page.getByRole('button', { name: lang.signIn, exact: true }).click();
    await page.getByRole('heading', { name: lang.newGame }).waitFor();
    await page.getByRole('button', { name: lang.createSeek }).waitFor();
    assert.deepEqual(await idsShowing(page, server.origin), [], `${lang.code} lobby`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${lang.code} lobby: no sideways scroll`);
    assert.deepEqual(await seriousViolations(page), [], lang.code);
    await screenshot(page, `phone-lobby-${lang.code}`);
  }
  assertClean(pages);
}));

test('a language chosen from the top bar is spoken from then on in this browser', () => withServer(async ({ server, browser }) => {
  const visitor = await openPage(browser, server.origin, { locale: 'en-US' });
  const { page } = visitor;
  await page.getByRole('heading', { name: 'Play mancala' }).waitFor();
  await page.getByLabel('Language').selectOption('pl');
  await page.getByRole('heading', { name: 'Zagraj w mankalę' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl');
  // Remembered: the next visit is in Polish, whatever the browser asks for.
  await page.goto(`${server.origin}/`);
  await page.getByRole('heading', { name: 'Zagraj w mankalę' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Zasady' }).count(), 1);
  assertClean([visitor]);
}));

test('a match is played in the players’ language', () => withServer(async ({ server, browser }) => {
  const pages = [];
  for (const name of ['ann', 'bob']) {
    const visitor = await openPage(browser, server.origin, { locale: 'pl-PL' });
    await visitor.page.locator('#name').fill(name);
    await visitor.page.getByRole('button', { name: 'Zaloguj', exact: true }).click();
    await visitor.page.getByRole('heading', { name: 'Nowa gra' }).waitFor();
    pages.push(visitor);
  }
  const [first, second] = pages;
  await first.page.getByRole('button', { name: 'Dodaj ogłoszenie' }).click();
  await second.page.getByRole('button', { name: 'Przyjmij ogłoszenie gracza ann' }).click();
  for (const { page } of pages) {
    await page.waitForURL(/\/play\/\d+$/);
    await page.locator('.match .turn', { hasText: /^(Twój ruch|Ruch: (ann|bob))$/ }).waitFor();
    await page.getByRole('button', { name: 'Poddaj partię' }).waitFor();
    // The board names its pits in Polish too, with Polish plurals.
    await page.getByRole('button', { name: /^Dołek 1, 4 kamienie$/ }).waitFor();
    await page.locator('.board [data-label="twój magazyn"]').waitFor();
    assert.deepEqual(await idsShowing(page, server.origin), [], page.url());
  }
  // Ann forfeits; the replay, her page, the leaderboard, the rules and the TV speak Polish too.
  const { page } = first;
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('button', { name: 'Oddaj mecz' }).click();
  await page.locator('#confirm').getByRole('button', { name: 'Oddaj mecz' }).click();
  await page.locator('.match .turn', { hasText: /^Koniec meczu: / }).waitFor();
  const visits = [
    [`/matches/${id}`, page.locator('.replay .turn', { hasText: /^Partia 1: pozycja wyjściowa, zaczyna (ann|bob)\. Wygrał (ann|bob) \(walkower\)\.$/ })],
    ['/players/ann', page.getByRole('heading', { name: 'Ostatnie mecze' })],
    ['/leaderboard', page.getByRole('heading', { name: 'Ranking' })],
    ['/rules/mangala', page.getByRole('heading', { name: 'Mangala turecka: zasady' })],
    // The rules themselves, and a worked example's title, in Polish.
    ['/rules/mangala', page.locator('p', { hasText: /^Dwa rzędy po 6 dołków z 4 kamieniami w każdym;/ })],
    ['/rules/togyz_kumalak', page.getByRole('button', { name: /^T2: Powstaje tuzdik/ })],
    ['/tv', page.getByRole('heading', { name: 'TV' })],
  ];
  for (const [path, shown] of visits) {
    await page.goto(`${server.origin}${path}`);
    await shown.waitFor();
    assert.deepEqual(await idsShowing(page, server.origin), [], path);
  }
  assertClean(pages);
}));

test('the server’s refusals are said in the player’s language', () => withServer(async ({ server, browser }) => {
  const visitor = await openPage(browser, server.origin, { locale: 'pl-PL' });
  const { page } = visitor;
  await page.locator('#name').fill('ala');
  await page.getByRole('button', { name: 'Zaloguj', exact: true }).click();
  await page.getByRole('heading', { name: 'Nowa gra' }).waitFor();
  // Three open seeks are the most one player may have: the fourth is refused.
  const create = page.getByRole('button', { name: 'Dodaj ogłoszenie' });
  for (let seeks = 1; seeks <= 3; seeks += 1) {
    await create.click();
    await page.locator('tr[data-seek]').nth(seeks - 1).waitFor();
  }
  await create.click();
  await page.getByText('Masz już tyle otwartych ofert, ile wolno: najpierw anuluj jedną.').waitFor();
  assertClean([visitor]);
}));
