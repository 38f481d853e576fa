#!/usr/bin/env bash
# HTTP load on a running app: a score sheet's save (PUT, 9 hand scores) and the standings
# read, 32 concurrent clients, with hey (go install github.com/rakyll/hey@latest).
# Usage: .ci/load.sh [requests]   — starts its own server on a fresh database in a temp dir,
# and an echo hello-world (.ci/hello) as the floor, measured in the same run.
#   LOAD_DB=postgres://root@127.0.0.1:5432/test .ci/load.sh   — on PostgreSQL instead, in a
#     schema of its own (created and dropped with psql);
#   INSTANCES=2 (PostgreSQL only) — two app processes on that schema, the 32 clients split
#     16 + 16 between them (what a reverse proxy would do), requests/s summed;
#   IMPORT_SECONDS=3 — how long the saves run from the start of a 10,000-pair import.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-5000}
HEY=${HEY:-$(command -v hey || echo "$HOME/go/bin/hey")}
INSTANCES=${INSTANCES:-1}
dir=$(mktemp -d)
go build -o "$dir/burraco" .
go build -o "$dir/hello" ./.ci/hello
pids=()
schema=""
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
  if [[ -n $schema ]]; then psql -q "$LOAD_DB" -c "DROP SCHEMA $schema CASCADE" >/dev/null; fi
  rm -rf "$dir"
}
trap cleanup EXIT
DB="$dir/load.db"
if [[ -n ${LOAD_DB:-} ]]; then
  schema="burraco_load_$$"
  psql -q "$LOAD_DB" -c "CREATE SCHEMA $schema" >/dev/null
  sep='?'; [[ $LOAD_DB == *\?* ]] && sep='&'
  DB="$LOAD_DB${sep}search_path=$schema"
elif ((INSTANCES > 1)); then
  echo "INSTANCES=$INSTANCES needs LOAD_DB=postgres://…: a SQLite file serves one process" >&2
  exit 2
fi
ports=()
for i in $(seq "$INSTANCES"); do
  port=$((18080 + 2 * i))
  GOGC=${APP_GOGC:-} GOMAXPROCS=${APP_PROCS:-} "$dir/burraco" -db "$DB" -addr 127.0.0.1:$port >"$dir/server$i.log" 2>&1 &
  pids+=($!)
  ports+=("$port")
  # The first instance migrates alone, so that the others find the schema made.
  for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
done
"$dir/hello" 127.0.0.1:18081 &
pids+=($!)
API=http://127.0.0.1:${ports[0]}/api/v1
for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:18081/" && break; sleep 0.1; done
TOKEN=$(curl -fs -X POST $API/setup -H 'Content-Type: application/json' \
  -d '{"username":"load","name":"Load","password":"password-lunga","confirm":"password-lunga"}' | sed -E 's/.*"secret":"([^"]+)".*/\1/')
