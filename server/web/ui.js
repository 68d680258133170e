// Small DOM helpers shared by every view: element building, the
// confirmation dialog, the screen-reader announcer, the "your move" cue and
// the player's settings kept in local storage.

import { has, language, t } from './i18n.js';

/** Build an element: el('button', {class: 'x', onclick: f}, 'text', child). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (value === true) node.setAttribute(key, '');
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replace a node's children. */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Ask before something that cannot be undone; resolves true on "yes". */
export function confirmAction(question, yesLabel) {
  const dialog = document.getElementById('confirm');
  document.getElementById('confirm-text').textContent = question;
  const yes = document.getElementById('confirm-yes');
  yes.textContent = yesLabel;
  return new Promise((resolve) => {
    const done = (answer) => {
      dialog.removeEventListener('close', onClose);
      yes.removeEventListener('click', onYes);
      resolve(answer);
    };
    const onYes = () => {
      dialog.close('yes');
    };
    const onClose = () => done(dialog.returnValue === 'yes');
    dialog.returnValue = '';
    yes.addEventListener('click', onYes);
    dialog.addEventListener('close', onClose);
    dialog.showModal();
  });
}

/** Tell screen readers (and the visible move log) what happened. */
export function announce(text) {
  const region = document.getElementById('announce');
  region.textContent = text;
}

/** Show a message under the header for a few seconds (errors, notices). */
export function notify(text, kind = 'info') {
  const area = document.getElementById('notices');
  const note = el('div', { class: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
  area.append(note);
  setTimeout(() => note.remove(), 6000);
}

const SETTINGS_KEY = 'mancala.settings';
const DEFAULTS = { speed: 150, sound: true, theme: 'auto' };

/** The player's display settings (animation speed in ms per step, 0 = off; sound). */
export function settings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}') };
  } catch {
    return { ...DEFAULTS };
  }
}

export function saveSettings(changes) {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...settings(), ...changes }));
}

let audio = null;
// Browsers only let a page make sound after the user has touched it.
document.addEventListener('pointerdown', () => {
  if (!audio && window.AudioContext) audio = new AudioContext();
}, { once: true });

/** The sounds a match makes, each of which the player may switch off. */
export const SOUNDS = ['turn', 'move', 'capture', 'extra_turn', 'game_end', 'low_time'];

const TONES = {
  turn: [660, 880],
  move: [520],
  capture: [740, 520],
  extra_turn: [520, 700, 880],
  game_end: [523, 659, 784, 1046],
  low_time: [440, 440, 440],
};

/**
 * Make the sound of `kind` if sound is on and that sound is not switched
 * off. The page keeps the last few it made in `data-sounds` on <html>, so
 * that a test, which cannot hear, can tell.
 */
export function sound(kind) {
  const chosen = settings();
  if (!chosen.sound || chosen.sounds?.[kind] === false) return;
  const root = document.documentElement;
  root.dataset.sounds = [...(root.dataset.sounds ?? '').split(' ').filter(Boolean), kind].slice(-10).join(' ');
  tones(TONES[kind]);
}

function tones(frequencies) {
  if (!settings().sound || !audio) return;
  const now = audio.currentTime;
  for (const [i, freq] of frequencies.entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.2);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + i * 0.12);
    osc.stop(now + i * 0.12 + 0.25);
  }
}

const BASE_TITLE = 'Mancala';

/** The tab's title: marked while it is the player's move. */
export function titleCue(yourMove) {
  document.title = yourMove ? t('title-your-move', { title: BASE_TITLE }) : BASE_TITLE;
}

/** Minutes and seconds (or days and hours) of a clock. */
export function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  if (total >= 86400) {
    const days = Math.floor(total / 86400);
    const hours = Math.floor((total % 86400) / 3600);
    return `${days}d ${hours}h`;
  }
  if (total >= 3600) {
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    return `${h}:${String(m).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  }
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Points such as 2.5 written as 2½. */
export function formatPoints(points) {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5;
  if (!half) return String(whole);
  return whole === 0 ? '½' : `${whole}½`;
}

const ICON_PATHS = {
  first: 'M4 3h2v10H4zM13 3v10L6 8z',
  previous: 'M12 3v10L4 8z',
  play: 'M4 3v10l9-5z',
  pause: 'M4 3h3v10H4zM9 3h3v10H9z',
  next: 'M4 3v10l8-5z',
  last: 'M10 3h2v10h-2zM3 3v10l7-5z',
};

/**
 * An inline SVG icon (first, previous, play, pause, next, last): drawn, not a
 * font glyph, so it shows on every system. Hidden from screen readers: the
 * button it sits in carries the words.
 */
/** An SVG element, as `el` makes an HTML one. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

export function icon(name) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', 'icon');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICON_PATHS[name]);
  svg.append(path);
  return svg;
}

/** The colour theme: the system's ('auto'), or the player's 'light' or 'dark'. */
export function applyTheme(theme = settings().theme) {
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

/** `text` as a sentence: a capital first, a full stop last. */
/**
 * What the server refused, as a sentence in the player's language. The
 * server words its refusals in English and names the detail ("games must be
 * 1 to 9"): English pages show them as sent; another language shows the
 * sentence for the refusal's code (`refusal-CODE`), or the server's words
 * for a code it has none for.
 */
export function refusal(error) {
  const id = `refusal-${error?.code}`;
  if (language() !== 'en' && has(id)) return t(id);
  return sentence(String(error?.message ?? t(id)));
}

export function sentence(text) {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
