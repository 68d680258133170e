// The rules pages: `/rules` lists the games, `/rules/VARIANT` gives one's
// rules in short and plays the worked examples of its specification on a
// small board, each move animated step by step from the server's events
// (`GET /api/rules/VARIANT`), so that what a player reads is what the
// server does.

import { readApi } from './net.js';
import { BoardView } from './board.js';
import { VARIANTS, variantTitle } from './settings.js';
import { announce, el, fill, refusal } from './ui.js';
import { t } from './i18n.js';

/** The step of an example's animation, in ms (the player's own speed is for matches). */
const STEP_MS = 260;

export class RulesView {
  constructor(app, variant) {
    this.app = app;
    this.variant = variant;
    this.root = el('section', { class: 'rules', 'aria-label': t('nav-rules') });
    this.board = new BoardView();
    this.playing = false;
  }

  async start() {
    if (!this.variant) {
      fill(this.root, el('h2', {}, t('nav-rules')),
        el('p', {}, t('rules-intro')),
        el('ul', { class: 'rules-list' }, VARIANTS.map((v) =>
          el('li', {}, el('a', { href: `/rules/${v.id}`, 'data-link': true }, variantTitle(v.id))))));
      return;
    }
    fill(this.root, el('p', {}, t('loading')));
    let page;
    try {
      page = await readApi(`/api/rules/${encodeURIComponent(this.variant)}`);
    } catch (error) {
      fill(this.root, el('h2', {}, t('nav-rules')), el('p', { role: 'alert' }, refusal(error)),
        el('p', {}, el('a', { href: '/rules', 'data-link': true }, t('all-games'))));
      return;
    }
    this.page = page;
    this.caption = el('p', { class: 'example-caption', role: 'status' });
    this.buttons = el('div', { class: 'row example-buttons' });
    const list = el('ol', { class: 'example-list', 'aria-label': t('worked-examples') },
      page.examples.map((example, i) => el('li', {},
        el('button', { type: 'button', class: 'link', onclick: () => this.show(i) },
          `${example.id}${example.title ? `: ${t(`example-${example.id}`)}` : ''}`))));
    fill(this.root,
      el('h2', {}, t('rules-title', { game: variantTitle(this.variant) })),
      ...page.summary.map((_, i) => el('p', {}, t(`rules-${page.variant}-${i + 1}`))),
      el('h3', {}, t('worked-examples')),
      el('p', {}, t('examples-intro')),
      list,
      el('div', { class: 'board-area' }, this.board.root),
      this.caption,
      this.buttons,
      el('p', {}, el('a', { href: '/rules', 'data-link': true }, t('all-games'))));
    this.show(0);
  }

  /** Show example `i` before its move, with a button to play it. */
  show(i) {
    const example = this.page.examples[i];
    if (!example || this.playing) return;
    this.index = i;
    const mover = example.before.to_move ?? 0;
    this.base = {
      bottomSide: mover,
      interactive: false,
      bottomIsMe: false,
      names: { bottom: t('player-number', { n: mover }), top: t('player-number', { n: 1 - mover }) },
      legal: [],
    };
    this.board.render({ ...this.base, board: example.before, last: null });
    this.caption.textContent = t('example-before', { id: example.id, n: mover, house: example.house });
    fill(this.buttons, el('button', { type: 'button', onclick: () => this.play() }, t('play-house', { house: example.house })));
  }

  /** Animate the example's move from its events, then show the position after it. */
  async play() {
    const example = this.page.examples[this.index];
    if (!example || this.playing) return;
    this.playing = true;
    const mover = example.before.to_move ?? 0;
    try {
      await this.board.animate(example.before, example.events, STEP_MS, this.base);
    } finally {
      this.playing = false;
    }
    if (!this.board.root.isConnected) return;
    this.board.render({ ...this.base, board: example.after, last: { side: mover, house: example.house } });
    const over = example.events.find((e) => e.type === 'game_over');
    const words = over
      ? t('example-game-over', { a: over.result.scores[0], b: over.result.scores[1] })
      : t('example-to-move', { n: example.after.to_move });
    this.caption.textContent = t('example-after', { id: example.id, house: example.house, words });
    announce(this.caption.textContent);
    fill(this.buttons, el('button', { type: 'button', onclick: () => this.show(this.index) }, t('again')),
      this.index + 1 < this.page.examples.length
        ? el('button', { type: 'button', onclick: () => this.show(this.index + 1) }, t('next-example'))
        : null);
  }

  reconnected() {}

  handle() {}

  destroy() {}
}
