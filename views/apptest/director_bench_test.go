package apptest_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
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

	reads := []struct {
		name, path string
		html       bool
	}{
		{"read=standings-json", api + "/standings", false},
		{"read=overview-json", api, false},
		{"read=round-json", api + "/rounds/1", false},
		{"read=history-json", api + "/history", false},
		{"read=standings-html", html + "/standings", true},
		{"read=round-html", html + "/rounds/1", true},
		{"read=overview-html", html, true},
		{"read=history-html", html + "/history", true},
	}
	floorReq := func() *http.Request {
		q := httptest.NewRequest(http.MethodGet, "/", nil)
		q.Header.Set("Accept-Language", "it")
		return q
	}
	for _, r := range reads {
		b.Run(r.name, func(b *testing.B) {
			req := func() *http.Request {
				q := httptest.NewRequest(http.MethodGet, r.path, nil)
				q.Header.Set("Accept-Language", "it")
				if r.html {
					q.AddCookie(&http.Cookie{Name: page.SessionCookie, Value: session})
					q.AddCookie(&http.Cookie{Name: page.CSRFCookie, Value: csrf})
				} else {
					q.Header.Set("Authorization", "Bearer "+token)
				}
				return q
			}
			w := &discard{header: http.Header{}}
			s.ServeHTTP(w, req()) // kept before the measure
			require.Equal(b, http.StatusOK, w.code, r.path)
			// Each client sends the hello-world and the read in turn, timing each: the
			// machine's load moves both alike, and the medians are compared.
			var mu sync.Mutex
			var readNs, floorNs []int64
			b.SetParallelism(16)
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				var rs, fs []int64
				for pb.Next() {
					t0 := time.Now()
					w := &discard{header: http.Header{}}
					hello.ServeHTTP(w, floorReq())
					t1 := time.Now()
					w = &discard{header: http.Header{}}
					s.ServeHTTP(w, req())
					t2 := time.Now()
					if w.code != http.StatusOK {
						b.Fatalf("status %d", w.code)
					}
					fs, rs = append(fs, t1.Sub(t0).Nanoseconds()), append(rs, t2.Sub(t1).Nanoseconds())
				}
				mu.Lock()
				readNs, floorNs = append(readNs, rs...), append(floorNs, fs...)
				mu.Unlock()
			})
			rm, fm := median(readNs), median(floorNs)
			b.ReportMetric(rm/1000, "read-us")
			b.ReportMetric(fm/1000, "floor-us")
			if rm > 0 {
				b.ReportMetric(100*fm/rm, "pct-of-floor")
			}
		})
	}
}

// median is the middle of the values (0 for none).
func median(v []int64) float64 {
	if len(v) == 0 {
		return 0
	}
	slices.Sort(v)
	return float64(v[len(v)/2])
}

// BenchmarkDirectorReadCost is what one director's read costs the app, one request at a
// time (no client waiting on another's shared read): the CPU time (cpu-ns/op: the
// process's, which other programs on a busy machine do not move as they move ns/op) and
// allocs/op of each read through the whole app (every middleware, the check with the
// stamp, the kept bytes written), beside echo's hello-world in the same run (read=floor).
// The request is made once and sent again, so that the figures are the app's alone.
//
//	go test -run '^$' -bench 'DirectorReadCost' -benchmem ./views/apptest/
func BenchmarkDirectorReadCost(b *testing.B) {
	s, pe := benchPublicApp(b)
	ctx := b.Context()
	d, session, err := s.Auth.Login(ctx, "anna", viewtest.Password, "127.0.0.1")
	require.NoError(b, err)
	_, token, err := s.Auth.CreateToken(ctx, d.ID, "bench")
	require.NoError(b, err)
	hello := echo.New()
	hello.GET("/", func(c echo.Context) error { return c.String(http.StatusOK, "hello") })
	api := fmt.Sprintf("/api/v1/tournaments/%d", pe.tid)
	html := fmt.Sprintf("/tournaments/%d", pe.tid)
	reads := []struct {
		name, path string
		h          http.Handler
		auth       string // "token", "session" or ""
	}{
		{"read=floor", "/", hello, ""},
		{"read=standings-json", api + "/standings", s, "token"},
		{"read=overview-json", api, s, "token"},
		{"read=public-standings-json", fmt.Sprintf("/api/v1/public/tournaments/%d/standings", pe.tid), s, ""},
		{"read=standings-html", html + "/standings", s, "session"},
		{"read=round-html", html + "/rounds/1", s, "session"},
	}
	for _, r := range reads {
		b.Run(r.name, func(b *testing.B) {
			q := httptest.NewRequest(http.MethodGet, r.path, nil)
			q.Header.Set("Accept-Language", "it")
			q.Header.Set("Accept-Encoding", "gzip")
			switch r.auth {
			case "token":
				q.Header.Set("Authorization", "Bearer "+token)
			case "session":
				q.AddCookie(&http.Cookie{Name: page.SessionCookie, Value: session})
				q.AddCookie(&http.Cookie{Name: page.CSRFCookie, Value: "Bench0123456789abcdefghijklmnopq"})
			}
			w := &discard{header: http.Header{}}
			r.h.ServeHTTP(w, q) // kept before the measure
			require.Equal(b, http.StatusOK, w.code, r.path)
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuTime()
			for b.Loop() {
				w := &discard{header: make(http.Header, 16)}
				r.h.ServeHTTP(w, q)
				if w.code != http.StatusOK {
					b.Fatalf("status %d", w.code)
				}
			}
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
