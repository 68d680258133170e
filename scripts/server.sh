# Sourced by the benchmark scripts: build the release binaries, start a
# server and stop it again. Needs PORT (the port to listen on) and OUT
# (where its log goes).

SERVER_PID=

# start_server BINARY [FLAGS...]: start BINARY on 127.0.0.1:$PORT and wait
# until it answers /healthz. The load generator is thousands of players
# from one address, far busier than people: the budgets meant for one
# person or address (new guests an hour, draw and rematch offers a minute,
# private seek codes tried) are raised through the environment, which a binary that predates them
# (scripts/compare.sh runs an older one) ignores.
start_server() {
  start_server_at "$PORT" "$OUT/server.log" "$@"
}

# start_server_at PORT LOG BINARY [FLAGS...]: start_server on another port,
# logging to LOG (for a script that runs several servers at once).
start_server_at() {
  local port=$1 log=$2 binary=$3
  shift 3
  MANCALA_GUESTS_PER_IP_PER_HOUR=${MANCALA_GUESTS_PER_IP_PER_HOUR:-100000000} \
    MANCALA_OFFERS_PER_MINUTE=${MANCALA_OFFERS_PER_MINUTE:-100000000} \
    MANCALA_SEEK_CODE_TRIES_PER_IP=${MANCALA_SEEK_CODE_TRIES_PER_IP:-100000000} \
    "$binary" --listen "127.0.0.1:$port" "$@" >"$log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return
    sleep 0.1
  done
  echo "the server did not start; see $log" >&2
  exit 1
}

# stop_server: end the server started last (SIGTERM: a graceful stop).
stop_server() {
  if [[ -n "$SERVER_PID" ]]; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=
  fi
}

# prepare_run: OUT exists, as many file descriptors as allowed, the release
# server and load generator built.
prepare_run() {
  mkdir -p "$OUT"
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  cargo build --release --quiet --bin mancala-server --bin mancala-load
}

# fresh_database PATH: no database (nor its WAL) at PATH.
fresh_database() {
  rm -f "$1" "$1-wal" "$1-shm"
}
