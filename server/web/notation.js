// A game's moves in the record notation of docs/RECORDS.md: a turn is the
// houses one player sowed in a row (an extra turn joins them with commas),
// a round is the first mover's turn then the other's: "1. 3,6 1".

/**
 * The rounds of a game whose moves are `[{ house, seat, label? }]`, in order:
 * a Kazakh game's moves carry the label the server wrote them with (`54(10)`,
 * `71X`), the others are written as their house number.
 */
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
