// An archived match (`GET /api/matches/ID`), stepped through move by move
// with the same board and animation as live play, its records to download
// (`/api/matches/ID/record`), and the analysis board: the engine's review
// as a graph to click through, each move classed, the best move marked on
// the board and the line the engine expects. Needs no sign-in.

import { BoardView } from './board.js';
import { CLASS_MARKS, classCounts, evaluationGraph, evaluations } from './analysis.js';
import { announce, el, fill, formatPoints, icon, refusal, settings } from './ui.js';
import { gameEndText, matchEndText, settingsText } from './settings.js';
import { t } from './i18n.js';

export class ReplayView {
  constructor(app, matchId) {
    this.app = app;
    this.id = matchId;
    this.match = null;
    this.gameIndex = 0;
    this.ply = 0;
    this.flipped = false;
    this.playing = null;
    this.analysis = null;
    this.board = new BoardView();
    this.root = el('section', { class: 'replay', 'aria-label': `Replay of match ${matchId}` });
    this.keys = (event) => this.keydown(event);
    document.addEventListener('keydown', this.keys);
  }

  async start() {
    fill(this.root, el('p', {}, t('loading-match')));
    let response;
    try {
      response = await fetch(`/api/matches/${this.id}`);
    } catch {
      fill(this.root, el('p', { role: 'alert' }, t('server-unreachable')));
      return;
    }
    const body = await response.json().catch(() => null);
    if (!response.ok || !body) {
      fill(this.root, el('h2', {}, t('match-title', { id: String(this.id) })), el('p', { role: 'alert' }, body ? refusal(body) : t('archive-answered', { status: String(response.status) })));
      return;
    }
    this.match = body;
    this.layout();
    this.show(0, 0);
  }

  reconnected() {}

  handle() {}

  destroy() {
    this.stop();
    document.removeEventListener('keydown', this.keys);
  }

  get game() {
    return this.match.games[this.gameIndex];
  }

  name(seat) {
    return this.match.players[seat].name;
  }

  layout() {
    const m = this.match;
    const result = m.ended_at_ms === null
      ? t('still-live')
      : m.winner === null
        ? t('replay-drawn', { how: matchEndText(m.end_reason) })
        : t('replay-won', { name: this.name(m.winner), how: matchEndText(m.end_reason) });
    this.tabs = el('div', { class: 'tabs', role: 'tablist', 'aria-label': t('games-caption') });
    this.position = el('p', { class: 'turn', role: 'status' });
    this.moveList = el('ol', { class: 'move-list', 'aria-label': t('moves') });
    const button = (label, text, action) => el('button', { type: 'button', 'aria-label': label, onclick: action }, text);
    this.playButton = button(t('play'), [icon('play'), ` ${t('play')}`], () => this.togglePlay());
    fill(this.root,
      el('h2', {}, `${this.name(0)} ${formatPoints(m.points[0])} – ${formatPoints(m.points[1])} ${this.name(1)}`),
      el('p', { class: 'meta' }, `${t('match-title', { id: String(m.match_id) })} · ${m.settings ? settingsText(m.settings) : ''} · ${result}`),
      this.tabs,
      this.position,
      el('div', { class: 'board-area' }, this.board.root),
      el('div', { class: 'actions' },
        button(t('first-move'), icon('first'), () => this.show(this.gameIndex, 0)),
        button(t('previous-move'), icon('previous'), () => this.step(-1)),
        this.playButton,
        button(t('next-move'), icon('next'), () => this.step(1)),
        button(t('last-move'), icon('last'), () => this.show(this.gameIndex, this.game.moves.length)),
        button(t('flip-board'), t('flip'), () => { this.flipped = !this.flipped; this.draw(); }),
        el('a', { class: 'button', href: `/api/matches/${m.match_id}/record`, download: `match-${m.match_id}.txt` }, t('download-records')),
        this.analyseButton = button(t('analyse-with-engine'), t('analyse'), () => this.analyse())),
      this.review = el('p', { class: 'review', role: 'status' }),
      this.engineLine = el('p', { class: 'engine-line' }),
      this.graphArea = el('div', { class: 'eval-area' }),
      this.moveList);
    fill(this.tabs, m.games.map((g, i) => el('button', {
      type: 'button',
      role: 'tab',
      'aria-selected': i === this.gameIndex ? 'true' : 'false',
      onclick: () => this.show(i, 0),
    }, t('game-tab', { game: g.game }))));
  }

  /** Ask the server's engine for every move's value, and show it. */
  async analyse() {
    this.analyseButton.disabled = true;
    this.review.textContent = t('engine-reviewing');
    try {
      const response = await fetch(`/api/matches/${this.id}/analysis`);
      const body = await response.json();
      if (!response.ok) throw Object.assign(new Error(body.message ?? t('server-answered', { status: String(response.status) })), { code: body.code });
      this.analysis = body;
      this.draw();
    } catch (error) {
      this.review.textContent = t('no-analysis', { reason: refusal(error) });
      this.analyseButton.disabled = false;
    }
  }

  /** The engine's review of move `ply` of the current game, if asked for. */
  reviewOf(ply) {
    return this.analysis?.games.find((g) => g.game === this.game.game)?.moves.find((m) => m.ply === ply);
  }

