// The client's words in the player's language: the messages the server
// answers at `GET /api/text/LANG` (compiled from server/web/i18n/LANG.ftl,
// Project Fluent's format), filled in here. A pattern is a string, or parts:
// strings, `{ var }` (a number in the language's format), and choices on a
// variable by exact number, by the number's plural category (the browser's
// Intl.PluralRules) or by word. The language is the one the player chose
// (remembered in this browser), else the first of his browser's
// Accept-Language that the server speaks, else English.

const LANGUAGE_KEY = 'mancala.lang';

const state = { lang: 'en', messages: {}, languages: [], plural: null, number: null };

/** Read the messages, before the first page is drawn; throws with a sentence if it cannot. */
export async function loadText() {
  let chosen = null;
  try {
    chosen = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    chosen = null;
  }
  const read = async (path) => {
    const response = await fetch(path, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`The server answered ${response.status}.`);
    return response.json();
  };
  const path = chosen ? `/api/text/${encodeURIComponent(chosen)}` : '/api/text';
  const body = await read(path).catch(() => read('/api/text'));
  state.lang = body.lang;
  state.messages = body.messages;
  state.languages = body.languages;
  state.plural = new Intl.PluralRules(body.lang);
  state.number = new Intl.NumberFormat(body.lang);
  document.documentElement.lang = body.lang;
  for (const node of document.querySelectorAll('[data-t]')) node.textContent = t(node.dataset.t);
}

/** The language spoken now, as a BCP 47 code (for dates and numbers). */
export function language() {
  return state.lang;
}

/** The languages the server speaks: `[{ code, name }]`, each named in itself. */
export function languages() {
  return state.languages;
}

/** Speak `code` from now on in this browser (the page is drawn again). */
export function chooseLanguage(code) {
  try {
    localStorage.setItem(LANGUAGE_KEY, code);
  } catch {
    // A browser that keeps nothing gets the language for this page only.
  }
  location.reload();
}

/** A number in the language's own format. */
export function formatNumber(n) {
  return state.number ? state.number.format(n) : String(n);
}

/** Whether there is a message `id` in the language spoken. */
export function has(id) {
  return state.messages[id] !== undefined;
}

/** Message `id` with `args` filled in; the id itself if there is no such message. */
export function t(id, args = {}) {
  const pattern = state.messages[id];
  return pattern === undefined ? id : fill(pattern, args);
}

function fill(pattern, args) {
  if (typeof pattern === 'string') return pattern;
  return pattern.map((part) => {
    if (typeof part === 'string') return part;
    if (part.var !== undefined) return shown(args[part.var]);
    return fill(choose(part, args[part.select]), args);
  }).join('');
}

function shown(value) {
  if (typeof value === 'number') return formatNumber(value);
  return value === undefined || value === null ? '' : String(value);
}

function choose(part, value) {
  const variants = part.variants;
  let found;
  if (typeof value === 'number') {
    found = variants.find(([key]) => key !== '' && Number(key) === value)
      ?? variants.find(([key]) => key === state.plural.select(value));
  } else {
    found = variants.find(([key]) => key === String(value));
  }
  return (found ?? variants[part.default])[1];
}
