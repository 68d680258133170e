#!/usr/bin/env bash
# Human pace with the journal on: MATCHES matches whose players think 1-5 s
# before each move, plus SPECTATORS spectators, against a fresh server with
# a fresh database; the load generator's summary (round trips, the
# server's CPU and memory) is the last line.
#
#   scripts/human.sh                          # 9,000 matches, 1,000 spectators, 60 s
#   MATCHES=1000 SPECTATORS=100 DURATION=30 scripts/human.sh
set -euo pipefail
cd "$(dirname "$0")/.."

MATCHES=${MATCHES:-9000}
SPECTATORS=${SPECTATORS:-1000}
DURATION=${DURATION:-60}
PORT=${PORT:-7983}
OUT=target/human
# shellcheck source=scripts/server.sh
source scripts/server.sh
trap stop_server EXIT
prepare_run
db="$OUT/run.sqlite3"
fresh_database "$db"


start_server target/release/mancala-server --database "$db"
./target/release/mancala-load --server "ws://127.0.0.1:$PORT/ws" --matches "$MATCHES" \
  --spectators "$SPECTATORS" --duration "$DURATION" --think-ms 1000-5000 --setup-timeout 600
