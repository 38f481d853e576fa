// Package dto holds every /api/v1 request and answer body as a named Go type, in one
// place: the API's handlers (views/api) and the public pages' JSON twins (views/public)
// write them, and the OpenAPI 3.1 document (views/api) is built from them.
package dto

import "burraco/tournament"

// Error is the one shape of every API error:
//
//	{"error": {"code": "invalid", "message": "...", "fields": {"last_name": "..."}, "request_id": "..."}}
type Error struct {
	Error ErrorBody `json:"error"`
}

// ErrorBody is what an error says: its code (tournament.EINVALID…), the message in the
// request's language and, for an invalid input, a message per field.
type ErrorBody struct {
	Code    string            `json:"code" api:"errcode"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
	// RequestID is the request's id (its X-Request-ID answer header), in the log lines
	// of the request: quote it when reporting a problem.
	RequestID string `json:"request_id,omitempty"`
}

// DuplicateBody is the error of a new player who looks like a registered one: the best
// match in DuplicateOf, every match in Duplicates.
type DuplicateBody struct {
	Code        string              `json:"code" api:"errcode"`
	Message     string              `json:"message"`
	DuplicateOf tournament.Player   `json:"duplicate_of"`
	Duplicates  []tournament.Player `json:"duplicates"`
}

// Duplicate is the 409 of POST /players and POST …/entries with a new player who looks
// like one already in the registry.
type Duplicate struct {
	Error DuplicateBody `json:"error"`
}

// ErrorCodes are every error's possible codes: the services' (tournament.EINVALID…),
// "unavailable" (a change not saved within the command timeout, 503) and
// "method_not_allowed" (405).
var ErrorCodes = []string{tournament.EINVALID, tournament.ECONFLICT, tournament.ENOTFOUND, tournament.EUNAUTHORIZED,
	tournament.EFORBIDDEN, tournament.ETHROTTLED, tournament.EINTERNAL, "unavailable", "method_not_allowed"}
