// The rules pages: `/rules` lists the games, `/rules/VARIANT` gives one's
// rules in short and plays the worked examples of its specification on a
// small board, each move animated step by step from the server's events
// (`GET /api/rules/VARIANT`), so that what a player reads is what the
// server does.

import { readApi } from './net.js';
import { BoardView } from './board.js';
import { VARIANTS } from './settings.js';
import { announce, el, fill } from './ui.js';

/** The step of an example's animation, in ms (the player's own speed is for matches). */
const STEP_MS = 260;

export class RulesView {
  constructor(app, variant) {
    this.app = app;
    this.variant = variant;
    this.root = el('section', { class: 'rules', 'aria-label': 'Rules' });
    this.board = new BoardView();
    this.playing = false;
  }

  async start() {
    if (!this.variant) {
      fill(this.root, el('h2', {}, 'Rules'),
        el('p', {}, 'Every game the server offers, with its rules in short and the worked examples of its specification played on a board:'),
        el('ul', { class: 'rules-list' }, VARIANTS.map((v) =>
          el('li', {}, el('a', { href: `/rules/${v.id}`, 'data-link': true }, v.title)))));
      return;
    }
    fill(this.root, el('p', {}, 'Loading…'));
    let page;
    try {
      page = await readApi(`/api/rules/${encodeURIComponent(this.variant)}`);
    } catch (error) {
      fill(this.root, el('h2', {}, 'Rules'), el('p', { role: 'alert' }, error.message),
        el('p', {}, el('a', { href: '/rules', 'data-link': true }, 'All the games')));
      return;
    }
    this.page = page;
    this.caption = el('p', { class: 'example-caption', role: 'status' });
    this.buttons = el('div', { class: 'row example-buttons' });
    const list = el('ol', { class: 'example-list', 'aria-label': 'Worked examples' },
      page.examples.map((example, i) => el('li', {},
        el('button', { type: 'button', class: 'link', onclick: () => this.show(i) },
          `${example.id}${example.title ? `: ${example.title}` : ''}`))));
    fill(this.root,
      el('h2', {}, `${page.title}: the rules`),
      ...page.summary.map((paragraph) => el('p', {}, paragraph)),
      el('h3', {}, 'Worked examples'),
      el('p', {}, 'Pick one: the board shows the position, then plays the move stone by stone.'),
      list,
      el('div', { class: 'board-area' }, this.board.root),
      this.caption,
      this.buttons,
      el('p', {}, el('a', { href: '/rules', 'data-link': true }, 'All the games')));
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
      names: { bottom: `Player ${mover}`, top: `Player ${1 - mover}` },
      legal: [],
    };
    this.board.render({ ...this.base, board: example.before, last: null });
    this.caption.textContent = `${example.id}: player ${mover} to move plays house ${example.house}.`;
    fill(this.buttons, el('button', { type: 'button', onclick: () => this.play() }, `Play house ${example.house}`));
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
      ? `Game over (${over.result.scores[0]} to ${over.result.scores[1]}).`
      : `Player ${example.after.to_move} to move.`;
    this.caption.textContent = `${example.id}: house ${example.house} played. ${words}`;
    announce(this.caption.textContent);
    fill(this.buttons, el('button', { type: 'button', onclick: () => this.show(this.index) }, 'Again'),
      this.index + 1 < this.page.examples.length
        ? el('button', { type: 'button', onclick: () => this.show(this.index + 1) }, 'Next example')
        : null);
  }

  reconnected() {}

  handle() {}

  destroy() {}
}
