#!/usr/bin/env bash
# HTTP load on a running app: a score sheet's save (PUT, 9 hand scores), the director's
# reads (standings and overview JSON, round and standings pages), the public pages (the
# national ranking's page and JSON too), 32 concurrent clients, with hey (go install
# github.com/rakyll/hey@latest).
# Usage: .ci/load.sh [requests]   — starts its own server on a fresh database in a temp dir,
# and an echo hello-world (.ci/hello) as the floor, measured in the same run.
#   LOAD_DB=postgres://root@127.0.0.1:5432/test .ci/load.sh   — on PostgreSQL instead, in a
#     schema of its own (created and dropped with psql);
#   INSTANCES=2 (PostgreSQL only) — two app processes on that schema, the 32 clients split
#     16 + 16 between them (what a reverse proxy would do), requests/s summed;
#   IMPORT_SECONDS=3 — how long the saves run from the start of a 10,000-pair import;
#   PORT_BASE=18080 — the ports it listens on (PORT_BASE+1 the floor, +2, +4… the app), so
#     that two runs on one machine do not meet;
#   BENCH=0 — leave out the store's benchmarks (a sheet's save beside a raw write of the
#     same rows, on SQLite and, where the server answers, PostgreSQL).
# It ends with a summary: each issue-20 figure beside its floor, measured in the run.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-5000}
HEY=${HEY:-$(command -v hey || echo "$HOME/go/bin/hey")}
INSTANCES=${INSTANCES:-1}
PORT_BASE=${PORT_BASE:-18080}
HELLO=127.0.0.1:$((PORT_BASE + 1))
dir=$(mktemp -d)
go build -o "$dir/burraco" .
go build -o "$dir/hello" ./.ci/hello
pids=()
schema=""
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
  if [[ -n $schema ]]; then psql -q "$LOAD_DB" -c "SET client_min_messages = warning; DROP SCHEMA $schema CASCADE" >/dev/null; fi
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
  port=$((PORT_BASE + 2 * i))
  GOGC=${APP_GOGC:-} GOMAXPROCS=${APP_PROCS:-} "$dir/burraco" -db "$DB" -addr 127.0.0.1:$port >"$dir/server$i.log" 2>&1 &
  pids+=($!)
  ports+=("$port")
  # The first instance migrates alone, so that the others find the schema made.
  for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
done
"$dir/hello" "$HELLO" &
pids+=($!)
API=http://127.0.0.1:${ports[0]}/api/v1
for _ in $(seq 100); do curl -fs -o /dev/null "http://$HELLO/" && break; sleep 0.1; done
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

# show FILE…: hey's summary, p99 and status codes of each output.
show() {
  for f in "$@"; do sed -n '/Summary/,/Requests\/sec/p; /99%/p; /Status code/,$p' "$f"; done
}
# rate FILE…: requests/s summed over hey outputs; p99 FILE…: the slowest p99, in ms.
rate() { awk '/Requests\/sec/ {s += $2} END {printf "%.0f", s}' "$@"; }
p99() { awk '/ 99%+ in / {v = $3 * 1000; if (v > m) m = v} END {printf "%.1f", m}' "$@"; }
# slowest FILE: the slowest answer, in ms (hey gives no percentiles for a few answers).
slowest() { awk '/Slowest:/ {printf "%.1f", $2 * 1000}' "$1"; }
# bad FILE…: the answers that were not 2xx.
bad() { awk '/\[[0-9]+\]/ {gsub(/[\[\]]/, "", $1); if ($1 !~ /^2/) s += $2} END {printf "%d", s}' "$@"; }
# load NAME PATH hey-args…: 32 clients split over the instances, each instance's summary,
# and the requests/s summed; the outputs kept as NAME.i.txt for the summary.
load() {
  local name=$1 path=$2; shift 2
  local c=$((32 / INSTANCES)) n=$((N / INSTANCES)) i=0 outs=() heys=()
  for port in "${ports[@]}"; do
    i=$((i + 1))
    "$HEY" -n "$n" -c "$c" "$@" "http://127.0.0.1:$port$path" >"$dir/$name.$i.txt" &
    heys+=($!)
    outs+=("$dir/$name.$i.txt")
  done
  wait "${heys[@]}"
  show "${outs[@]}"
  if ((INSTANCES > 1)); then
    echo "  total over $INSTANCES instances: $(rate "${outs[@]}") requests/s"
  fi
}
# floor NAME: the hello-world, 32 clients, N requests, kept as NAME.1.txt.
floor() {
  "$HEY" -n "$N" -c 32 "http://$HELLO/" >"$dir/$1.1.txt"
  show "$dir/$1.1.txt"
}
echo "== floor: an echo hello-world, 32 clients, $N requests"
floor floor
echo "== on $( [[ -n ${LOAD_DB:-} ]] && echo PostgreSQL || echo SQLite ), $INSTANCES instance(s)"
echo "== save a score sheet: PUT /tournaments/$T/rounds/1/tables/1, 32 clients, $N requests"
load save "/api/v1/tournaments/$T/rounds/1/tables/1" -m PUT -H "Authorization: Bearer $TOKEN" -T application/json -D "$dir/sheet.json"
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
import_pairs() { # import_pairs TOURNAMENT FILE: prints the seconds the import took, and its
  # answer's status when it was not 200 (the run goes on: the summary shows it)
  local t0 t1 code
  t0=$(date +%s.%N)
  code=$(curl -s -o "$dir/import-answer.txt" -w '%{http_code}' -X POST "$API/tournaments/$1/entries/import?confirm=true" \
    -H "Authorization: Bearer $TOKEN" -H 'Content-Type: text/csv' --data-binary @"$2" || true)
  t1=$(date +%s.%N)
  echo "$t0 $t1" | awk '{printf "%.2f s", $2 - $1}'
  [[ $code == 200 ]] || echo " (failed: HTTP $code $(head -c 80 "$dir/import-answer.txt"))"
  echo
}
import_alone=$(import_pairs "$TP" "$dir/pairs1.csv")
echo "== import alone: 10,000 pairs (20,000 new players): $import_alone"
IZ=${IMPORT_SECONDS:-3}
echo "== save a score sheet during a 10,000-pair import: PUT /tournaments/$T/rounds/1/tables/1, 32 clients, for ${IZ}s from the import's start (floor: the saves alone, above)"
import_pairs "$TP2" "$dir/pairs2.csv" >"$dir/import-during.txt" &
imp=$!
"$HEY" -z "${IZ}s" -c 32 -m PUT -H "Authorization: Bearer $TOKEN" -T application/json -D "$dir/sheet.json" \
  "http://127.0.0.1:${ports[0]}/api/v1/tournaments/$T/rounds/1/tables/1" >"$dir/during.1.txt"
