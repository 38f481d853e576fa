package site_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/page"
	"burraco/views/site"
)

// syncBuffer is a log destination safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// server is echo with the site's middleware and error handler as views.New sets them,
// logging to the returned buffer, trusting 10.0.0.1 as its proxy.
func server(t *testing.T) (*echo.Echo, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	log := slog.New(site.ContextHandler(slog.NewTextHandler(logs, nil)))
	proxies, err := site.ParseTrustedProxies("10.0.0.1")
	require.NoError(t, err)
	cf := &site.Config{TrustedProxies: proxies}
	e := echo.New()
	e.HTTPErrorHandler = site.ErrorHandler(&page.App{Log: log}, func(c echo.Context, status int, key string, _ *tournament.Error) error {
		return c.JSON(status, map[string]any{"error": map[string]string{"code": key, "request_id": page.RequestID(c.Request().Context())}})
	})
	e.Use(cf.RequestID, site.Recover(log), site.RequestLog(log), page.Language)
	e.GET("/api/v1/fails", func(echo.Context) error { return errors.New("disk on fire") })
	e.GET("/fails", func(echo.Context) error { return errors.New("disk on fire") })
	e.GET("/api/v1/unreachable", func(echo.Context) error {
		return fmt.Errorf("list players: %w", &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connect: connection refused")})
	})
	e.GET("/api/v1/canceled", func(c echo.Context) error {
		<-c.Request().Context().Done()
		return fmt.Errorf("list players: failed to connect: %w", c.Request().Context().Err())
	})
	return e, logs
}

// The request id: the trusted proxy's X-Request-ID, else one made here; on the answer,
// in every log line of the request (the request line and the error's), in the JSON
// error body and on the error page.
func TestRequestID(t *testing.T) {
	e, logs := server(t)
	for _, tc := range []struct {
		name, remote, header string
		kept                 bool
	}{
		{"trusted proxy", "10.0.0.1:4000", "7f3a9c0d2b1e4f5a8c6d7e8f9a0b1c2d", true},
		{"anyone else", "192.0.2.7:4000", "forged-by-the-client", false},
		{"trusted proxy, malformed", "10.0.0.1:4000", "bad id\nlevel=ERROR", false},
		{"no header", "10.0.0.1:4000", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, path := range []string{"/api/v1/fails", "/fails"} {
				before := len(logs.String())
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.RemoteAddr = tc.remote
				if tc.header != "" {
					req.Header.Set("X-Request-ID", tc.header)
				}
				rec := httptest.NewRecorder()
				e.ServeHTTP(rec, req)
				require.Equal(t, http.StatusInternalServerError, rec.Code)
				id := rec.Header().Get("X-Request-ID")
				if tc.kept {
					assert.Equal(t, tc.header, id)
				} else {
					assert.Regexp(t, `^[0-9a-f]{32}$`, id, "one made here")
					assert.NotEqual(t, tc.header, id)
				}
				if strings.HasPrefix(path, "/api/") {
					var body struct {
						Error struct {
							RequestID string `json:"request_id"`
						}
					}
					require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), rec.Body.String())
					assert.Equal(t, id, body.Error.RequestID, "in the error body")
				} else {
					doc, err := goquery.NewDocumentFromReader(rec.Body)
					require.NoError(t, err)
					assert.Equal(t, id, doc.Find(".error-request-id code").Text(), "on the error page")
				}
				lines := strings.Split(strings.TrimSpace(logs.String()[before:]), "\n")
				require.Len(t, lines, 2, "the error and the request line")
				assert.Contains(t, lines[0], `msg="internal error"`)
				assert.Contains(t, lines[1], `msg=request`)
				for _, l := range lines {
					assert.Contains(t, l, "request_id="+id, l)
				}
			}
		})
	}
	// Ids made here differ from request to request.
	a, b := httptest.NewRecorder(), httptest.NewRecorder()
	e.ServeHTTP(a, httptest.NewRequest(http.MethodGet, "/api/v1/fails", nil))
	e.ServeHTTP(b, httptest.NewRequest(http.MethodGet, "/api/v1/fails", nil))
	assert.NotEqual(t, a.Header().Get("X-Request-ID"), b.Header().Get("X-Request-ID"))
}

// A request whose client went away (nginx gave up on a hung instance) is logged as
// canceled at INFO, never as an ERROR that reads as a database failure.
func TestCanceledRequestIsNotAnError(t *testing.T) {
	e, logs := server(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequest(http.MethodGet, "/api/v1/canceled", nil).WithContext(ctx)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	assert.Equal(t, site.StatusClientClosed, rec.Code)
	out := logs.String()
	assert.NotContains(t, out, "level=ERROR", out)
	assert.Contains(t, out, `msg="request canceled`)
	assert.Contains(t, out, "status=499")
	assert.Regexp(t, regexp.MustCompile(`request_id=[0-9a-f]{32}`), out)
}

// A database that cannot be reached is a 503 with Retry-After (the proxy sends reads
// to another instance and leaves this one out), not a 500; logged as an error.
func TestUnreachableDatabaseIs503(t *testing.T) {
	e, logs := server(t)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/unreachable", nil))
	assert.Equal(t, http.StatusServiceUnavailable, rec.Code)
	assert.Equal(t, "5", rec.Header().Get("Retry-After"))
	assert.Contains(t, rec.Body.String(), "error.unavailable")
	assert.Contains(t, logs.String(), `level=ERROR msg="database unreachable"`)
}

// TestDatabaseUnreachable tells the database's faults from the request's.
func TestDatabaseUnreachable(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{fmt.Errorf("q: %w", &net.OpError{Op: "dial", Err: errors.New("refused")}), true},
		{fmt.Errorf("q: %w", pgError("08006")), true},
		{fmt.Errorf("find token: %w", io.ErrUnexpectedEOF), true}, // the connection cut mid-query
		{fmt.Errorf("q: %w", pgError("57P01")), true},
		{fmt.Errorf("q: %w", pgError("3D000")), true},
		{fmt.Errorf("q: %w", pgError("28P01")), true},
		{fmt.Errorf("q: %w", pgError("23505")), false}, // a unique violation: the request's
		{errors.New("disk on fire"), false},
		{tournament.Errorf(tournament.EINVALID, "error.x"), false},
	} {
		assert.Equal(t, tc.want, site.DatabaseUnreachable(tc.err), "%v", tc.err)
	}
}

type pgError string

func (e pgError) Error() string    { return "ERROR: " + string(e) }
func (e pgError) SQLState() string { return string(e) }

// BenchmarkRequestID: what every answer pays for its X-Request-ID, the public pages'
// fast path included (a made id and the header).
func BenchmarkRequestID(b *testing.B) {
	cf := &site.Config{}
	req := httptest.NewRequest(http.MethodGet, "/p/ABCDEF", nil)
	h := http.Header{}
	b.ReportAllocs()
	for b.Loop() {
		h.Set(site.RequestIDHeader, cf.RequestIDFor(req))
	}
}
