#!/usr/bin/env bash
# One node against two and three, at human pace: PostgreSQL and Redis
# (started by this script in target/nodes/), then for each count of nodes
# a fresh database, the nodes joined by --cluster, and the same load
# spread over them. With one node both players of every match are on it;
# with two or three, each load generator puts the first player of its
# matches on one node and the second on the next, so every match has a
# player whose moves cross between nodes.
#
#   scripts/nodes.sh                                  # 1, 2, 3 nodes; 3,000 matches, 60 s
#   NODES="1 3" MATCHES=6000 DURATION=90 scripts/nodes.sh
#
# Prints, for each count, the round trips each load generator measured
# and the CPU each process spent per accepted move (the nodes, PostgreSQL
# with its backends, Redis), measured over the whole run (connections and
# sign-ins included, and a CHECKPOINT at its end, so that PostgreSQL's
# writing out of a run's pages is charged to that run and no other) from
# /proc. Everything shares this machine's cores:
# the CPU per move is the figure that carries to machines of their own.
set -euo pipefail
cd "$(dirname "$0")/.."

NODES=${NODES:-1 2 3}
MATCHES=${MATCHES:-3000}
DURATION=${DURATION:-60}
THINK=${THINK:-1000-5000}
BASE_PORT=${BASE_PORT:-7961}
OUT=target/nodes
# shellcheck source=scripts/server.sh
source scripts/server.sh
# shellcheck source=scripts/postgres.sh
source scripts/postgres.sh
# shellcheck source=scripts/redis.sh
source scripts/redis.sh
PIDS=()
stop_nodes() {
  for pid in "${PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  PIDS=()
}
trap 'stop_nodes; stop_redis; stop_postgres' EXIT
prepare_run
start_postgres "$PWD/$OUT/postgres" "${PG_PORT_WANTED:-55437}"
start_redis "$PWD/$OUT/redis" "${REDIS_PORT_WANTED:-56382}"
TICKS=$(getconf CLK_TCK)

# cpu PID: the seconds of CPU the process has used, with its children's
# that have ended (a PostgreSQL backend's time goes to the postmaster).
cpu() {
  awk -v t="$TICKS" '{ print ($14 + $15 + $16 + $17) / t }' "/proc/$1/stat" 2>/dev/null || echo 0
}
# postgres_cpu: the postmaster's seconds and those of its live backends.
postgres_cpu() {
  local master
  master=$(head -n 1 "$PG_DIR/data/postmaster.pid")
  local total
  total=$(cpu "$master")
  for child in $(pgrep -P "$master"); do
    total=$(sum "$total" "$(cpu "$child")")
  done
  echo "$total"
}
# sum A B, minus A B: arithmetic on decimals.
sum() { awk -v a="$1" -v b="$2" 'BEGIN { print a + b }'; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { print a - b }'; }
moves_of() {
  curl -s "http://127.0.0.1:$1/metrics" | awk '$1 == "mancala_moves_accepted_total" { print $2 }'
}

results="$OUT/results.jsonl"
: > "$results"
for count in $NODES; do
  psql_mancala "DROP SCHEMA public CASCADE; CREATE SCHEMA public;" >/dev/null
  # The last run's pages written out now, not in this run's window: each
  # run is charged its own checkpoint (below), and only its own.
  psql_mancala "CHECKPOINT;" >/dev/null
  ports=()
  for n in $(seq "$count"); do
    port=$((BASE_PORT + n - 1))
    start_server_at "$port" "$OUT/node-$n.log" ./target/release/mancala-server \
      --database "$(postgres_url)" --cluster "$(redis_url)" --node-name "node-$n" \
      --computers false --max-connections-per-ip 100000 --hello-burst-per-ip 100000 \
      --hello-rate-per-ip 100000 --max-connections 100000
    PIDS+=("$SERVER_PID"); SERVER_PID=
    ports+=("$port")
  done
  declare -A before=()
  for i in "${!PIDS[@]}"; do before[node$i]=$(cpu "${PIDS[$i]}"); done
  before[postgres]=$(postgres_cpu)
  before[redis]=$(cpu "$REDIS_PID")
  loads=()
  per=$((MATCHES / count))
  for i in $(seq 0 $((count - 1))); do
    second=()
    if (( count > 1 )); then
      second=(--second-server "ws://127.0.0.1:${ports[$(((i + 1) % count))]}/ws")
    fi
    ./target/release/mancala-load --server "ws://127.0.0.1:${ports[$i]}/ws" "${second[@]}" \
      --matches "$per" --duration "$DURATION" --think-ms "$THINK" --setup-timeout 600 \
      > "$OUT/load-$count-$i.out" 2> "$OUT/load-$count-$i.err" &
    loads+=($!)
  done
  for pid in "${loads[@]}"; do wait "$pid" || true; done
  psql_mancala "CHECKPOINT;" >/dev/null
  moves=0
  for port in "${ports[@]}"; do moves=$(sum "$moves" "$(moves_of "$port")"); done
  cpu_json="{"
  for i in "${!PIDS[@]}"; do
    used=$(minus "$(cpu "${PIDS[$i]}")" "${before[node$i]}")
    cpu_json+="\"node-$((i + 1))\": $used, "
  done
  cpu_json+="\"postgres\": $(minus "$(postgres_cpu)" "${before[postgres]}"), "
  cpu_json+="\"redis\": $(minus "$(cpu "$REDIS_PID")" "${before[redis]}")}"
  stop_nodes
  unset before
  rtts=$(for i in $(seq 0 $((count - 1))); do tail -n 1 "$OUT/load-$count-$i.out"; done |
    jq -s -c 'map({moves_per_s, p50_ms: .rtt_ms.p50, p99_ms: .rtt_ms.p99,
                   errors: (.errors + .lost_moves + .stalled_matches + .failed_connections)})')
  jq -n -c --argjson nodes "$count" --argjson moves "$moves" --argjson cpu "$cpu_json" \
    --argjson loads "$rtts" '{nodes: $nodes, moves: $moves, loads: $loads,
      cpu_ms_per_move: ($cpu | map_values(. * 1000 / $moves * 1000 | floor / 1000))}' |
    tee -a "$results"
done