H=(-H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json')
T=$(curl -fs -X POST $API/tournaments "${H[@]}" -d '{"name":"Load","date":"2026-11-24","settings":{"games":2}}' | sed -E 's/.*"id":([0-9]+).*/\1/')
for i in $(seq 48); do
  curl -fs -X POST $API/tournaments/$T/entries "${H[@]}" -d "{\"player\":{\"first_name\":\"P$i\",\"last_name\":\"Load\"}}" >/dev/null
done
curl -fs -X POST $API/tournaments/$T/entries/present "${H[@]}" >/dev/null
curl -fs -X POST $API/tournaments/$T/draw "${H[@]}" -d '{"seed":1}' >/dev/null
row='[{"form":2,"total":300},{"form":2,"total":100},{"form":2,"total":0}]'
echo "{\"hands\":[$row,$row,$row]}" >"$dir/sheet.json"

# load PATH hey-args…: 32 clients split over the instances, each instance's summary, and
# the requests/s summed.
load() {
  local path=$1; shift
  local c=$((32 / INSTANCES)) n=$((N / INSTANCES)) i=0 outs=() heys=()
  for port in "${ports[@]}"; do
    i=$((i + 1))
    "$HEY" -n "$n" -c "$c" "$@" "http://127.0.0.1:$port/api/v1$path" >"$dir/hey$i.txt" &
    heys+=($!)
    outs+=("$dir/hey$i.txt")
  done
  wait "${heys[@]}"
  for f in "${outs[@]}"; do sed -n '/Summary/,/Requests\/sec/p; /99%/p; /Status code/,$p' "$f"; done
  if ((INSTANCES > 1)); then
    awk '/Requests\/sec/ {s += $2} END {printf "  total over %d instances: %.1f requests/s\n", '"$INSTANCES"', s}' "${outs[@]}"
  fi
}
echo "== floor: an echo hello-world, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 http://127.0.0.1:18081/ | sed -n '/Summary/,/Requests\/sec/p; /Status code/,$p'
echo "== on $( [[ -n ${LOAD_DB:-} ]] && echo PostgreSQL || echo SQLite ), $INSTANCES instance(s)"
echo "== save a score sheet: PUT /tournaments/$T/rounds/1/tables/1, 32 clients, $N requests"
load "/tournaments/$T/rounds/1/tables/1" -m PUT -H "Authorization: Bearer $TOKEN" -T application/json -D "$dir/sheet.json"
# Writes never wait on imports: the same saves while a 10,000-pair CSV (20,000 new
# players) is imported into a Danish tournament of pairs; beside them, the saves alone
# above (the floor), the import's own time, and its time with no save running.
TP=$(curl -fs -X POST $API/tournaments "${H[@]}" -d '{"name":"Coppie","date":"2026-11-29","format":"danish","settings":{"sides":"pairs"}}' | sed -E 's/.*"id":([0-9]+).*/\1/')
TP2=$(curl -fs -X POST $API/tournaments "${H[@]}" -d '{"name":"Coppie 2","date":"2026-11-29","format":"danish","settings":{"sides":"pairs"}}' | sed -E 's/.*"id":([0-9]+).*/\1/')
pairs() { # pairs PREFIX: a CSV of 10,000 pairs of new players, named from PREFIX
  awk -v p="$1" 'BEGIN { print "last_name_1;first_name_1;last_name_2;first_name_2";
    for (i = 0; i < 10000; i++) { n = ""; k = i; do { n = n sprintf("%c", 97 + k % 26); k = int(k / 26) } while (k > 0);
      printf "Nuovo;%sA %s;Nuovo;%sB %s\n", p, n, p, n } }'
}
pairs X >"$dir/pairs1.csv"
pairs Y >"$dir/pairs2.csv"
import_pairs() { # import_pairs TOURNAMENT FILE: prints the seconds the import took
  local t0 t1
  t0=$(date +%s.%N)
  curl -fs -o /dev/null -X POST "$API/tournaments/$1/entries/import?confirm=true" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: text/csv' --data-binary @"$2"
  t1=$(date +%s.%N)
  echo "$t0 $t1" | awk '{printf "%.2f\n", $2 - $1}'
}
echo "== import alone: 10,000 pairs (20,000 new players): $(import_pairs "$TP" "$dir/pairs1.csv") s"
IZ=${IMPORT_SECONDS:-3}
echo "== save a score sheet during a 10,000-pair import: PUT /tournaments/$T/rounds/1/tables/1, 32 clients, for ${IZ}s from the import's start (floor: the saves alone, above)"
import_pairs "$TP2" "$dir/pairs2.csv" >"$dir/import-during.txt" &
imp=$!
"$HEY" -z "${IZ}s" -c 32 -m PUT -H "Authorization: Bearer $TOKEN" -T application/json -D "$dir/sheet.json" \
  "http://127.0.0.1:${ports[0]}/api/v1/tournaments/$T/rounds/1/tables/1" | sed -n '/Summary/,/Requests\/sec/p; /99%/p; /Status code/,$p'
wait $imp
echo "   the import meanwhile: $(cat "$dir/import-during.txt") s"
echo "== standings: GET /tournaments/$T/standings, 32 clients, $N requests"
load "/tournaments/$T/standings" -H "Authorization: Bearer $TOKEN"
# The public standings (no login) of the same 48-player evening, published; the floor is
# measured again just before, in the same run. Target: at least 50% of the floor's rate.
curl -fs -X PUT $API/tournaments/$T/published "${H[@]}" -d '{"published":true}' >/dev/null
echo "== floor again: echo hello-world, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 http://127.0.0.1:18081/ | sed -n '/Summary/,/Requests\/sec/p; /Status code/,$p'
echo "== public standings: GET /p/$T/standings, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 "http://127.0.0.1:${ports[0]}/p/$T/standings" | sed -n '/Summary/,/Requests\/sec/p; /Status code/,$p'
echo "== public standings, not compressed: GET /p/$T/standings, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 -disable-compression "http://127.0.0.1:${ports[0]}/p/$T/standings" | sed -n '/Summary/,/Requests\/sec/p; /Status code/,$p'
echo "== public standings, JSON: GET /api/v1/public/tournaments/$T/standings, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 "$API/public/tournaments/$T/standings" | sed -n '/Summary/,/Requests\/sec/p; /Status code/,$p'
echo "== floor after: echo hello-world, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 http://127.0.0.1:18081/ | sed -n '/Summary/,/Requests\/sec/p; /Status code/,$p'
