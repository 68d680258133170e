# Sourced by the scripts that need PostgreSQL (scripts/pg_journal.sh, and
# the local cluster): Debian's PostgreSQL server (apt-get install
# postgresql), started by the script itself in a directory of its own, as
# an unprivileged user (`nobody` when the script runs as root: PostgreSQL
# refuses root), on 127.0.0.1 only, with nothing shared with a system
# cluster. The role `mancala` may connect without a password from this
# machine only; it is a local test and benchmark setup, not a production
# one.

PG_BIN=${PG_BIN:-$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -1)}
PG_DIR=
PG_PORT=

# as_pg_user COMMAND...: run COMMAND as the user PostgreSQL runs as.
as_pg_user() {
  if [[ $(id -u) -eq 0 ]]; then
    setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"
  else
    "$@"
  fi
}

# start_postgres DIR PORT: a new cluster in DIR (emptied first) listening
# on 127.0.0.1:PORT, with a database `mancala`; waits until it answers.
start_postgres() {
  PG_DIR=$1
  PG_PORT=$2
  if [[ -z "$PG_BIN" || ! -x "$PG_BIN/postgres" ]]; then
    echo "PostgreSQL's server is not installed: apt-get install postgresql" >&2
    exit 1
  fi
  rm -rf "$PG_DIR"
  mkdir -p "$PG_DIR/data"
  [[ $(id -u) -eq 0 ]] && chown -R nobody:nogroup "$PG_DIR"
  as_pg_user "$PG_BIN/initdb" --auth=trust --username=mancala --encoding=UTF8 --locale=C \
    --pgdata "$PG_DIR/data" >"$PG_DIR/initdb.log"
  as_pg_user "$PG_BIN/pg_ctl" --pgdata "$PG_DIR/data" --log "$PG_DIR/postgres.log" --wait \
    --options "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 ${PG_OPTIONS:-}" start >/dev/null
  "$PG_BIN/createdb" --host 127.0.0.1 --port "$PG_PORT" --username mancala mancala
}

# postgres_url: the URL of the database `mancala` on the cluster.
postgres_url() {
  echo "postgres://mancala@127.0.0.1:$PG_PORT/mancala"
}

# psql_mancala SQL: run SQL in the database `mancala`, unaligned output.
psql_mancala() {
  PGOPTIONS='-c client_min_messages=warning' "$PG_BIN/psql" --host 127.0.0.1 --port "$PG_PORT" --username mancala --dbname mancala \
    --no-psqlrc --tuples-only --no-align --quiet --command "$1"
}

# stop_postgres: stop the cluster started last (fast shutdown).
stop_postgres() {
  if [[ -n "$PG_DIR" && -f "$PG_DIR/data/postmaster.pid" ]]; then
    as_pg_user "$PG_BIN/pg_ctl" --pgdata "$PG_DIR/data" --mode fast --wait stop >/dev/null || true
  fi
}
