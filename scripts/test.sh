#!/usr/bin/env bash
# The whole test suite: formatting, lints, then every test of every crate.
# This is the README's test command and what CI runs. It ends with one line
# "tests: N passed, N failed" summed over every test binary and the doc tests.
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
echo "tests: ${passed} passed, ${failed} failed"
if [ "$passed" -eq 0 ]; then
  echo "no test ran" >&2
  exit 1
fi
exit "$status"
