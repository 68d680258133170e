#!/usr/bin/env bash
# What the journal costs: the same server binary under the same load, with
# the journal on (a fresh SQLite file each run, in target/journal/) and off
# (--database :memory:), alternated in one run.
#
#   scripts/journal.sh                 # 3 pairs of 20 s runs at 1,000 matches
#   PAIRS=5 DURATION=30 MATCHES=1000 scripts/journal.sh
#
# Prints one line per run and, at the end, the mean moves/s and p99 round
# trip of each side, their ratios, and the journal's bytes per move. Nothing
# else should run meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."

PAIRS=${PAIRS:-3}
DURATION=${DURATION:-20}
MATCHES=${MATCHES:-1000}
PORT=${PORT:-7981}
OUT=target/journal
# shellcheck source=scripts/server.sh
source scripts/server.sh
trap stop_server EXIT
prepare_run
results="$OUT/results.jsonl"
: > "$results"


for pair in $(seq "$PAIRS"); do
  for side in memory journal; do
    # Alternate which goes first, so drift over the run falls on both sides.
    if (( pair % 2 == 0 )); then
      side=$([[ $side == memory ]] && echo journal || echo memory)
    fi
    db=":memory:"
    if [[ $side == journal ]]; then
      db="$OUT/run.sqlite3"
      fresh_database "$db"
    fi
    start_server target/release/mancala-server --play-rate 1000000 --database "$db"
    line=$(./target/release/mancala-load --server "ws://127.0.0.1:$PORT/ws" \
      --matches "$MATCHES" --duration "$DURATION" 2>/dev/null | tail -n 1) || true
    commits=$(curl -s "http://127.0.0.1:$PORT/metrics" | awk '/^mancala_journal_commits_total/ {print $2}')
    stop_server
    bytes=0
    moves=0
    if [[ $side == journal ]]; then
      bytes=$(stat -c %s "$db")
      moves=$(sqlite3 "$db" "SELECT count(*) FROM events WHERE event LIKE '{\"type\":\"move_played\"%'" 2>/dev/null || echo 0)
    fi
    echo "$line" | jq -c --arg side "$side" --argjson pair "$pair" --argjson bytes "$bytes" \
      --argjson moves "${moves:-0}" --argjson commits "${commits:-0}" \
      '{side: $side, pair: $pair, moves_per_s: .moves_per_s, p99_ms: .rtt_ms.p99, p50_ms: .rtt_ms.p50,
        errors: (.errors + .lost_moves + .stalled_matches + .failed_connections),
        db_bytes: $bytes, stored_moves: $moves, commits: $commits}' \
      | tee -a "$results"
  done
done

jq -s -r '
  def mean(f): (map(f) | add) / length;
  (map(select(.side == "memory"))) as $off | (map(select(.side == "journal"))) as $on |
  "memory:  \($off | mean(.moves_per_s) | floor) moves/s, p99 \($off | mean(.p99_ms) * 10 | floor / 10) ms\n" +
  "journal: \($on | mean(.moves_per_s) | floor) moves/s, p99 \($on | mean(.p99_ms) * 10 | floor / 10) ms\n" +
  "ratio (journal / memory): moves/s \((($on | mean(.moves_per_s)) / ($off | mean(.moves_per_s))) * 1000 | floor / 1000), p99 \((($on | mean(.p99_ms)) / ($off | mean(.p99_ms))) * 1000 | floor / 1000)\n" +
  "journal: \($on | mean(.db_bytes / (if .stored_moves > 0 then .stored_moves else 1 end)) | floor) bytes on disk per stored move, \($on | mean(.stored_moves / (if .commits > 0 then .commits else 1 end)) * 10 | floor / 10) moves per commit"
' "$results"
