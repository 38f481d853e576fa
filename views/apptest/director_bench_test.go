package apptest_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
	"burraco/views/viewtest"
)

// BenchmarkDirectorReads (issue 35): a director's reads of a 48-player evening through
// the whole app (every middleware, the token's or the session's check, the stamp's
// read), answered from what the revision computed, beside the floor measured in the same
// run: echo's hello-world. 32 concurrent clients (RunParallel at 16 per core on 2 cores).
// Each read reports pct-of-floor, its rate as a share of the floor's (targets: JSON ≥ 50 %,
// HTML ≥ 30 %, on a quiet machine).
//
//	go test -run '^$' -bench 'DirectorReads' -benchtime 2s ./views/apptest/
func BenchmarkDirectorReads(b *testing.B) {
	s, pe := benchPublicApp(b)
	ctx := b.Context()
	d, session, err := s.Auth.Login(ctx, "anna", viewtest.Password, "127.0.0.1")
	require.NoError(b, err)
	_, token, err := s.Auth.CreateToken(ctx, d.ID, "bench")
	require.NoError(b, err)
	csrf := "Bench0123456789abcdefghijklmnopq"
	api := fmt.Sprintf("/api/v1/tournaments/%d", pe.tid)
	html := fmt.Sprintf("/tournaments/%d", pe.tid)
	hello := echo.New()
	hello.GET("/", func(c echo.Context) error { return c.String(http.StatusOK, "hello") })

	var floor float64 // the hello-world's ns a request, measured first
	reads := []struct {
		name, path string
		h          http.Handler
		html       bool
	}{
		{"floor=hello-world", "/", hello, false},
		{"read=standings-json", api + "/standings", s, false},
		{"read=overview-json", api, s, false},
		{"read=round-json", api + "/rounds/1", s, false},
		{"read=history-json", api + "/history", s, false},
		{"read=standings-html", html + "/standings", s, true},
		{"read=round-html", html + "/rounds/1", s, true},
		{"read=overview-html", html, s, true},
		{"read=history-html", html + "/history", s, true},
		{"floor=hello-world-again", "/", hello, false},
	}
	for _, r := range reads {
		b.Run(r.name, func(b *testing.B) {
			req := func() *http.Request {
				q := httptest.NewRequest(http.MethodGet, r.path, nil)
				q.Header.Set("Accept-Language", "it")
				if r.h == hello {
					return q
				}
				if r.html {
					q.AddCookie(&http.Cookie{Name: page.SessionCookie, Value: session})
					q.AddCookie(&http.Cookie{Name: page.CSRFCookie, Value: csrf})
				} else {
					q.Header.Set("Authorization", "Bearer "+token)
				}
				return q
			}
			w := &discard{header: http.Header{}}
			r.h.ServeHTTP(w, req()) // kept before the measure
			require.Equal(b, http.StatusOK, w.code, r.path)
			b.SetParallelism(16)
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					w := &discard{header: http.Header{}}
					r.h.ServeHTTP(w, req())
					if w.code != http.StatusOK {
						b.Fatalf("status %d", w.code)
					}
				}
			})
			ns := float64(time.Since(start).Nanoseconds()) / float64(b.N)
			if r.name == reads[0].name {
				floor = ns // its last run, the one measured
			}
			if r.h == hello {
				return
			}
			if floor > 0 {
				b.ReportMetric(100*floor/ns, "pct-of-floor")
			}
		})
	}
}