show "$dir/during.1.txt"
wait $imp
echo "   the import meanwhile: $(cat "$dir/import-during.txt")"
echo "== standings: GET /tournaments/$T/standings, 32 clients, $N requests"
load standings "/api/v1/tournaments/$T/standings" -H "Authorization: Bearer $TOKEN"
# The director's other reads (issue 35): the tournament's overview (JSON), and the round
# and standings pages (HTML) with a browser's session, logged in through the form.
echo "== overview: GET /api/v1/tournaments/$T, 32 clients, $N requests"
load overview "/api/v1/tournaments/$T" -H "Authorization: Bearer $TOKEN"
jar="$dir/cookies.txt"
curl -fs -c "$jar" -o /dev/null "http://127.0.0.1:${ports[0]}/login"
csrf=$(awk '$6 == "burraco_csrf" {print $7}' "$jar")
curl -fs -b "$jar" -c "$jar" -o /dev/null -X POST "http://127.0.0.1:${ports[0]}/login" \
  --data-urlencode "_csrf=$csrf" --data-urlencode username=load --data-urlencode password=password-lunga
session=$(awk '$6 == "burraco_session" {print $7}' "$jar")
COOKIE=(-H "Cookie: burraco_session=$session; burraco_csrf=$csrf" -H "Accept-Language: it")
echo "== round page (HTML): GET /tournaments/$T/rounds/1, 32 clients, $N requests"
load round_html "/tournaments/$T/rounds/1" "${COOKIE[@]}"
echo "== standings page (HTML): GET /tournaments/$T/standings, 32 clients, $N requests"
load standings_html "/tournaments/$T/standings" "${COOKIE[@]}"
# The public standings (no login) of the same 48-player evening, published; the floor is
# measured again just before, in the same run. Target: at least 50% of the floor's rate.
curl -fs -X PUT $API/tournaments/$T/published "${H[@]}" -d '{"published":true}' >/dev/null
echo "== floor again: echo hello-world, 32 clients, $N requests"
floor floor2
# The public pages on every instance (the 32 clients split between them), while a
# director saves sheets on the first (2 clients, 2 saves a second each, for as long as the
# pages are read).
"$HEY" -z 3600s -c 2 -q 2 -m PUT -H "Authorization: Bearer $TOKEN" -T application/json -D "$dir/sheet.json" \
  "http://127.0.0.1:${ports[0]}/api/v1/tournaments/$T/rounds/1/tables/2" >"$dir/director.1.txt" &
