#!/usr/bin/env bash
# The API's generated clients (issue 36): oapi-codegen's, committed in
# views/api/apiclient, must be what the served document generates today; ogen must
# generate every operation of it and compile (into views/api/apiclient/ogentmp, not kept).
set -euo pipefail
cd "$(dirname "$0")/.."

go generate ./views/api/apiclient/
if [[ -n $(git status --porcelain -- views/api/apiclient) ]]; then
  echo "the generated API client is stale; run 'go generate ./views/api/apiclient/' and commit:"
  git status --porcelain -- views/api/apiclient
  exit 1
fi

tmp=views/api/apiclient/ogentmp
rm -rf "$tmp"
go tool ogen -config views/api/apiclient/ogen.yml -package ogenclient -target "$tmp" -clean views/api/apiclient/openapi.json 2>/tmp/ogen.log || {
  cat /tmp/ogen.log; exit 1; }
want=$(grep -c '"operationId"' views/api/apiclient/openapi.json)
got=$(grep -c '^func (c \*Client) send' "$tmp/oas_client_gen.go")
echo "ogen: $got of $want operations"
if [[ $got != "$want" ]]; then cat /tmp/ogen.log; exit 1; fi
go build -o /dev/null "./$tmp"
rm -rf "$tmp"
