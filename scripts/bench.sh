#!/usr/bin/env bash
# Reruns every figure in docs/PERFORMANCE.md's load table: the rules engine,
# 10 / 100 / 1,000 / 5,000 concurrent matches, 1,000 spectators on one match,
# and server memory per idle connection. Each load row gets a fresh server.
#
#   scripts/bench.sh                 # 20 s per row
#   DURATION=60 scripts/bench.sh     # longer rows
#   ROWS="1000 5000" scripts/bench.sh  # only these match counts
#
# Results: one JSON line per row in target/bench/results.jsonl (the load
# generator's summary), and on stdout a Markdown table and each target of
# docs/PERFORMANCE.md marked met or not met. Server and load
# generator run on this machine; nothing else should be busy while it runs.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-20}
ROWS=${ROWS:-"10 100 1000 5000"}
PORT=${PORT:-7979}
OUT=target/bench
mkdir -p "$OUT"
: > "$OUT/results.jsonl"

# 10,000 connections on each side need more descriptors than the usual 1,024.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

cargo build --release --quiet --bin mancala-server --bin mancala-load
cargo build --release --quiet -p protocol --example playouts

# shellcheck source=scripts/server.sh
source scripts/server.sh
trap stop_server EXIT

# row NAME "SERVER FLAGS" LOAD-ARGS...: one load run against a fresh server.
row() {
  local name=$1 server_flags=$2
  shift 2
  echo "== $name: mancala-server --play-rate 1000000 $server_flags; mancala-load $*" >&2
  # The load generator plays far faster than a person: the per-connection
  # play budget (1,000 messages/s by default) is raised for the benchmark
  # (and the per-player budgets in start_server).
  # shellcheck disable=SC2086 # extra flags are split on purpose
  start_server ./target/release/mancala-server --play-rate 1000000 --database "${DATABASE:-:memory:}" $server_flags
  local status=0
  ./target/release/mancala-load --server "ws://127.0.0.1:$PORT/ws" "$@" \
    | jq -c --arg row "$name" '{row: $row} + .' >>"$OUT/results.jsonl" || status=$?
  stop_server
  if [[ $status -ne 0 ]]; then
    echo "   (exit $status: lost moves, stalls, failures or errors; see the row)" >&2
  fi
}

echo "== rules engine: random Kalah playouts, one core" >&2
ENGINE=$(./target/release/examples/playouts kalah 20000000)
echo "$ENGINE" >&2

for n in $ROWS; do
  row "matches-$n" "" --matches "$n" --duration "$DURATION"
done
# One pair plays match after match as fast as it can; its thousand spectators
# follow it from match to match, two watch messages each time: the watch
# budget is raised so that following is not rate limited.
row "spectators-1000" "--watch-rate 1000" --matches 1 --spectators 1000 --duration "$DURATION"
row "idle-10000" "" --matches 0 --idle 10000 --duration 5

echo
echo "Engine: $ENGINE"
echo
echo "| row | moves/s | server-counted moves/s | rtt p50 | p90 | p99 | max (ms) | spectator delay p50 / p99 / max (ms) | errors | failed | lost | stalled or idle | server CPU | server RSS / peak (MiB) | bytes per idle connection |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
jq -r '"| \(.row) | \(.moves_per_s) | \(.server.moves_accepted_per_s) | \(.rtt_ms.p50) | \(.rtt_ms.p90) | \(.rtt_ms.p99) | \(.rtt_ms.max) | \(.spectator_delay_ms.p50) / \(.spectator_delay_ms.p99) / \(.spectator_delay_ms.max) | \(.errors) | \(.failed_connections) | \(.lost_moves + .lost_events) | \(.stalled_matches + .matches_without_moves) | \(.server.cpu_percent)% | \(.server.rss_mib) / \(.server.peak_rss_mib) | \(.server.bytes_per_idle_connection // "") |"' \
  "$OUT/results.jsonl"

# The targets of docs/PERFORMANCE.md, checked against this run's rows (a row
# the run did not include is reported as not run).
echo
echo "Targets:"
ENGINE_M=$(sed -n 's/.*, \([0-9.]*\) M moves\/s.*/\1/p' <<<"$ENGINE")
jq -rs --arg engine "${ENGINE_M:-0}" '
  def row(name): (map(select(.row == name)) | first);
  def verdict(ok): if ok then "met" else "NOT met" end;
  def check(name; what; test; shown):
    (row(name)) as $r
    | if $r == null then "- \(what): not run"
      else "- \(what): \(verdict($r | test)) (\($r | shown))" end;
  def clean: .errors == 0 and .failed_connections == 0 and .lost_moves == 0
    and .lost_events == 0 and .stalled_matches == 0 and .matches_without_moves == 0;
  check("matches-1000"; "1,000 matches: >= 40,000 moves/s with p99 <= 25 ms";
        .moves_per_s >= 40000 and .rtt_ms.p99 <= 25 and clean;
        "\(.moves_per_s) moves/s, p99 \(.rtt_ms.p99) ms"),
  check("matches-5000"; "5,000 matches: no failure, error, loss or stall";
        clean and .moves > 0;
        "\(.failed_connections) failed, \(.errors) errors, \(.lost_moves + .lost_events) lost, \(.stalled_matches + .matches_without_moves) stalled or idle"),
  check("spectators-1000"; "1,000 spectators: p99 delay <= 20 ms";
        .spectator_delay_ms.p99 <= 20 and .spectator_moves > 0 and clean;
        "p99 \(.spectator_delay_ms.p99) ms"),
  check("idle-10000"; "idle connections: <= 20 KiB each";
        .server.bytes_per_idle_connection != null and .server.bytes_per_idle_connection <= 20480 and clean;
        "\(.server.bytes_per_idle_connection) bytes"),
  "- rules engine: >= 10 M Kalah moves/s: \(verdict(($engine | tonumber) >= 10)) (\($engine) M)"
' "$OUT/results.jsonl"
