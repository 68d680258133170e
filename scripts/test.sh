#!/usr/bin/env bash
# The whole test suite: formatting, lints, every test of every crate, then
# the browser client's end-to-end tests in Debian's Chromium (tests/browser,
# Playwright through its playwright-core package; `.ci/run` installs both).
# This is the README's test command and what CI runs. It ends with one line
# "tests: N passed, N failed" summed over every test binary, the doc tests
# and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy --all-targets -- -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings
echo "== cargo test --workspace"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
cargo test --workspace --locked 2>&1 | tee "$log" || status=$?
count() { grep -E '^test result:' "$log" | grep -Eo "[0-9]+ $1" | awk '{s += $1} END {print s + 0}'; }
passed=$(count passed)
failed=$(count failed)

echo "== browser tests (tests/browser, Chromium: ${CHROMIUM_BIN:-/usr/bin/chromium})"
browser_log=$(mktemp)
trap 'rm -f "$log" "$browser_log"' EXIT
if [ ! -x "${CHROMIUM_BIN:-/usr/bin/chromium}" ] || [ ! -d tests/browser/node_modules/playwright-core ]; then
  echo "the browser tests need Chromium and playwright-core: apt-get install chromium; npm ci --prefix tests/browser (.ci/run does both)" >&2
  status=1
  failed=$((failed + 1))
else
  # The server binary where cargo put it (CARGO_TARGET_DIR, a configured
  # target-dir...): cargo's own report of the executable it built.
  MANCALA_SERVER_BIN=$(cargo build --locked --bin mancala-server --message-format=json-render-diagnostics \
    | node -e 'let found = ""; require("readline").createInterface({input: process.stdin})
        .on("line", (l) => { const m = JSON.parse(l); if (m.executable && m.target && m.target.name === "mancala-server") found = m.executable; })
        .on("close", () => console.log(found));')
  MANCALA_TARGET_DIR=$(cargo metadata --format-version 1 --no-deps --locked \
    | node -e 'let t = ""; process.stdin.on("data", (d) => t += d).on("end", () => console.log(JSON.parse(t).target_directory));')
  export MANCALA_SERVER_BIN MANCALA_TARGET_DIR
  (cd tests/browser && npm test) 2>&1 | tee "$browser_log" || status=$?
  browser_count() { grep -E "^ℹ $1 [0-9]+" "$browser_log" | awk '{print $3}' | tail -1; }
  passed=$((passed + $(browser_count pass)))
  failed=$((failed + $(browser_count fail)))
  echo "browser screenshots: $MANCALA_TARGET_DIR/browser-screenshots/"
fi
echo "tests: ${passed} passed, ${failed} failed"
if [ "$passed" -eq 0 ]; then
  echo "no test ran" >&2
  exit 1
fi
exit "$status"
