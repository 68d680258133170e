#!/usr/bin/env bash
# How long a restart takes with many live matches in the journal: fill a
# fresh database with MATCHES live matches (mancala-load in rounds of
# ROUND matches, each left mid-game when the load stops), kill the server
# with SIGKILL, then start it again RUNS times on the same file and time
# how long until it answers /healthz (it restores before it accepts), with
# the count it logged. Also prints the database's size.
#
#   scripts/restore.sh                        # 10,000 matches, 3 restarts
#   MATCHES=2000 ROUND=1000 scripts/restore.sh
set -euo pipefail
cd "$(dirname "$0")/.."

MATCHES=${MATCHES:-10000}
ROUND=${ROUND:-2500}
RUNS=${RUNS:-3}
PORT=${PORT:-7982}
OUT=target/restore
# shellcheck source=scripts/server.sh
source scripts/server.sh
trap stop_server EXIT
prepare_run
db="$OUT/restore.sqlite3"
fresh_database "$db"


start_server target/release/mancala-server --play-rate 1000000 --database "$db" --max-live-matches 1000000
for _ in $(seq $((MATCHES / ROUND))); do
  ./target/release/mancala-load --server "ws://127.0.0.1:$PORT/ws" --matches "$ROUND" \
    --duration 1 --variant "kalah seeds_per_house=6" --games 9 2>/dev/null | tail -n 1 \
    | jq -c '{matches: .matches, moves: .moves}' || true
done
kill -KILL "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=
live=$(sqlite3 "$db" "SELECT count(*) FROM matches WHERE ended_ms IS NULL")
# Events not yet moved into the indexed table wait in recent0/recent1 (some
# may be in both places for a while): count each (match, version) once.
events=$(sqlite3 "$db" "SELECT count(*) FROM (SELECT match_id, version FROM events
  UNION SELECT match_id, version FROM recent0 UNION SELECT match_id, version FROM recent1)")
echo "database: $(stat -c %s "$db") bytes (+ $(stat -c %s "$db-wal" 2>/dev/null || echo 0) in the WAL), $live live matches, $events events"
for run in $(seq "$RUNS"); do
  t0=$(date +%s%N)
  target/release/mancala-server --listen "127.0.0.1:$PORT" --database "$db" >"$OUT/server.log" 2>&1 &
  SERVER_PID=$!
  until curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null; do sleep 0.01; done
  t1=$(date +%s%N)
  echo "restart $run: answering after $(( (t1 - t0) / 1000000 )) ms; $(grep -o 'restored .*' "$OUT/server.log")"
  kill -KILL "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=
done
