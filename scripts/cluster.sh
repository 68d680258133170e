#!/usr/bin/env bash
# Several nodes on this machine, as a site runs them on several: PostgreSQL,
# Redis, NODES release servers joined by --cluster, and nginx in front with
# the project's configuration (deploy/nginx.conf.template), all started by
# this script in target/cluster/ as an unprivileged user, and stopped by
# Ctrl-C. Open http://127.0.0.1:PORT/ and play: nginx sends each connection
# to a node in turn; kill a node (its pid is printed) and its players come
# back through the same address to another one.
#
#   scripts/cluster.sh                 # 3 nodes behind http://127.0.0.1:7878/
#   NODES=2 PORT=8080 scripts/cluster.sh
#
# Needs Debian's postgresql, redis-server and nginx (.ci/run installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

NODES=${NODES:-3}
PORT=${PORT:-7878}
FIRST_NODE_PORT=${FIRST_NODE_PORT:-7901}
OUT=target/cluster
# shellcheck source=scripts/server.sh
source scripts/server.sh
# shellcheck source=scripts/postgres.sh
source scripts/postgres.sh
# shellcheck source=scripts/redis.sh
source scripts/redis.sh
NODE_PIDS=() NGINX_PID=
stop_all() {
  [[ -n "$NGINX_PID" ]] && { kill -TERM "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true; }
  for pid in "${NODE_PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  stop_redis
  stop_postgres
}
trap stop_all EXIT
command -v nginx >/dev/null || { echo "nginx is not installed: apt-get install nginx" >&2; exit 1; }
mkdir -p "$OUT"
cargo build --release --quiet --bin mancala-server
start_postgres "$PWD/$OUT/postgres" "${PG_PORT_WANTED:-55435}"
start_redis "$PWD/$OUT/redis" "${REDIS_PORT_WANTED:-56380}"

upstreams=
for n in $(seq "$NODES"); do
  port=$((FIRST_NODE_PORT + n - 1))
  start_server_at "$port" "$OUT/node-$n.log" ./target/release/mancala-server \
    --database "$(postgres_url)" --cluster "$(redis_url)" --node-name "node-$n" \
    --trusted-proxies 127.0.0.1
  NODE_PIDS+=("$SERVER_PID")
  SERVER_PID=
  echo "node-$n: pid ${NODE_PIDS[-1]}, 127.0.0.1:$port, log $OUT/node-$n.log"
  upstreams+="        server 127.0.0.1:$port max_fails=0;"$'\n'
done

mkdir -p "$OUT/nginx"
[[ $(id -u) -eq 0 ]] && chown nobody:nogroup "$OUT/nginx"
template=$(<deploy/nginx.conf.template)
template=${template//@PREFIX@/$PWD/$OUT/nginx}
template=${template//@LISTEN@/127.0.0.1:$PORT}
template=${template//@NODES@/${upstreams%$'\n'}}
printf '%s\n' "$template" >"$OUT/nginx/nginx.conf"
spawn_unprivileged "$OUT/nginx/stderr.log" nginx -p "$PWD/$OUT/nginx" -c "$PWD/$OUT/nginx/nginx.conf"
NGINX_PID=$SPAWNED_PID
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
  sleep 0.1
done
curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null || { echo "nginx did not start; see $OUT/nginx/error.log" >&2; exit 1; }
echo "nginx: pid $NGINX_PID; open http://127.0.0.1:$PORT/ (Ctrl-C stops everything)"
wait "$NGINX_PID"
