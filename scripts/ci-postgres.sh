#!/usr/bin/env bash
# Starts Debian's PostgreSQL for the API tests' server run (CI is root). Prints the URL to use.
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
pg_ctlcluster "$version" main start >&2 2>/dev/null || true
for _ in $(seq 1 30); do
  su postgres -c "psql -tAc 'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
if ! su postgres -c "psql -tAc \"select 1 from pg_roles where rolname = 'vendo_ci'\"" | grep -q 1; then
  su postgres -c "psql -qc \"create user vendo_ci with password 'vendo_ci' createdb\"" >&2
fi
echo "postgres://vendo_ci:vendo_ci@127.0.0.1:5432/postgres"
