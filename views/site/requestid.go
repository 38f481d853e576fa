package site

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strconv"
	"sync/atomic"

	"github.com/labstack/echo/v4"

	"burraco/views/page"
)

// RequestIDHeader names a request's id (X-Request-ID): read from a trusted proxy
// (nginx's $request_id), written on every answer. Spelled in Go's canonical form, so
// that reading and writing it costs no conversion.
const RequestIDHeader = "X-Request-Id"

// RequestIDFor is the id of request r: the trusted proxy's X-Request-ID when it sent a
// well-formed one (so the proxy's log line and the app's share it), else a new one.
func (cf *Config) RequestIDFor(r *http.Request) string {
	if h := r.Header.Get(RequestIDHeader); h != "" && validRequestID(h) && cf.fromTrustedProxy(r) {
		return h
	}
	return newRequestID()
}

// validRequestID reports whether a proxy's id may go into logs and answers as it is:
// 1 to 64 letters, digits, '-', '_', '.' or ':'.
func validRequestID(s string) bool {
	if len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
			return false
		}
	}
	return true
}

var (
	// idPrefix tells this process's ids from another instance's: random, drawn once.
	idPrefix = func() string {
		b := make([]byte, 8)
		_, _ = rand.Read(b)
		return hex.EncodeToString(b)
	}()
	idCounter atomic.Uint64
)

// newRequestID makes an id of 32 hex digits (as nginx's $request_id): the process's
// random prefix, then a counter (cheap enough for the public pages' fast path).
func newRequestID() string {
	var buf [32]byte
	n := copy(buf[:], idPrefix)
	s := strconv.AppendUint(buf[n:n], idCounter.Add(1), 16)
	pad := 32 - n - len(s)
	copy(buf[n+pad:], s)
	for i := n; i < n+pad; i++ {
		buf[i] = '0'
	}
	return string(buf[:])
}

// RequestID gives every request through echo its id (the one ServeHTTP already wrote
// in the answer's X-Request-ID, else a new one): on the answer and on the request's
// context, where the log lines of the request (ContextHandler) and its error answer
// find it.
func (cf *Config) RequestID(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.Response().Header().Get(RequestIDHeader)
		if id == "" {
			id = cf.RequestIDFor(c.Request())
			c.Response().Header().Set(RequestIDHeader, id)
		}
		r := c.Request()
		c.SetRequest(r.WithContext(page.WithRequestID(r.Context(), id)))
		return next(c)
	}
}

// ContextHandler adds the request id of a log call's context (page.RequestID) to
// every line, as request_id: pass the request's context (log.ErrorContext…).
func ContextHandler(h slog.Handler) slog.Handler {
	if _, ok := h.(contextHandler); ok {
		return h
	}
	return contextHandler{h}
}

type contextHandler struct{ slog.Handler }

func (h contextHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := page.RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h contextHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return contextHandler{h.Handler.WithAttrs(as)}
}

func (h contextHandler) WithGroup(name string) slog.Handler {
	return contextHandler{h.Handler.WithGroup(name)}
}
