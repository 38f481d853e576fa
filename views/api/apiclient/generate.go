// Package apiclient holds the Go clients generated from the OpenAPI document the app
// serves, for tests only: openapi.json is the served document (go run
// ../../.. openapi), oapi/ is oapi-codegen's client of it. The tests drive an evening
// through that client and check that every operation was generated with typed request
// bodies; .ci/apiclients.sh regenerates both (and ogen's, into ogentmp/, not kept) and
// fails when the committed files are stale.
package apiclient

//go:generate go run ../../.. openapi openapi.json
//go:generate go tool oapi-codegen -config oapi.yaml openapi.json