director=$!
echo "== public standings: GET /p/$T/standings, 32 clients, $N requests, a director saving meanwhile"
load public "/p/$T/standings"
echo "== public standings, not compressed: GET /p/$T/standings, 32 clients, $N requests"
load public_plain "/p/$T/standings" -disable-compression
echo "== public standings, JSON: GET /api/v1/public/tournaments/$T/standings, 32 clients, $N requests"
load public_json "/api/v1/public/tournaments/$T/standings"
# The national ranking's public page and its JSON (issue 38: at least 50% of the floor),
# read meanwhile too. Target: at least 50% of the floor's rate.
echo "== public ranking: GET /p/ranking, 32 clients, $N requests, a director saving meanwhile"
load ranking "/p/ranking"
echo "== public ranking, JSON: GET /api/v1/public/ranking, 32 clients, $N requests"
load ranking_json "/api/v1/public/ranking"
kill -INT "$director" 2>/dev/null || true
wait "$director" 2>/dev/null || true
echo "   the director meanwhile:"
show "$dir/director.1.txt"
echo "== floor after: echo hello-world, 32 clients, $N requests"
floor floor3

# The store's benchmarks: a sheet's save through the service beside a raw transaction
# writing the same rows (the issue-20 floor), in the same run.
bench=""
if [[ ${BENCH:-1} != 0 ]]; then
  echo "== the store: a sheet's save vs a raw 9-row write transaction (go test -bench)"
  bench=$(go test -run '^$' -bench 'SaveSheet$|Raw(SQLite|Postgres)NineRowWrite' -benchtime 2s -short ./db/ 2>&1 | grep -E '^Benchmark' || true)
  echo "$bench"
  echo "== the store: a cold read of a 3,000-player stage and the raw read of its hand rows, in turn (medians); resident memory"
  bench=$bench$'\n'$(go test -run '^$' -bench 'Standings3000/.*/cold-vs-raw' -benchtime 20x ./db/ 2>&1 | grep -E '^Benchmark' || true)
  bench=$bench$'\n'$(go test -run '^$' -bench 'ResidentMemory3000' -benchtime 1x ./db/ 2>&1 | grep -E '^Benchmark' || true)
  echo "== the store: a sheet's save and the raw 9-row write in turn, SQLite (medians)"
  bench=$bench$'\n'$(go test -run '^$' -bench 'SaveSheetVsRaw$' -benchtime 2s ./db/ 2>&1 | grep -E '^Benchmark' || true)
  echo "$bench" | grep -E 'SaveSheetVsRaw'
  echo "$bench" | grep -E 'Standings3000|ResidentMemory'
fi
ns() { awk -v b="$1" 'index($1, b) == 1 {print $3; exit}' <<<"$bench"; }
# metric BENCH UNIT: the value a benchmark reported in UNIT (its field before the unit).
metric() { awk -v b="$1" -v u="$2" 'index($1, b) == 1 {for (i = 2; i <= NF; i++) if ($i == u) {print $(i - 1); exit}}' <<<"$bench"; }

