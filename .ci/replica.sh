#!/usr/bin/env bash
# A streaming replica of the local PostgreSQL cluster "main" (port 5432, trust auth on
# 127.0.0.1) as a second Debian cluster "replica" on port 5433, for the tests of the
# reads that may lag (db/replica_test.go, views/apptest/replica_test.go) and as the
# set-up docs/DEPLOY.md describes. Idempotent, as root: a replica already streaming from
# main is left as it is; one stopped is started; one that cannot stream (another
# primary, WAL it needs gone) is made again with pg_basebackup. Without Debian's
# PostgreSQL it says so and does nothing (the replica's tests then skip, or fail under
# CI=true).
set -euo pipefail

primary_port=5432
replica_port=5433
name=replica
if ! command -v pg_createcluster >/dev/null 2>&1 || [[ ! -d /etc/postgresql ]]; then
  echo "replica: no Debian PostgreSQL (pg_createcluster): no replica made"
  exit 0
fi
ver=${PG_VERSION:-$(ls /etc/postgresql | sort -V | tail -1)}
main_conf=/etc/postgresql/$ver/main
conf=/etc/postgresql/$ver/$name
data=/var/lib/postgresql/$ver/$name
start=$EPOCHREALTIME
elapsed() { awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

q() { # q PORT SQL: one value, as the postgres user over TCP (trust)
  psql -X -Atq -h 127.0.0.1 -p "$1" -U postgres -d postgres -c "$2"
}

if ! pg_isready -q -h 127.0.0.1 -p "$primary_port"; then
  echo "replica: the primary (port $primary_port) does not answer: no replica" >&2
  exit 1
fi

# The primary accepts replication connections from this machine, and keeps WAL enough for
# a replica that falls behind under a test run's writes (a drop-in, reloaded).
changed=0
if ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$main_conf/pg_hba.conf"; then
  echo "host replication all 127.0.0.1/32 trust" >>"$main_conf/pg_hba.conf"
  changed=1
fi
if [[ ! -f $main_conf/conf.d/burraco-replica.conf ]]; then
  mkdir -p "$main_conf/conf.d"
  printf '# The streaming replica on port %s (.ci/replica.sh).\nwal_keep_size = 512MB\n' "$replica_port" >"$main_conf/conf.d/burraco-replica.conf"
  changed=1
fi
if ((changed)); then
  q "$primary_port" "SELECT pg_reload_conf()" >/dev/null
  sleep 0.3 # the postmaster reads the files again before the next connection
fi

# healthy: the replica answers, is in recovery, replicates this very primary and streams.
healthy() {
  pg_isready -q -h 127.0.0.1 -p "$replica_port" || return 1
  [[ $(q "$replica_port" "SELECT pg_is_in_recovery()" 2>/dev/null) == t ]] || return 1
  [[ $(q "$replica_port" "SELECT system_identifier FROM pg_control_system()" 2>/dev/null) == \
    "$(q "$primary_port" "SELECT system_identifier FROM pg_control_system()")" ]] || return 1
  [[ $(q "$replica_port" "SELECT status FROM pg_stat_wal_receiver" 2>/dev/null) == streaming ]]
}

# wait_healthy SECONDS
wait_healthy() {
  local end=$((SECONDS + $1))
  while ((SECONDS < end)); do
    healthy && return 0
    sleep 0.2
  done
  return 1
}

exists() { pg_lsclusters -h | awk -v v="$ver" -v n="$name" '$1 == v && $2 == n { found = 1 } END { exit !found }'; }

if exists; then
  if ! pg_isready -q -h 127.0.0.1 -p "$replica_port"; then
    pg_ctlcluster --skip-systemctl-redirect "$ver" "$name" start || true
  fi
  if wait_healthy 10; then
    printf 'replica: streaming from port %s on port %s (checked in %.1f s)\n' "$primary_port" "$replica_port" "$(elapsed)"
    exit 0
  fi
  echo "replica: the cluster $ver/$name does not stream from main: made again"
  pg_dropcluster --stop "$ver" "$name"
fi

# (initdb's files are replaced by the base backup below: not synced to disk.)
pg_createcluster "$ver" "$name" --port "$replica_port" -- --no-sync >/dev/null
# The primary's authentication, and the settings a hot standby needs at least as high as
# its primary's.
cp "$main_conf/pg_hba.conf" "$conf/pg_hba.conf"
{
  echo "# A hot standby of main (.ci/replica.sh)."
  echo "hot_standby = on"
  echo "hot_standby_feedback = on"
  for s in max_connections max_worker_processes max_wal_senders max_prepared_transactions max_locks_per_transaction; do
    echo "$s = $(q "$primary_port" "SHOW $s")"
  done
} >"$conf/conf.d/burraco-replica.conf"
rm -rf "$data"
install -d -o postgres -g postgres -m 700 "$data"
# A base backup of main, streaming the WAL it needs, with the standby's settings (-R):
# primary_conninfo to 127.0.0.1:5432 and standby.signal. A fast checkpoint: no waiting.
runuser -u postgres -- pg_basebackup -h 127.0.0.1 -p "$primary_port" -U postgres -D "$data" -R -X stream -c fast
pg_ctlcluster --skip-systemctl-redirect "$ver" "$name" start
if ! wait_healthy 20; then
  echo "replica: the cluster $ver/$name does not stream from main" >&2
  tail -20 "/var/log/postgresql/postgresql-$ver-$name.log" >&2 || true
  exit 1
fi
printf 'replica: made, streaming from port %s on port %s (%.1f s)\n' "$primary_port" "$replica_port" "$(elapsed)"
