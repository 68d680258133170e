// A game's moves in the record notation of docs/RECORDS.md: a turn is the
// houses one player sowed in a row (an extra turn joins them with commas),
// a round is the first mover's turn then the other's: "1. 3,6 1".

/** Whether a ruleset is one of the Kazakh games, whose moves players write as PlayStrategy does. */
export function isKazakh(ruleset) {
  return ruleset?.variant === 'togyz_kumalak' || ruleset?.variant === 'bestemshe';
}

/**
 * A Kazakh game's move as players write it (docs/RECORDS.md): the house
 * played and the house its last stone fell in, then `X` if it made a
 * tuzdik, then the mover's score in brackets if it captured: `54(10)`,
 * `71X`, `45`. `before` and `after` are the boards around the move.
 */
export function kazakhLabel(before, moverSide, house, events, after) {
  const m = before.houses[0].length;
  const stones = before.houses[moverSide][house - 1];
  const origin = moverSide * m + house - 1;
  // More than one stone: the first goes back into the house played.
  const first = stones === 1 ? origin + 1 : origin;
  const last = (first + Math.max(stones, 1) - 1) % (2 * m);
  let label = `${house}${(last % m) + 1}`;
  if (events.some((e) => e.type === 'tuzdik')) label += 'X';
  if (events.some((e) => e.type === 'capture')) label += `(${after.stores[moverSide]})`;
  return label;
}

/** The rounds of a game whose moves are `[{ house, seat, label? }]` (a label: a Kazakh move's), in order. */
export function recordRounds(moves) {
  const turns = [];
  for (const move of moves) {
    const last = turns.at(-1);
    const written = move.label ?? move.house;
    if (last && last.seat === move.seat) last.houses.push(written);
    else turns.push({ seat: move.seat, houses: [written] });
  }
  const rounds = [];
  for (let i = 0; i < turns.length; i += 2) {
    const second = turns[i + 1] ? ` ${turns[i + 1].houses.join(',')}` : '';
    rounds.push(`${i / 2 + 1}. ${turns[i].houses.join(',')}${second}`);
  }
  return rounds;
}
