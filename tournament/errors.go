// Package tournament holds the tournament domain: players, directors, formats and the
// use-case services the web layer calls. Storage is reached through small interfaces.
package tournament

import (
	"errors"
	"fmt"
	"time"
)

// Error codes, mapped to HTTP statuses once, in the web layer.
const (
	EINVALID      = "invalid"
	ECONFLICT     = "conflict"
	ENOTFOUND     = "not_found"
	EUNAUTHORIZED = "unauthorized"
	// EFORBIDDEN is something the request may read but not change (another club's
	// data, read by a federation officer), or an action only an officer may take.
	EFORBIDDEN = "forbidden"
	ETHROTTLED = "throttled"
	EINTERNAL  = "internal"
)

// Error is a domain error: a code, a message key for the UI catalogue with its arguments,
// and, for validation, one message key per offending field.
type Error struct {
	Code   string
	Key    string
	Args   []any
	Fields map[string]string
	// RetryAfter, for ETHROTTLED, is how long to wait before trying again.
	RetryAfter time.Duration
}

// Error implements the error interface; it is meant for logs, not for users.
func (e *Error) Error() string {
	if len(e.Fields) > 0 {
		return fmt.Sprintf("%s: %s %v", e.Code, e.Key, e.Fields)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Key)
}

// Errorf returns a domain error with a code and a message key.
func Errorf(code, key string, args ...any) *Error {
	return &Error{Code: code, Key: key, Args: args}
}

// FieldErrors collects validation problems per field; nil-safe to add to.
type FieldErrors map[string]string

// Add records the first problem found for a field.
func (f FieldErrors) Add(field, key string) {
	if _, ok := f[field]; !ok {
		f[field] = key
	}
}

// Err returns an EINVALID error carrying the fields, or nil when there are none.
func (f FieldErrors) Err() error {
	if len(f) == 0 {
		return nil
	}
	return &Error{Code: EINVALID, Key: "error.invalid", Fields: f}
}

// ErrorCode returns the code of a domain error, or EINTERNAL for any other error.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// AsError returns the domain error inside err, if any.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
