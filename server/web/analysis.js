// The analysis board's pieces, drawn from the engine's review of a match
// (`GET /api/matches/ID/analysis`, docs/PROTOCOL.md): the evaluation over a
// game as a graph to click through, each move's class as players mark it,
// and the words for the position shown. The replay puts them together.

import { svg } from './ui.js';
import { t } from './i18n.js';

/** How annotators mark a move of each class (as in chess: ?! ? ??). */
export const CLASS_MARKS = { best: '', inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The ways a game ends on the board, where its final stores are its value. */
const ENDS_ON_BOARD = new Set(['side_empty', 'no_move', 'majority', 'repetition']);

/**
 * The evaluation of each position of `game` the engine reviewed, for seat
 * 0 (his final store less his opponent's with best play, as far as the
 * search saw): `[{ ply, value, exact }]`, `ply` the moves played before it
 * (0: the opening); and the final stores' difference after the last move
 * when the game ended on the board (exact).
 */
export function evaluations(game, reviewed) {
  const points = (reviewed?.moves ?? []).map((r) => ({
    ply: r.ply - 1,
    value: r.seat === 0 ? r.best_value : -r.best_value,
    exact: r.exact,
  }));
  const o = game.outcome;
  if (o && ENDS_ON_BOARD.has(o.reason) && game.moves.length > 0) {
    // Seat 0 plays rules side `first` (seat s plays side s ^ first).
    points.push({ ply: game.moves.length, value: o.stores[game.first] - o.stores[1 - game.first], exact: true });
  }
  return points;
}

const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');

/**
 * The evaluation over a game as an SVG graph, seat 0 ahead upwards: a
 * point per position (filled where exact), the position shown marked, and
 * each position's column a target that calls `pick(ply)`. Keyboard and
 * screen-reader users step through the same positions with the move list.
 */
export function evaluationGraph(points, { moves, current, names, pick }) {
  const width = 1000;
  const height = 170;
  const pad = 8;
  const scale = Math.max(4, ...points.map((p) => Math.abs(p.value)));
  const x = (ply) => pad + (ply * (width - 2 * pad)) / Math.max(1, moves);
  const y = (v) => height / 2 - (v * (height / 2 - pad)) / scale;
  const column = (width - 2 * pad) / Math.max(1, moves);
  const first = points[0];
  const last = points.at(-1);
  const exact = points.filter((p) => p.exact).length;
  const label = points.length
    ? t('evaluation-label', { name: names[0], from: signed(first.value), to: signed(last.value), exact, count: points.length })
    : t('no-evaluation');
  return svg('svg', { class: 'eval-graph', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label },
    svg('rect', { x: 0, y: 0, width, height: height / 2, class: 'ahead-0' }),
    svg('rect', { x: 0, y: height / 2, width, height: height / 2, class: 'ahead-1' }),
    svg('text', { x: pad, y: 18, class: 'axis-label' }, t('ahead', { name: names[0] })),
    svg('text', { x: pad, y: height - 8, class: 'axis-label' }, t('ahead', { name: names[1] })),
    svg('line', { x1: 0, y1: height / 2, x2: width, y2: height / 2, class: 'axis' }),
    svg('line', { x1: x(current), y1: 0, x2: x(current), y2: height, class: 'current' }),
    svg('polyline', { points: points.map((p) => `${x(p.ply).toFixed(1)},${y(p.value).toFixed(1)}`).join(' '), class: 'eval-line' }),
    points.map((p) => svg('circle', { cx: x(p.ply).toFixed(1), cy: y(p.value).toFixed(1), r: 4, class: p.exact ? 'exact' : 'estimate' })),
    points.map((p) => svg('rect', {
      x: Math.max(0, x(p.ply) - column / 2).toFixed(1),
      y: 0,
      width: column.toFixed(1),
      height,
      class: 'hit',
      'data-ply': p.ply,
      onclick: () => pick(p.ply),
    }, svg('title', {}, t('graph-point', { ply: p.ply, value: signed(p.value), exact: p.exact ? 'yes' : 'no' })))));
}

/** Each player's inaccuracies, mistakes and blunders in a reviewed game, in words. */
export function classCounts(reviewed, names) {
  return [0, 1].map((seat) => {
    const moves = (reviewed?.moves ?? []).filter((r) => r.seat === seat);
    const count = (cls) => moves.filter((r) => r.class === cls).length;
    return t('class-counts', { name: names[seat], inaccuracies: count('inaccuracy'), mistakes: count('mistake'), blunders: count('blunder') });
  });
}
