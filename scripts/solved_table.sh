#!/usr/bin/env bash
# The table of docs/SOLVED.md, "Smaller Kalah boards": Kalah(m, n) solved
# from the start for every board of at most 40 seeds, under both capture
# rules, one `mancala solve --json` each (at most 60 s each; a board that
# takes longer shows "(not in 60 s)"). Prints a Markdown table.
#
#   scripts/solved_table.sh            (builds the release client first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --bin mancala >&2
solve() {
  local out
  if out=$(timeout 60 target/release/mancala solve kalah --houses "$1" --seeds "$2" $3 --json --table-mib 512 --endgame-mib 64 2>/dev/null); then
    python3 -c 'import json,sys; d=json.loads(sys.argv[1]); print("%+d (%.1f s)" % (d["value"], d["seconds"]))' "$out"
  else
    echo "(not in 60 s)"
  fi
}
echo "| m × n | seeds | standard | empty capture |"
echo "|---|---|---|---|"
for m in 1 2 3 4 5 6; do
  for n in 1 2 3 4 5 6; do
    total=$((2 * m * n))
    [ "$total" -le 40 ] || continue
    echo "| $m × $n | $total | $(solve "$m" "$n" "") | $(solve "$m" "$n" --empty-capture) |"
  done
done
