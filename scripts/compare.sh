#!/usr/bin/env bash
# Compare this tree's server with another commit's under the same load, in one
# run: the other commit is built into its own target directory (through a git
# worktree under target/compare/), then load runs alternate between the two
# servers, a fresh server each run, driven by this tree's load generator.
#
#   scripts/compare.sh                 # against HEAD~1: 3 pairs of 20 s runs at 1,000 matches
#   scripts/compare.sh 164daae         # against that commit
#   PAIRS=5 DURATION=30 MATCHES=1000 scripts/compare.sh
#   JOURNAL=1 scripts/compare.sh 164daae   # each server with its journal (a fresh file a run)
#
# Prints one line per run and, at the end, the mean moves/s and p99 of each
# side and their ratio (this tree / the other). Nothing else should run meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE=${1:-HEAD~1}
PAIRS=${PAIRS:-3}
DURATION=${DURATION:-20}
MATCHES=${MATCHES:-1000}
PORT=${PORT:-7980}
OUT=target/compare
mkdir -p "$OUT"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

commit=$(git rev-parse --short "$BASE")
tree="$OUT/tree-$commit"
if [[ ! -d "$tree" ]]; then
  git worktree add --detach -f "$tree" "$commit" >/dev/null
fi
echo "== building $commit into $OUT/target-$commit and this tree into target/release" >&2
(cd "$tree" && CARGO_TARGET_DIR="$PWD/../target-$commit" cargo build --release --quiet --bin mancala-server)
cargo build --release --quiet --bin mancala-server --bin mancala-load

servers=("$OUT/target-$commit/release/mancala-server" "target/release/mancala-server")
names=("$commit" "this")
results="$OUT/results-$commit.jsonl"
: > "$results"

# shellcheck source=scripts/server.sh
source scripts/server.sh
trap stop_server EXIT

for pair in $(seq "$PAIRS"); do
  for side in 0 1; do
    # Alternate which goes first, so drift over the run falls on both sides.
    if (( pair % 2 == 0 )); then side=$((1 - side)); fi
    # A server with a journal keeps nothing here, like the older ones did,
    # unless JOURNAL=1: then each run writes a fresh database file.
    flags=(--play-rate 1000000)
    if "${servers[$side]}" --help | grep -q -- '--database'; then
      if [[ -n "${JOURNAL:-}" ]]; then
        rm -f "$OUT"/journal.sqlite3*
        flags+=(--database "$OUT/journal.sqlite3")
      else
        flags+=(--database :memory:)
      fi
    fi
    start_server "${servers[$side]}" "${flags[@]}"
    line=$(./target/release/mancala-load --server "ws://127.0.0.1:$PORT/ws" \
      --matches "$MATCHES" --duration "$DURATION" 2>/dev/null | tail -n 1) || true
    stop_server
    echo "$line" | jq -c --arg side "${names[$side]}" --argjson pair "$pair" \
      '{side: $side, pair: $pair, moves_per_s: .moves_per_s, p99_ms: .rtt_ms.p99, errors: (.errors + .lost_moves + .stalled_matches + .failed_connections)}' \
      | tee -a "$results"
  done
done

jq -s -r --arg base "$commit" '
  def mean(f): (map(f) | add) / length;
  (map(select(.side == $base))) as $old | (map(select(.side == "this"))) as $new |
  "\($base): \($old | mean(.moves_per_s) | floor) moves/s, p99 \($old | mean(.p99_ms) * 10 | floor / 10) ms\n" +
  "this:    \($new | mean(.moves_per_s) | floor) moves/s, p99 \($new | mean(.p99_ms) * 10 | floor / 10) ms\n" +
  "ratio (this / \($base)): moves/s \((($new | mean(.moves_per_s)) / ($old | mean(.moves_per_s))) * 1000 | floor / 1000)"
' "$results"
