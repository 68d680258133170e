// The board: drawn from one rules side's point of view (that side's row at
// the bottom, houses 1..m from the left, its store on the right), updated
// in place so keyboard focus survives each move, and animated from a move's
// events (docs/PROTOCOL.md, "The events of a move").

import { el } from './ui.js';
import { t } from './i18n.js';

const MAX_DOTS = 14;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A deep copy of a protocol board (Togyz Kumalak's tuzdiks included). */
export function copyBoard(board) {
  const tuzdik = (board.tuzdik || [null, null]).slice();
  return { houses: [board.houses[0].slice(), board.houses[1].slice()], stores: board.stores.slice(), to_move: board.to_move, tuzdik };
}

/**
 * Whose tuzdik `side`'s house `house` (from 1) is, or null: a tuzdik of
 * player p is a house of the other's row, `board.tuzdik[p]` its index.
 */
export function tuzdikOwner(board, side, house) {
  const owner = 1 - side;
  return board.tuzdik && board.tuzdik[owner] === house - 1 ? owner : null;
}

/** Apply one move event to a board (rules sides), as the server did. */
export function applyEvent(board, event) {
  const take = (pit) => {
    if (pit.kind === 'store') board.stores[pit.side] = 0;
    else board.houses[pit.side][pit.house - 1] = 0;
  };
  const add = (pit, n) => {
    if (pit.kind === 'store') board.stores[pit.side] += n;
    else board.houses[pit.side][pit.house - 1] += n;
  };
  switch (event.type) {
    case 'lift':
    case 'relay':
      take(event.pit);
      break;
    case 'sow':
      add(event.pit, 1);
      break;
    case 'capture':
      take(event.pit);
      board.stores[event.by] += event.seeds;
      break;
    case 'tuzdik':
      take(event.pit);
      board.stores[event.by] += event.seeds;
      board.tuzdik = board.tuzdik || [null, null];
      board.tuzdik[event.by] = event.pit.house - 1;
      break;
    case 'sweep':
      board.houses[event.from].fill(0);
      board.stores[event.to] += event.seeds;
      break;
    case 'game_over':
      board.to_move = null;
      break;
    default:
      break;
  }
}

/** The pit an event points at, for the highlight. */
function eventPit(event) {
  if (event.pit) return event.pit;
  if (event.type === 'sweep') return { kind: 'store', side: event.to };
  return null;
}

/** A pit's name (`place`) and how many seeds it holds, for screen readers. */
const withSeeds = (place, count) => t('with-seeds', { place, count });

export class BoardView {
  /**
   * onPlay(house): called when the player picks one of his houses
   * (only when `interactive`).
   */
  constructor({ onPlay } = {}) {
    this.onPlay = onPlay;
    this.root = el('div', { class: 'board', role: 'group', 'aria-label': t('board') });
    this.width = 0;
    this.cells = null;
    this.state = null;
    this.animating = false;
  }

  build(m, interactive) {
    this.width = m;
    this.interactive = interactive;
    this.root.replaceChildren();
    this.root.style.setProperty('--houses', m);
    // Nine houses a row (Togyz Kumalak) take narrower pits on a phone.
    this.root.classList.toggle('wide', m > 7);
    const pit = (classes, tag = 'div') => {
      const node = el(tag, { class: `pit ${classes}` }, el('span', { class: 'seeds', 'aria-hidden': 'true' }), el('span', { class: 'count', 'aria-hidden': 'true' }));
      return node;
    };
    const topStore = pit('store top-store');
    const bottomStore = pit('store bottom-store');
    topStore.setAttribute('role', 'img');
    bottomStore.setAttribute('role', 'img');
    const top = [];
    const bottom = [];
    const numbers = [];
    for (let c = 0; c < m; c += 1) {
      const t = pit('house top');
      t.style.gridColumn = String(c + 2);
      top.push(t);
      const b = pit('house bottom', interactive ? 'button' : 'div');
      b.style.gridColumn = String(c + 2);
      // The house's number sits over its corner, outside the button, whose
      // visible text is then its count alone, part of its name ("House 1, 4 seeds").
      const number = el('span', { class: 'number', 'aria-hidden': 'true' }, String(c + 1));
      number.style.gridColumn = String(c + 2);
      numbers.push(number);
      if (interactive) {
        b.type = 'button';
        const house = c + 1;
        b.addEventListener('click', () => {
          if (b.getAttribute('aria-disabled') !== 'true') this.onPlay?.(house);
        });
        b.addEventListener('keydown', (event) => this.arrowKeys(event, c));
      }
      bottom.push(b);
    }
    const topLabel = el('div', { class: 'row-label top-label' });
    const bottomLabel = el('div', { class: 'row-label bottom-label' });
    this.root.append(topLabel, topStore, ...top, ...bottom, ...numbers, bottomStore, bottomLabel);
    this.cells = { topStore, bottomStore, top, bottom, topLabel, bottomLabel };
  }

  arrowKeys(event, c) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (c + step + this.width) % this.width;
    this.cells.bottom[next].focus();
  }

  /**
   * Draw `state`: { board, bottomSide, interactive, names: {bottom, top},
   * bottomIsMe, legal (house numbers the bottom side may play now, or []),
   * pending (a house sent, not yet answered), last ({side, house}),
   * best (the engine's best move, {side, house}, on the analysis board),
   * highlight (a pit) }.
   */
  render(state) {
    this.state = state;
    const { board, bottomSide } = state;
    const m = board.houses[0].length;
    if (m !== this.width || state.interactive !== this.interactive) this.build(m, state.interactive);
    const topSide = 1 - bottomSide;
    const { topStore, bottomStore, top, bottom, topLabel, bottomLabel } = this.cells;
    const legal = new Set(state.legal || []);
    const mine = (side) => side === bottomSide && state.bottomIsMe;
    const nameOf = (side) => (side === bottomSide ? state.names.bottom : state.names.top);
    const storeName = (side) => (mine(side) ? t('store-yours') : t('store-of', { name: nameOf(side) }));
    const houseName = (side, house) => (mine(side) ? t('house-yours', { house }) : t('house-of', { name: nameOf(side), house }));
    topLabel.textContent = state.names.top;
    bottomLabel.textContent = state.bottomIsMe ? t('you-suffix', { name: state.names.bottom }) : state.names.bottom;
    const draw = (node, seeds, place, pit) => {
      const label = withSeeds(place, seeds);
      const dots = node.querySelector('.seeds');
      const count = Math.min(seeds, MAX_DOTS);
      if (dots.childElementCount !== count) {
        dots.replaceChildren(...Array.from({ length: count }, () => el('i')));
      }
      node.classList.toggle('crowded', seeds > MAX_DOTS);
      node.querySelector('.count').textContent = String(seeds);
      const best = state.best;
      const isBest = Boolean(best && pit.kind === 'house' && best.side === pit.side && best.house === pit.house);
      node.classList.toggle('best', isBest);
      node.setAttribute('aria-label', isBest ? t('best-move', { label }) : label);
      const hl = state.highlight;
      node.classList.toggle('hl', Boolean(hl && hl.kind === pit.kind && hl.side === pit.side && (pit.kind === 'store' || hl.house === pit.house)));
      const last = state.last;
      node.classList.toggle('last', Boolean(last && pit.kind === 'house' && last.side === pit.side && last.house === pit.house));
      // A tuzdik: marked, in its owner's colour (the bottom player's or the top one's).
      const owner = pit.kind === 'house' ? tuzdikOwner(board, pit.side, pit.house) : null;
      node.classList.toggle('tuzdik', owner !== null);
      node.classList.toggle('tuzdik-bottom', owner === bottomSide);
      node.classList.toggle('tuzdik-top', owner !== null && owner !== bottomSide);
      if (owner !== null) {
        node.setAttribute('aria-label', mine(owner) ? t('tuzdik-yours', { place }) : t('tuzdik-of', { place, name: nameOf(owner) }));
      }
    };
    draw(topStore, board.stores[topSide], storeName(topSide), { kind: 'store', side: topSide });
    draw(bottomStore, board.stores[bottomSide], storeName(bottomSide), { kind: 'store', side: bottomSide });
    // The visible label under each store's count (screen readers have its aria-label).
    topStore.dataset.label = t('store-label-of', { name: state.names.top });
    bottomStore.dataset.label = state.bottomIsMe ? t('store-label-yours') : t('store-label-of', { name: state.names.bottom });
    for (let c = 0; c < m; c += 1) {
      const topHouse = m - c;
      const seedsTop = board.houses[topSide][topHouse - 1];
      const topPlace = state.bottomIsMe ? t('house-opponent', { house: topHouse }) : houseName(topSide, topHouse);
      draw(top[c], seedsTop, topPlace, { kind: 'house', side: topSide, house: topHouse });
      top[c].setAttribute('role', 'img');
      const house = c + 1;
      const seeds = board.houses[bottomSide][c];
      const node = bottom[c];
      const place = state.interactive ? t('house-plain', { house }) : houseName(bottomSide, house);
      draw(node, seeds, place, { kind: 'house', side: bottomSide, house });
      if (state.interactive) {
        const playable = legal.has(house) && state.pending == null && !this.animating;
        node.classList.toggle('legal', playable);
        node.classList.toggle('pending', state.pending === house);
        node.setAttribute('aria-disabled', playable ? 'false' : 'true');
        if (state.pending === house) node.setAttribute('aria-busy', 'true');
        else node.removeAttribute('aria-busy');
      } else {
        node.setAttribute('role', 'img');
      }
    }
  }

  /** Focus the first playable house (after it becomes the player's move). */
  focusPlayable() {
    if (!this.interactive || !this.cells) return;
    if (this.root.contains(document.activeElement)) return;
    const first = this.cells.bottom.find((b) => b.classList.contains('legal'));
    if (first && document.activeElement === document.body) first.focus({ preventScroll: true });
  }

  /**
   * Animate `events` from `from` (the board before the move), `delay` ms a
   * step (less for long moves), then leave the board for the caller to draw the final position.
   */
  async animate(from, events, delay, base) {
    this.animating = true;
    // A long relay is sped up so that no move takes more than about 25
    // steps' time to show.
    const steps = events.filter(eventPit).length;
    const step = Math.min(delay, (delay * 25) / Math.max(steps, 1));
    try {
      const board = copyBoard(from);
      for (const event of events) {
        applyEvent(board, event);
        const pit = eventPit(event);
        if (!pit) continue;
        this.render({ ...base, board, highlight: pit, legal: [] });
        await sleep(event.type === 'sow' ? step : step * 1.6);
      }
    } finally {
      this.animating = false;
    }
  }
}
