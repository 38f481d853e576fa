#!/usr/bin/env bash
# HTTP load on a running app: a score sheet's save (PUT, 9 hand scores) and the standings
# read, 32 concurrent clients, with hey (go install github.com/rakyll/hey@latest).
# Usage: .ci/load.sh [requests]   — starts its own server on a fresh database in a temp dir,
# and an echo hello-world (.ci/hello) as the floor, measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-5000}
HEY=${HEY:-$(command -v hey || echo "$HOME/go/bin/hey")}
dir=$(mktemp -d)
go build -o "$dir/burraco" .
go build -o "$dir/hello" ./.ci/hello
GOGC=${APP_GOGC:-} GOMAXPROCS=${APP_PROCS:-} "$dir/burraco" -db "$dir/load.db" -addr 127.0.0.1:18080 >"$dir/server.log" 2>&1 &
pid=$!
"$dir/hello" 127.0.0.1:18081 &
hpid=$!
trap 'kill $pid $hpid 2>/dev/null; rm -rf "$dir"' EXIT
API=http://127.0.0.1:18080/api/v1
for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:18080/login" && break; sleep 0.1; done
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
echo "== floor: an echo hello-world, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 http://127.0.0.1:18081/ | sed -n '/Summary/,/Status code/p'
echo "== save a score sheet: PUT /tournaments/$T/rounds/1/tables/1, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 -m PUT -H "Authorization: Bearer $TOKEN" -T application/json -D "$dir/sheet.json" \
  "$API/tournaments/$T/rounds/1/tables/1" | sed -n '/Summary/,/Status code/p'
echo "== standings: GET /tournaments/$T/standings, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 -H "Authorization: Bearer $TOKEN" "$API/tournaments/$T/standings" | sed -n '/Summary/,/Status code/p'
# The public standings (no login) of the same 48-player evening, published; the floor is
# measured again just before, in the same run. Target: at least 50% of the floor's rate.
curl -fs -X PUT $API/tournaments/$T/published "${H[@]}" -d '{"published":true}' >/dev/null
echo "== floor again: echo hello-world, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 http://127.0.0.1:18081/ | sed -n '/Summary/,/Status code/p'
echo "== public standings: GET /p/$T/standings, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 "http://127.0.0.1:18080/p/$T/standings" | sed -n '/Summary/,/Status code/p'
echo "== public standings, not compressed: GET /p/$T/standings, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 -disable-compression "http://127.0.0.1:18080/p/$T/standings" | sed -n '/Summary/,/Status code/p'
echo "== public standings, JSON: GET /api/v1/public/tournaments/$T/standings, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 "$API/public/tournaments/$T/standings" | sed -n '/Summary/,/Status code/p'
echo "== floor after: echo hello-world, 32 clients, $N requests"
"$HEY" -n "$N" -c 32 http://127.0.0.1:18081/ | sed -n '/Summary/,/Status code/p'
