#!/bin/bash
# First start: initdb with POSTGRES_USER / POSTGRES_PASSWORD, then POSTGRES_DB; every start: the
# server in the foreground, listening on every address, passwords required from the network.
set -euo pipefail
if [ "${1:-postgres}" != postgres ]; then
  exec "$@"
fi
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile="$(mktemp)"
  printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    createdb -U "$user" "$db"
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "database initialized: user $user, database $db"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*'
