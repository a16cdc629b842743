#!/usr/bin/env bash
# The PostgreSQL tests start a throw-away server from PostgreSQL's own programs
# (tests/pg_server.py): make sure they are here. As root, Debian's package is installed (without
# a cluster of its own: the tests make theirs); otherwise the one command to run is named.
set -euo pipefail
if [ -n "${PG_BIN:-}" ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
    || command -v initdb >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "The PostgreSQL tests need PostgreSQL's server programs: run" \
        "'sudo apt-get install postgresql' (or set PG_BIN to the folder holding initdb)." >&2
    exit 2
fi
mkdir -p /etc/postgresql-common
if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
    echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
