// What the client says about match settings: the variants and their
// parameters (as the server lists them, `GET /api/variants`), a settings
// line for the lobby, and the ending reasons in words. No rules here: the
// server says which houses are legal and what each move did.

import { readApi } from './net.js';

/**
 * The variants the server offers and each one's options (choices, the
 * default first, and their words), as `GET /api/variants` gives them; filled
 * once by `loadVariants` before the first page is drawn.
 */
export const VARIANTS = [];

/** Reads the variants from the server; throws with a sentence if it cannot. */
export async function loadVariants() {
  const body = await readApi('/api/variants').catch((error) => {
    throw new Error(`The server's games could not be read. ${error.message}`);
  });
  VARIANTS.splice(0, VARIANTS.length, ...body.variants);
}

export function variantTitle(id) {
  return VARIANTS.find((v) => v.id === id)?.title ?? id;
}

function paramsText(ruleset) {
  const variant = VARIANTS.find((v) => v.id === ruleset.variant);
  const params = ruleset.params || {};
  const parts = [];
  for (const param of variant?.params ?? []) {
    const value = params[param.key];
    if (value === undefined) continue;
    if (param.bool) {
      if (value) parts.push(param.short);
    } else if (param.key === 'seeds_per_house') {
      parts.push(`${value} seeds`);
    } else {
      parts.push(`${param.short}: ${param.words?.[value] ?? String(value)}`);
    }
  }
  return parts.join(', ');
}

export function rulesetText(ruleset) {
  const extra = paramsText(ruleset);
  return extra ? `${variantTitle(ruleset.variant)} (${extra})` : variantTitle(ruleset.variant);
}

export function timeControlText(tc) {
  if (!tc || tc.kind === 'untimed') return 'untimed';
  if (tc.kind === 'real_time') {
    const minutes = tc.initial_ms / 60000;
    const shown = Number.isInteger(minutes) ? minutes : minutes.toFixed(1);
    return `${shown} min + ${tc.increment_ms / 1000} s`;
  }
  return `${tc.days_per_move} day${tc.days_per_move === 1 ? '' : 's'} a move`;
}

export function gamesText(settings) {
  const games = settings.games ?? 5;
  return `${games} game${games === 1 ? '' : 's'}`;
}

/** One line: "Turkish Mangala · 5 games · untimed · rated". */
export function settingsText(settings) {
  const parts = [rulesetText(settings.ruleset || { variant: 'mangala' }), gamesText(settings), timeControlText(settings.time_control)];
  if (settings.rated) parts.push('rated');
  if (settings.stop_when_decided) parts.push('stops when decided');
  return parts.join(' · ');
}

/** A rating as the protocol shows it: whole points, `?` while provisional. */
export function ratingText(rating) {
  if (!rating) return '';
  return `${Math.round(rating.rating)}${rating.provisional ? '?' : ''}`;
}

/** A rated match's change to one rating: "1500 → 1662, +162". */
export function ratingChangeText(change) {
  const before = Math.round(change.before);
  const after = Math.round(change.after);
  const delta = after - before;
  const signed = delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0';
  return `${before} → ${after}${change.provisional ? '?' : ''}, ${signed}`;
}

const GAME_END_WORDS = {
  side_empty: 'a row ran empty',
  no_move: 'no move was left',
  majority: 'a store passed half the seeds',
  repetition: 'a position repeated',
  resign: 'resignation',
  forfeit: 'forfeit',
  timeout: 'time ran out',
  draw_agreed: 'draw agreed',
  claimed: 'claimed after the opponent left',
  abandoned: 'the player stayed away',
  no_start: 'the first move was not made in time',
};

export function gameEndText(reason) {
  return GAME_END_WORDS[reason] ?? reason;
}

const MATCH_END_WORDS = {
  completed: 'every game played',
  decided: 'decided early',
  forfeit: 'forfeit',
  aborted: 'aborted',
};

export function matchEndText(reason) {
  return MATCH_END_WORDS[reason] ?? reason;
}
