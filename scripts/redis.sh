# Sourced by the scripts that run several nodes (scripts/cluster.sh):
# Debian's Redis server (apt-get install redis-server), started by the
# script itself in a directory of its own, as an unprivileged user
# (`nobody` when the script runs as root), on 127.0.0.1 only, keeping
# nothing on disk (the nodes keep nothing in Redis that PostgreSQL does not
# hold). A local test and benchmark setup, not a production one.

REDIS_DIR=
REDIS_PORT=
REDIS_PID=

# spawn_unprivileged LOG COMMAND...: start COMMAND in the background as
# `nobody` when root (else as is), its output to LOG; its pid in SPAWNED_PID
# (the program's own, so that a kill reaches it).
spawn_unprivileged() {
  local log=$1
  shift
  if [[ $(id -u) -eq 0 ]]; then
    setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@" >"$log" 2>&1 &
  else
    "$@" >"$log" 2>&1 &
  fi
  SPAWNED_PID=$!
}

# start_redis DIR PORT: a Redis server in DIR (emptied first) on
# 127.0.0.1:PORT; waits until it answers.
start_redis() {
  REDIS_DIR=$1
  REDIS_PORT=$2
  if ! command -v redis-server >/dev/null; then
    echo "Redis is not installed: apt-get install redis-server" >&2
    exit 1
  fi
  rm -rf "$REDIS_DIR"
  mkdir -p "$REDIS_DIR"
  [[ $(id -u) -eq 0 ]] && chown nobody:nogroup "$REDIS_DIR"
  spawn_unprivileged "$REDIS_DIR/redis.log" redis-server --port "$REDIS_PORT" --bind 127.0.0.1 \
    --save '' --appendonly no --dir "$REDIS_DIR"
  REDIS_PID=$SPAWNED_PID
  for _ in $(seq 100); do
    redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return
    sleep 0.1
  done
  echo "Redis did not start; see $REDIS_DIR/redis.log" >&2
  exit 1
}

# redis_url: the URL of the Redis server for --cluster.
redis_url() {
  echo "redis://127.0.0.1:$REDIS_PORT"
}

# stop_redis: stop the Redis server started last.
stop_redis() {
  if [[ -n "$REDIS_PID" ]]; then
    kill -TERM "$REDIS_PID" 2>/dev/null || true
    wait "$REDIS_PID" 2>/dev/null || true
    REDIS_PID=
  fi
}