  /** The graph, the counts of each player's errors, and the words on the move played and the position shown. */
  drawReview() {
    if (!this.analysis) return;
    const reviewed = this.analysis.games.find((g) => g.game === this.game.game);
    const names = [this.name(0), this.name(1)];
    fill(this.graphArea,
      evaluationGraph(evaluations(this.game, reviewed), {
        moves: this.game.moves.length,
        current: this.ply,
        names,
        pick: (ply) => this.show(this.gameIndex, ply),
      }),
      el('p', { class: 'class-counts' }, `${classCounts(reviewed, names).join(' · ')}.`));
    const sign = (v) => (v > 0 ? `+${v}` : String(v));
    const exact = (r) => (r.exact ? 'yes' : 'no');
    const parts = [t('engine-depth', { depth: this.analysis.depth })];
    const played = this.ply > 0 ? this.reviewOf(this.ply) : null;
    if (played) {
      const verdict = played.class === 'best'
        ? t('verdict-best')
        : t('verdict-worse', { class: played.class, loss: played.loss, best: played.best, value: sign(played.best_value) });
      parts.push(t('move-worth', { house: played.played, name: this.name(played.seat), value: sign(played.value), exact: exact(played), verdict }));
    }
    const next = this.reviewOf(this.ply + 1);
    if (next) parts.push(t('best-here', { name: this.name(next.seat), house: next.best, value: sign(next.best_value), exact: exact(next) }));
    this.review.textContent = parts.join(' ');
    this.engineLine.textContent = next ? t('engine-expects', { line: next.line.join(' ') }) : '';
  }

  /** The board before move `ply` (0: the opening) of the current game. */
  boardAt(ply) {
    const g = this.game;
    return ply === 0 ? g.position : g.moves[ply - 1].position;
  }

  show(gameIndex, ply) {
    this.gameIndex = gameIndex;
    this.ply = Math.max(0, Math.min(ply, this.game.moves.length));
    [...this.tabs.children].forEach((tab, i) => tab.setAttribute('aria-selected', i === gameIndex ? 'true' : 'false'));
    this.draw();
  }

  async step(delta) {
    const target = this.ply + delta;
    if (target < 0 || target > this.game.moves.length || this.board.animating) return false;
    const speed = settings().speed;
    if (delta === 1 && speed > 0) {
      const move = this.game.moves[target - 1];
      await this.board.animate(this.boardAt(this.ply), move.events, speed, this.state());
    }
    this.ply = target;
    this.draw();
    return true;
  }

  togglePlay() {
    if (this.playing) {
      this.stop();
      return;
    }
    fill(this.playButton, icon('pause'), ` ${t('pause')}`);
    this.playButton.setAttribute('aria-label', t('pause'));
    this.playing = true;
    const next = async () => {
      if (!this.playing) return;
      if (!(await this.step(1))) {
        this.stop();
        return;
      }
      this.playing = setTimeout(next, 400);
    };
    next();
  }

  stop() {
    if (typeof this.playing === 'number') clearTimeout(this.playing);
    this.playing = null;
    if (this.playButton) {
      fill(this.playButton, icon('play'), ` ${t('play')}`);
      this.playButton.setAttribute('aria-label', t('play'));
    }
  }

  keydown(event) {
    if (event.target.closest?.('input, textarea, select')) return;
    if (event.key === 'ArrowRight') this.step(1);
    else if (event.key === 'ArrowLeft') this.step(-1);
  }

  state() {
    const bottomSeat = this.flipped ? 1 : 0;
    const move = this.ply > 0 ? this.game.moves[this.ply - 1] : null;
    const next = this.reviewOf(this.ply + 1);
    return {
      board: this.boardAt(this.ply),
      bottomSide: bottomSeat ^ this.game.first,
      interactive: false,
      bottomIsMe: false,
      names: { bottom: this.name(bottomSeat), top: this.name(1 - bottomSeat) },
      legal: [],
      last: move ? { side: move.seat ^ this.game.first, house: move.house } : null,
      best: next ? { side: next.seat ^ this.game.first, house: next.best } : null,
    };
  }

  draw() {
    this.board.render(this.state());
    const g = this.game;
    const move = this.ply > 0 ? g.moves[this.ply - 1] : null;
    let text = this.ply === 0
      ? t('replay-opening', { game: g.game, name: this.name(g.first) })
      : t('replay-move', { game: g.game, ply: this.ply, plies: g.moves.length, name: this.name(move.seat), house: move.house });
    if (this.ply === g.moves.length && g.outcome) {
      const o = g.outcome;
      text += o.winner === null
        ? t('replay-game-drawn', { how: gameEndText(o.reason) })
        : t('replay-game-won', { name: this.name(o.winner), how: gameEndText(o.reason) });
    }
    this.position.textContent = `${text}.`;
    announce(this.position.textContent);
    fill(this.moveList, g.moves.map((mv, i) => {
      const review = this.reviewOf(i + 1);
      // The Kazakh games' moves come written as players write them.
      const written = mv.label ?? mv.house;
      const mark = review ? CLASS_MARKS[review.class] ?? '' : '';
      const lost = review && review.loss > 0 ? ` (−${review.loss})` : '';
      const classes = [i + 1 === this.ply ? 'current' : '', review ? review.class : ''].join(' ').trim();
      return el('li', { class: classes },
        el('button', {
          type: 'button',
          class: 'link',
          title: review && review.loss > 0 ? t('move-title', { class: review.class, loss: review.loss }) : undefined,
          onclick: () => this.show(this.gameIndex, i + 1),
        }, `${this.name(mv.seat)}: ${written}${mark}${lost}`));
    }));
    this.drawReview();
  }
}