db=$([[ -n ${LOAD_DB:-} ]] && echo PostgreSQL || echo SQLite)
fl=$(awk -v a="$(rate "$dir/floor.1.txt")" -v b="$(rate "$dir/floor2.1.txt")" -v c="$(rate "$dir/floor3.1.txt")" 'BEGIN {printf "%.0f", (a + b + c) / 3}')
pct() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.1f%%", 100 * a / b; else printf "-"}'; }
line() { printf '%-52s %-30s %-34s %s\n' "$@"; }
echo
echo "== summary: $db, $INSTANCES instance(s), $N requests a figure, 32 clients; hello-world floor $fl req/s (mean of 3)"
line "figure" "measured" "floor" "ratio"
line "save a sheet (PUT, 9 hands)" "$(rate "$dir"/save.*.txt) req/s, p99 $(p99 "$dir"/save.*.txt) ms" "hello-world $fl req/s" "$(pct "$(rate "$dir"/save.*.txt)" "$fl")"
line "save during a 10,000-pair import" "$(rate "$dir/during.1.txt") req/s, p99 $(p99 "$dir/during.1.txt") ms" "saves alone $(rate "$dir"/save.*.txt) req/s" "$(pct "$(rate "$dir/during.1.txt")" "$(rate "$dir"/save.*.txt)")"
line "the import meanwhile" "$(cat "$dir/import-during.txt")" "alone $import_alone" "$(pct "${import_alone%% *}" "$(awk '{print $1; exit}' "$dir/import-during.txt")")"
line "director's standings JSON (48 players; >= 50%)" "$(rate "$dir"/standings.*.txt) req/s, p99 $(p99 "$dir"/standings.*.txt) ms" "hello-world $fl req/s" "$(pct "$(rate "$dir"/standings.*.txt)" "$fl")"
line "director's overview JSON (>= 50%)" "$(rate "$dir"/overview.*.txt) req/s, p99 $(p99 "$dir"/overview.*.txt) ms" "hello-world $fl req/s" "$(pct "$(rate "$dir"/overview.*.txt)" "$fl")"
line "director's round page HTML (>= 30%)" "$(rate "$dir"/round_html.*.txt) req/s, p99 $(p99 "$dir"/round_html.*.txt) ms" "hello-world $fl req/s" "$(pct "$(rate "$dir"/round_html.*.txt)" "$fl")"
line "director's standings page HTML (>= 30%)" "$(rate "$dir"/standings_html.*.txt) req/s, p99 $(p99 "$dir"/standings_html.*.txt) ms" "hello-world $fl req/s" "$(pct "$(rate "$dir"/standings_html.*.txt)" "$fl")"
line "public standings, gzip, a director saving" "$(rate "$dir"/public.*.txt) req/s, p99 $(p99 "$dir"/public.*.txt) ms" "hello-world $fl req/s" "$(pct "$(rate "$dir"/public.*.txt)" "$fl")"
line "public standings, plain" "$(rate "$dir"/public_plain.*.txt) req/s, p99 $(p99 "$dir"/public_plain.*.txt) ms" "hello-world $fl req/s" "$(pct "$(rate "$dir"/public_plain.*.txt)" "$fl")"
line "public standings, JSON" "$(rate "$dir"/public_json.*.txt) req/s, p99 $(p99 "$dir"/public_json.*.txt) ms" "hello-world $fl req/s" "$(pct "$(rate "$dir"/public_json.*.txt)" "$fl")"
line "public ranking page, gzip (>= 50%)" "$(rate "$dir"/ranking.*.txt) req/s, p99 $(p99 "$dir"/ranking.*.txt) ms" "hello-world $fl req/s" "$(pct "$(rate "$dir"/ranking.*.txt)" "$fl")"
line "public ranking, JSON (>= 50%)" "$(rate "$dir"/ranking_json.*.txt) req/s, p99 $(p99 "$dir"/ranking_json.*.txt) ms" "hello-world $fl req/s" "$(pct "$(rate "$dir"/ranking_json.*.txt)" "$fl")"
line "  the director's saves meanwhile" "$(rate "$dir/director.1.txt") req/s, slowest $(slowest "$dir/director.1.txt") ms" "" ""
if [[ -n $bench ]]; then
  for b in sqlite:RawSQLiteNineRowWrite postgres:RawPostgresNineRowWrite; do
    s=$(ns "BenchmarkSaveSheet/db=${b%%:*}/players=48") f=$(ns "Benchmark${b#*:}")
    [[ -n $s && -n $f ]] || continue
    line "save in the store, ${b%%:*} (service, 48 players)" "$(awk -v v="$s" 'BEGIN {printf "%.3f ms", v / 1e6}')" "raw 9-row write $(awk -v v="$f" 'BEGIN {printf "%.3f ms", v / 1e6}')" "$(pct "$f" "$s")"
  done
  s=$(metric BenchmarkSaveSheetVsRaw save-us) f=$(metric BenchmarkSaveSheetVsRaw raw-us)
  [[ -z $s || -z $f ]] || line "save in the store, sqlite, in turn with the floor (target 30%)" "$s µs" "raw 9-row write $f µs" "$(metric BenchmarkSaveSheetVsRaw pct-of-floor)%"
  for b in sqlite postgres; do
    c=$(metric "BenchmarkStandings3000/db=$b/cold-vs-raw" cold-ms) r=$(metric "BenchmarkStandings3000/db=$b/cold-vs-raw" raw-ms)
    [[ -n $c && -n $r ]] || continue
    line "standings of 3,000 players, cold, $b (target < 25 ms)" "$c ms" "raw read of the hand rows $r ms" "$(awk -v c="$c" -v r="$r" 'BEGIN {printf "%.2fx", c / r}')"
  done
  m=$(metric BenchmarkResidentMemory3000 RSS-MB) f=$(metric BenchmarkResidentMemory3000 floor-RSS-MB)
  [[ -z $m ]] || line "resident memory, 3,000 players loaded (target < 150 MB)" "$m MB" "before the evening $f MB" ""
fi
codes=$(bad "$dir"/save.*.txt "$dir"/standings.*.txt "$dir"/overview.*.txt "$dir"/round_html.*.txt "$dir"/standings_html.*.txt "$dir"/public*.txt "$dir"/ranking*.txt "$dir/during.1.txt")
echo "answers other than 2xx in the figures above: $codes (the director's saves: $(bad "$dir/director.1.txt"))"
