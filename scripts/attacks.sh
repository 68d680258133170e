#!/usr/bin/env bash
# Every attack of docs/RELIABILITY.md's "What a client can make us spend",
# each beside one honest match on a fresh release server with the default
# budgets (the journal in a temporary file): the honest players' round-trip
# p99, the server's resident memory before, at its peak and after, its CPU,
# and what the attackers were answered. Writes the table of
# docs/PERFORMANCE.md "Attacks beside an honest match".
#
#   scripts/attacks.sh                  # 10 s per attack
#   DURATION=20 scripts/attacks.sh
#   ATTACKS="ping passwords" scripts/attacks.sh
#
# Server and attackers share this machine's two cores: the figures are the
# server's under an attack that also takes CPU of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10}
ATTACKS=${ATTACKS:-"none ping challenges passwords offers analysis archive guests"}
PORT=${PORT:-7980}
OUT=target/attacks
# shellcheck source=scripts/server.sh
source scripts/server.sh
prepare_run
: >"$OUT/results.jsonl"
trap stop_server EXIT

# The default per-person budgets: the attackers must meet them as they are.
export MANCALA_GUESTS_PER_IP_PER_HOUR=60 MANCALA_OFFERS_PER_MINUTE=20

for attack in $ATTACKS; do
  db="$OUT/attack.sqlite3"
  fresh_database "$db"
  start_server target/release/mancala-server --database "$db"
  flag=()
  [[ "$attack" == none ]] || flag=(--attack "$attack")
  echo "== $attack" >&2
  # One honest pair playing nine-game Kalah(6,6) matches, thinking 20 ms a move.
  line=$(./target/release/mancala-load --server "ws://127.0.0.1:$PORT/ws" --matches 1 \
    --games 9 --variant "kalah seeds_per_house=6" --think-ms 20-20 \
    --duration "$DURATION" "${flag[@]}" || true)
  wal=$(stat -c %s "$db-wal" 2>/dev/null || echo 0)
  stop_server
  jq -c --arg row "$attack" --argjson wal "$wal" '{row: $row, wal_bytes: $wal} + .' <<<"$line" >>"$OUT/results.jsonl"
done

echo
echo "| attack | honest moves | honest rtt p50 / p99 / max (ms) | server RSS before / peak / after (MiB) | server CPU | attackers sent / served / refused / closed | WAL after (MiB) |"
echo "|---|---|---|---|---|---|---|"
jq -r '"| \(.row) | \(.moves) | \(.rtt_ms.p50) / \(.rtt_ms.p99) / \(.rtt_ms.max) | \(.server.rss_before_mib) / \(.server.peak_rss_mib) / \(.server.rss_mib) | \(.server.cpu_percent)% | \(.attack.sent // 0) / \(.attack.served // 0) / \(.attack.refused // 0) / \(.attack.closed // 0) | \((.wal_bytes / 1048576 * 10 | round) / 10) |"' \
  "$OUT/results.jsonl"
