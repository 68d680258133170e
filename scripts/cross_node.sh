#!/usr/bin/env bash
# What a move costs when it crosses between nodes: two nodes joined by
# Redis on one PostgreSQL (all started by this script in target/cross_node/),
# the same flat-out load alternated between "same" (both players of each
# pair on node a) and "cross" (the second player of each pair on node b,
# so his moves are forwarded to node a over Redis and every event comes
# back the same way), each run on an emptied database.
#
#   scripts/cross_node.sh                 # 3 pairs of 20 s runs at 200 matches
#   PAIRS=5 DURATION=30 MATCHES=500 scripts/cross_node.sh
#
# Prints one line per run, then each side's mean moves/s and round trips
# and their ratios. Both nodes, PostgreSQL, Redis and the load generator
# share the machine's two cores; nothing else should run meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."

PAIRS=${PAIRS:-3}
DURATION=${DURATION:-20}
MATCHES=${MATCHES:-200}
PORT_A=${PORT_A:-7971}
PORT_B=${PORT_B:-7972}
OUT=target/cross_node
# shellcheck source=scripts/server.sh
source scripts/server.sh
# shellcheck source=scripts/postgres.sh
source scripts/postgres.sh
# shellcheck source=scripts/redis.sh
source scripts/redis.sh
NODE_A= NODE_B=
stop_nodes() {
  for pid in $NODE_A $NODE_B; do
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  NODE_A= NODE_B=
}
trap 'stop_nodes; stop_redis; stop_postgres' EXIT
prepare_run
start_postgres "$PWD/$OUT/postgres" "${PG_PORT_WANTED:-55436}"
start_redis "$PWD/$OUT/redis" "${REDIS_PORT_WANTED:-56381}"
results="$OUT/results.jsonl"
: > "$results"

# start_node NAME PORT: a node of the cluster; its pid in SERVER_PID.
start_node() {
  start_server_at "$2" "$OUT/$1.log" ./target/release/mancala-server \
    --database "$(postgres_url)" --cluster "$(redis_url)" --node-name "$1" --computers false \
    --play-rate 1000000 --max-connections-per-ip 100000 --hello-burst-per-ip 100000 \
    --hello-rate-per-ip 100000 --max-refused 1000000
}

for pair in $(seq "$PAIRS"); do
  for side in same cross; do
    # Alternate which goes first, so drift over the run falls on both sides.
    if (( pair % 2 == 0 )); then
      side=$([[ $side == same ]] && echo cross || echo same)
    fi
    psql_mancala "DROP SCHEMA public CASCADE; CREATE SCHEMA public;" >/dev/null
    start_node node-a "$PORT_A"; NODE_A=$SERVER_PID; SERVER_PID=
    start_node node-b "$PORT_B"; NODE_B=$SERVER_PID; SERVER_PID=
    second=()
    [[ $side == cross ]] && second=(--second-server "ws://127.0.0.1:$PORT_B/ws")
    line=$(./target/release/mancala-load --server "ws://127.0.0.1:$PORT_A/ws" "${second[@]}" \
      --matches "$MATCHES" --duration "$DURATION" 2>"$OUT/load-$side-$pair.err" | tail -n 1) || true
    stop_nodes
    echo "$line" | jq -c --arg side "$side" --argjson pair "$pair" \
      '{side: $side, pair: $pair, moves_per_s: .moves_per_s, p50_ms: .rtt_ms.p50, p99_ms: .rtt_ms.p99,
        errors: (.errors + .lost_moves + .stalled_matches + .failed_connections)}' \
      | tee -a "$results"
  done
done

jq -s -r '
  def mean(f): (map(f) | add) / length;
  (map(select(.side == "same"))) as $a | (map(select(.side == "cross"))) as $b |
  "same node:   \($a | mean(.moves_per_s) | floor) moves/s, p50 \($a | mean(.p50_ms) * 10 | floor / 10) ms, p99 \($a | mean(.p99_ms) * 10 | floor / 10) ms\n" +
  "across nodes: \($b | mean(.moves_per_s) | floor) moves/s, p50 \($b | mean(.p50_ms) * 10 | floor / 10) ms, p99 \($b | mean(.p99_ms) * 10 | floor / 10) ms\n" +
  "ratio (across / same): moves/s \((($b | mean(.moves_per_s)) / ($a | mean(.moves_per_s))) * 1000 | floor / 1000), p50 \((($b | mean(.p50_ms)) / ($a | mean(.p50_ms))) * 1000 | floor / 1000)"
' "$results"
