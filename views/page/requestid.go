package page

import "context"

// requestIDKey carries a request's id on its context.
type requestIDKey struct{}

// WithRequestID returns ctx carrying the request id id.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID is the id of the request ctx belongs to ("" outside a request): the one
// in its X-Request-ID answer, its log lines and its error answer.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}
