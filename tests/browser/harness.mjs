// What every browser test needs: the real `mancala-server` binary on a
// fresh database and a free port, Debian's Chromium driven by Playwright
// (no browser download), pages that fail the test on any console error or
// any request to another host, a TCP relay that can cut one player's
// connection, and screenshots saved under the cargo target directory's browser-screenshots/.

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
// Where cargo put its build: scripts/test.sh says (CARGO_TARGET_DIR or a
// configured target-dir); ./target otherwise.
const TARGET = process.env.MANCALA_TARGET_DIR ?? process.env.CARGO_TARGET_DIR ?? path.join(root, 'target');
const SERVER = process.env.MANCALA_SERVER_BIN ?? path.join(TARGET, 'debug/mancala-server');
const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.join(TARGET, 'browser-screenshots');
/** How long any one expectation may wait: generous, since CI shares two cores. */
export const WAIT = 30_000;

/** Start the server; resolves with { origin, port, stop() }. */
export async function startServer(extraArgs = []) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mancala-browser-'));
  const child = spawn(SERVER, ['--listen', '127.0.0.1:0', '--database', path.join(dir, 'db.sqlite3'), ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: 'info', NO_COLOR: '1' },
  });
  let output = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), WAIT);
    const read = (chunk) => {
      output += chunk;
      const found = output.match(/listening on ws:\/\/127\.0\.0\.1:(\d+)\/ws/);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Launch Debian's Chromium headless, with no background traffic. */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-default-apps', '--mute-audio'],
  });
}

/**
 * A page in its own context (own storage: another player), recording
 * console errors and every request's host so the test can assert none.
 */
export async function openPage(browser, origin, { width = 1200, height = 860, path: where = '/', speed = 0, locale = 'en-US' } = {}) {
  // `locale` is the browser's language: its Accept-Language.
  const context = await browser.newContext({ viewport: { width, height }, locale });
  const page = await context.newPage();
  const problems = [];
  const host = new URL(origin).host;
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.host !== host && url.protocol !== 'data:') problems.push(`request to another host: ${request.url()}`);
  });
  // Animation speed is the player's own setting; tests that play whole
  // matches switch it off so that they go quickly.
  await context.addInitScript((ms) => {
    if (!localStorage.getItem('mancala.settings')) localStorage.setItem('mancala.settings', JSON.stringify({ speed: ms, sound: false }));
  }, speed);
  page.setDefaultTimeout(WAIT);
  await page.goto(origin + where);
  return { page, context, problems };
}

/** Sign in on the sign-in form and wait for the lobby (or the page asked for). */
export async function signIn(page, name) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Signed in as ${name}`).waitFor();
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * A TCP relay in front of the server: pages opened on its port reach the
 * server through it. `cut()` drops every connection and refuses new ones
 * until `restore()`, as a real network failure would.
 */
export async function startRelay(targetPort) {
  const sockets = new Set();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      down = false;
    },
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(resolve);
    }),
  };
}

/**
 * Fail on any problem a page recorded (console errors, foreign requests),
 * but those matching `allowed` (the browser's own report of a connection
 * the test itself cut).
 */
export function assertClean(pages, allowed = []) {
  const all = pages.flatMap((p) => p.problems).filter((text) => !allowed.some((re) => re.test(text)));
  if (all.length) throw new Error(`page problems:\n${all.join('\n')}`);
}

/**
 * Run `body({ server, browser })` against a fresh server and browser, and
 * stop both whatever happens.
 */
export async function withServer(body, serverArgs = []) {
  const server = await startServer(serverArgs);
  const browser = await launchBrowser();
  try {
    await body({ server, browser });
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** A page signed in as each of `names`, in its own context. */
export async function signedIn(browser, origin, ...names) {
  const pages = [];
  for (const name of names) {
    const page = await openPage(browser, origin);
    await signIn(page.page, name);
    pages.push(page);
  }
  return pages;
}

/** The page's turn line, when it reads `text`. */
export const turn = (page, text) => page.locator('.match .turn', { hasText: text });

/** ann seeks (with `variant`, if given), bob accepts: both end on the board; the match id. */
export async function startMatch(ann, bob, variant) {
  if (variant) await ann.page.getByLabel('Game', { exact: true }).selectOption(variant);
  await ann.page.getByRole('button', { name: 'Create seek' }).click();
  await bob.page.getByRole('button', { name: "Accept ann's seek" }).click();
  await ann.page.waitForURL(/\/play\/\d+$/);
  await bob.page.waitForURL(/\/play\/\d+$/);
  return Number(new URL(ann.page.url()).pathname.split('/').pop());
}

/** The two pages, the one whose move it is first. */
export async function mover(a, b) {
  await Promise.race([turn(a.page, 'Your move').waitFor(), turn(b.page, 'Your move').waitFor()]);
  return (await turn(a.page, 'Your move').count()) ? [a, b] : [b, a];
}

const AXE_SOURCE = readFileSync(path.join(here, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/**
 * axe-core's check of the page as it stands: the violations of impact
 * "serious" or "critical", as lines that say where.
 */
export async function seriousViolations(page) {
  // Evaluated through the browser's own channel, which the page's policy
  // (scripts from this server only) does not govern.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  return violations;
}
