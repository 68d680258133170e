#!/usr/bin/env bash
# How long a live match waits for another node when its node dies: two
# nodes on one PostgreSQL (started by this script in target/failover/),
# the load generator playing MATCHES matches at a human pace (a move every
# 1 to 3 s, so that they stay live) on node a, node a
# SIGKILLed, and for every match node a served the time from the kill to
# the takeover event node b stored (its `server_restarted`, by node b's
# clock, which is this machine's). A lease lapses LEASE_MS after node a
# last renewed it (a third of LEASE_MS or less before the kill), and node b
# takes it at its next round (a third of LEASE_MS apart), all of node a's
# matches in one round: the wait is between 2/3 and 4/3 of LEASE_MS, plus
# the replay, and the same for every match of a run.
#
#   scripts/failover.sh                        # 3 runs, 200 matches, --lease-ms 5000
#   RUNS=5 MATCHES=1000 LEASE_MS=2000 scripts/failover.sh
#
# Prints one line per run: matches taken over, p50 and max of the wait in
# ms. PostgreSQL, both nodes and the load share the machine's cores.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
MATCHES=${MATCHES:-200}
LEASE_MS=${LEASE_MS:-5000}
PORT_A=${PORT_A:-7991}
PORT_B=${PORT_B:-7992}
OUT=target/failover
# shellcheck source=scripts/server.sh
source scripts/server.sh
# shellcheck source=scripts/postgres.sh
source scripts/postgres.sh
NODE_A= NODE_B= LOAD=
stop_all() {
  for pid in $LOAD $NODE_A $NODE_B; do
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  LOAD= NODE_A= NODE_B=
}
trap 'stop_all; stop_postgres' EXIT
prepare_run
start_postgres "$PWD/$OUT/postgres" "${PG_PORT_WANTED:-55434}"

# start_node NAME PORT: a node on the database; its pid in NODE_PID.
start_node() {
  start_server_at "$2" "$OUT/$1.log" ./target/release/mancala-server \
    --database "$(postgres_url)" --node-name "$1" --lease-ms "$LEASE_MS" --computers false \
    --play-rate 1000000 --max-connections-per-ip 100000 --hello-burst-per-ip 100000 \
    --hello-rate-per-ip 100000
  NODE_PID=$SERVER_PID
  SERVER_PID=
}

# live_on NAME: live matches whose lease NAME holds.
live_on() {
  psql_mancala "SELECT count(*) FROM leases l JOIN matches m ON m.id = l.match_id
                WHERE m.ended_ms IS NULL AND l.owner = '$1'" | tr -d ' '
}

# taken_since MS: matches with a takeover event stored at MS or later.
taken_since() {
  psql_mancala "SELECT count(DISTINCT match_id) FROM events
                WHERE event LIKE '{\"type\":\"server_restarted\"%' AND at_us / 1000 >= $1" | tr -d ' '
}

for run in $(seq "$RUNS"); do
  psql_mancala "DROP SCHEMA public CASCADE; CREATE SCHEMA public;" >/dev/null
  start_node a "$PORT_A"; NODE_A=$NODE_PID
  start_node b "$PORT_B"; NODE_B=$NODE_PID
  ./target/release/mancala-load --server "ws://127.0.0.1:$PORT_A/ws" \
    --matches "$MATCHES" --duration 600 --think-ms 1000-3000 >/dev/null 2>&1 &
  LOAD=$!
  # Every match playing on node a.
  for _ in $(seq 600); do
    (( $(live_on a) >= MATCHES )) && break
    sleep 0.1
  done
  sleep 2
  served=$(live_on a)
  kill_ms=$(date +%s%3N)
  kill -KILL "$NODE_A"; wait "$NODE_A" 2>/dev/null || true; NODE_A=
  kill -KILL "$LOAD" 2>/dev/null || true; wait "$LOAD" 2>/dev/null || true; LOAD=
  # Until node b has stored a takeover event for each of them (its lease
  # changes hands first, the event follows the replay).
  for _ in $(seq 600); do
    (( $(taken_since "$kill_ms") >= served )) && break
    sleep 0.1
  done
  psql_mancala "SELECT (min(e.at_us) / 1000 - $kill_ms)::bigint FROM events e
                WHERE e.event LIKE '{\"type\":\"server_restarted\"%'
                  AND e.at_us / 1000 >= $kill_ms GROUP BY e.match_id ORDER BY 1" \
    | tr -d ' ' | { grep -v '^$' || true; } > "$OUT/waits.txt"
  taken=$(wc -l < "$OUT/waits.txt")
  p50=$(awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}' "$OUT/waits.txt")
  max=$(tail -n 1 "$OUT/waits.txt")
  echo "run $run: $taken of $served live matches taken over after the kill; wait p50 ${p50} ms, max ${max} ms (--lease-ms $LEASE_MS)"
  kill -TERM "$NODE_B"; wait "$NODE_B" 2>/dev/null || true; NODE_B=
done
