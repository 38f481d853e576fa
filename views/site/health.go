package site

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// Health answers how the database is: its schema version, or why it cannot say.
type Health interface {
	SchemaVersion(ctx context.Context) (int, error)
}

// healthTimeout bounds the database check of /healthz.
const healthTimeout = 2 * time.Second

// healthAnswer is the answer of /healthz: nothing of the database (no user, host or
// name; the cause goes to the log).
type healthAnswer struct {
	Status  string `json:"status"` // "ok" or "unavailable"
	Version string `json:"version"`
	Schema  *int   `json:"schema,omitempty"`
}

// Healthz answers whether this instance can serve: the database (h, nil for none)
// answers a cheap query within healthTimeout, and at which schema version; and the
// release running. When it does not: 503 (with Retry-After), so that a monitor or the
// proxy takes the instance out; why is logged, never answered.
func (cf *Config) Healthz(h Health, log *slog.Logger) echo.HandlerFunc {
	return func(c echo.Context) error {
		out := healthAnswer{Status: "ok", Version: cf.Version}
		if h != nil {
			ctx, cancel := context.WithTimeout(c.Request().Context(), healthTimeout)
			defer cancel()
			v, err := h.SchemaVersion(ctx)
			if err != nil {
				if c.Request().Context().Err() != nil { // the monitor went away, not the database
					log.InfoContext(c.Request().Context(), "request canceled: the client went away", "uri", "/healthz", "err", err)
					c.Response().WriteHeader(StatusClientClosed)
					return nil
				}
				log.ErrorContext(c.Request().Context(), "health check: the database does not answer", "err", err)
				out.Status = "unavailable"
				c.Response().Header().Set("Retry-After", unavailableRetryAfter)
				return c.JSON(http.StatusServiceUnavailable, out)
			}
			out.Schema = &v
		}
		return c.JSON(http.StatusOK, out)
	}
}
