#!/usr/bin/env bash
# The journal on PostgreSQL against the journal in SQLite: the same server
# binary under the same flat-out load, alternated in one run, each side on
# a fresh database (a new SQLite file in target/pg_journal/; PostgreSQL
# started by this script in target/pg_journal/postgres, its database
# emptied before each run).
#
#   scripts/pg_journal.sh                 # 3 pairs of 20 s runs at 1,000 matches
#   PAIRS=5 DURATION=30 MATCHES=1000 scripts/pg_journal.sh
#
# Prints one line per run, then the mean moves/s and p99 round trip of each
# side and their ratios. PostgreSQL runs on the same two cores as the server
# and the load generator; nothing else should run meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."

PAIRS=${PAIRS:-3}
DURATION=${DURATION:-20}
MATCHES=${MATCHES:-1000}
PORT=${PORT:-7982}
OUT=target/pg_journal
# shellcheck source=scripts/server.sh
source scripts/server.sh
# shellcheck source=scripts/postgres.sh
source scripts/postgres.sh
trap 'stop_server; stop_postgres' EXIT
prepare_run
start_postgres "$PWD/$OUT/postgres" "${PG_PORT_WANTED:-55433}"
results="$OUT/results.jsonl"
: > "$results"

for pair in $(seq "$PAIRS"); do
  for side in sqlite postgres; do
    # Alternate which goes first, so drift over the run falls on both sides.
    if (( pair % 2 == 0 )); then
      side=$([[ $side == sqlite ]] && echo postgres || echo sqlite)
    fi
    if [[ $side == sqlite ]]; then
      db="$OUT/run.sqlite3"
      fresh_database "$db"
    else
      psql_mancala "DROP SCHEMA public CASCADE; CREATE SCHEMA public;" >/dev/null
      db=$(postgres_url)
    fi
    start_server target/release/mancala-server --play-rate 1000000 --database "$db"
    line=$(./target/release/mancala-load --server "ws://127.0.0.1:$PORT/ws" \
      --matches "$MATCHES" --duration "$DURATION" 2>/dev/null | tail -n 1) || true
    commits=$(curl -s "http://127.0.0.1:$PORT/metrics" | awk '/^mancala_journal_commits_total/ {print $2}')
    stop_server
    echo "$line" | jq -c --arg side "$side" --argjson pair "$pair" --argjson commits "${commits:-0}" \
      '{side: $side, pair: $pair, moves_per_s: .moves_per_s, p99_ms: .rtt_ms.p99, p50_ms: .rtt_ms.p50,
        errors: (.errors + .lost_moves + .stalled_matches + .failed_connections), commits: $commits}' \
      | tee -a "$results"
  done
done

jq -s -r '
  def mean(f): (map(f) | add) / length;
  (map(select(.side == "sqlite"))) as $a | (map(select(.side == "postgres"))) as $b |
  "sqlite:   \($a | mean(.moves_per_s) | floor) moves/s, p50 \($a | mean(.p50_ms) * 10 | floor / 10) ms, p99 \($a | mean(.p99_ms) * 10 | floor / 10) ms, \($a | mean(.commits) | floor) commits\n" +
  "postgres: \($b | mean(.moves_per_s) | floor) moves/s, p50 \($b | mean(.p50_ms) * 10 | floor / 10) ms, p99 \($b | mean(.p99_ms) * 10 | floor / 10) ms, \($b | mean(.commits) | floor) commits\n" +
  "ratio (postgres / sqlite): moves/s \((($b | mean(.moves_per_s)) / ($a | mean(.moves_per_s))) * 1000 | floor / 1000), p99 \((($b | mean(.p99_ms)) / ($a | mean(.p99_ms))) * 1000 | floor / 1000)"
' "$results"
