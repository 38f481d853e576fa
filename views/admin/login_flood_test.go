package admin_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/views"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// floodApp is the app with real bcrypt cost, behind a "proxy" on loopback so that each
// flooding request can claim its own address and no throttle ever stops it: every
// attempt costs a full password check unless the check bound refuses it.
func floodApp(t *testing.T, maxChecks int) *viewtest.App {
	store, err := db.Open(dbtest.DSN(t))
	require.NoError(t, err)
	t.Cleanup(func() { store.Close() })
	s := views.New(views.Services{
		Players:     &tournament.Players{Store: store},
		Auth:        &tournament.Auth{Store: store, Cost: bcrypt.DefaultCost, MaxChecks: maxChecks},
		Scales:      &tournament.Scales{Store: store},
		Tournaments: &tournament.Tournaments{Store: store, Players: store},
	}, slog.New(slog.NewTextHandler(io.Discard, nil)), views.WithTrustedProxies(mustNets(t, "127.0.0.1,::1")))
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &viewtest.App{T: t, Store: store, Srv: srv, Server: s}
}

// pageTimes appends the latencies of up to n sequential GETs of an authenticated page,
// taking at most budget.
func pageTimes(t *testing.T, c *viewtest.Client, d []time.Duration, n int, budget time.Duration) []time.Duration {
	end := time.Now().Add(budget)
	for i := 0; i < n && time.Now().Before(end); i++ {
		start := time.Now()
		res := c.Get("/players")
		d = append(d, time.Since(start))
		require.Equal(t, http.StatusOK, res.StatusCode)
	}
	return d
}

func p99(d []time.Duration) time.Duration {
	slices.Sort(d)
	return d[(len(d)*99+99)/100-1]
}

// floodLogins sends wrong-password logins from `workers` goroutines, each request
// claiming a fresh address, until stop is closed; it returns how many were answered.
func floodLogins(t *testing.T, app *viewtest.App, workers int, stop <-chan struct{}) (wait func() (sent, refused int64)) {
	var wg sync.WaitGroup
	var sentN, refusedN atomic.Int64
	csrf := app.Client().CSRF()
	tr := &http.Transport{MaxIdleConnsPerHost: workers}
	hc := &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	u, _ := url.Parse(app.Srv.URL)
	for w := range workers {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				form := url.Values{"username": {"anna"}, "password": {"wrong"}, "_csrf": {csrf}}
				req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+"/login", strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", w, i/250%250, i%250+1))
				req.AddCookie(&http.Cookie{Name: page.CSRFCookie, Value: csrf})
				req.Host = u.Host
				res, err := hc.Do(req)
				if err != nil {
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				sentN.Add(1)
				if res.StatusCode == http.StatusTooManyRequests {
					refusedN.Add(1)
				}
			}
		})
	}
	return func() (int64, int64) {
		wg.Wait()
		tr.CloseIdleConnections()
		return sentN.Load(), refusedN.Load()
	}
}

// TestPagesStayFastDuringLoginFlood is issue 9's figure: the p99 latency of an
// authenticated page (GET /players, sequential requests over loopback) while 16
// goroutines send wrong-password logins as fast as they can (each with a fresh address,
// real bcrypt cost) stays within 2x of the idle p99 (with a 2 ms floor for timer noise).
//
// Idle and flooded blocks of 50 requests alternate 5 times, so that load from outside
// the test (other processes on the machine) falls on both figures alike; on a shared
// machine one attempt can still be spoiled by an outside burst, so the test passes if
// one of 3 attempts meets the bound. Without the bound on concurrent password checks
// no attempt comes close (BURRACO_FLOOD_COMPARE=1 logs that figure too; on the 2-core
// development machine: 1.5 ms idle vs 335 ms flooded, against 1.6 ms vs 2.1 ms bounded).
//
// It measures speed, so it is not part of the default suite (speed targets are not timed
// tests here: a loaded machine must not turn CI red); run it with BURRACO_FLOOD=1:
//
//	BURRACO_FLOOD=1 go test -run TestPagesStayFastDuringLoginFlood -v ./views/
func TestPagesStayFastDuringLoginFlood(t *testing.T) {
	if os.Getenv("BURRACO_FLOOD") == "" {
		t.Skip("a speed measurement: run with BURRACO_FLOOD=1 (floods the login with real bcrypt)")
	}
	measure := func(maxChecks int) (idle, flooded time.Duration, sent, refused int64) {
		app := floodApp(t, maxChecks)
		c := app.Setup()
		pageTimes(t, c, nil, 30, 2*time.Second) // warm up
		var idleD, floodD []time.Duration
		for range 5 {
			idleD = pageTimes(t, c, idleD, 50, time.Second)
			stop := make(chan struct{})
			wait := floodLogins(t, app, 16, stop)
			time.Sleep(100 * time.Millisecond) // let the flood build up
			floodD = pageTimes(t, c, floodD, 50, 2*time.Second)
			close(stop)
			s, r := wait()
			sent, refused = sent+s, refused+r
		}
		return p99(idleD), p99(floodD), sent, refused
	}
	if os.Getenv("BURRACO_FLOOD_COMPARE") != "" {
		idle, flooded, sent, _ := measure(1000)
		t.Logf("unbounded checks (for comparison): idle p99 %v, during flood p99 %v (%d logins)", idle, flooded, sent)
	}
	for attempt := 1; ; attempt++ {
		idle, flooded, sent, refused := measure(0)
		t.Logf("attempt %d, bounded checks: idle p99 %v, during flood p99 %v (%d logins, %d refused 429)", attempt, idle, flooded, sent, refused)
		if flooded <= max(2*idle, 2*time.Millisecond) || attempt == 3 {
			assert.LessOrEqual(t, flooded, max(2*idle, 2*time.Millisecond), "page p99 during a login flood stays within 2x idle")
			return
		}
	}
}

// TestLoginFloodAdmitsDirector is issue 18's: behind a trusted proxy, 16 clients send
// wrong passwords for the director's username as fast as they can, each attempt from a
// fresh X-Forwarded-For (so no throttle stops them, real bcrypt cost, one check at a
// time); meanwhile the director logs in with the right password, each time from an
// address never seen. Every login is admitted (a 303 to the app, never 429 "Too many
// logins at once"); the p99 of its latency is logged (not asserted: no timed tests).
// Before the fix 6 of 13 were refused and the others waited about a second.
func TestLoginFloodAdmitsDirector(t *testing.T) {
	tries := 10
	if os.Getenv("BURRACO_FLOOD") != "" {
		tries = 100 // the measurement in docs/SECURITY.md
	}
	app := floodApp(t, 1)
	app.Setup() // the director's first login, from the proxy's own address
	stop := make(chan struct{})
	wait := floodLogins(t, app, 16, stop)
	time.Sleep(200 * time.Millisecond) // let the flood fill the checks
	var took []time.Duration
	for i := range tries {
		c := app.Client()
		form := url.Values{"username": {"anna"}, "password": {viewtest.Password}, "_csrf": {c.CSRF()}}
		req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+"/login", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("192.168.%d.%d", i/250, i%250+1))
		start := time.Now()
		res := c.Do(req)
		took = append(took, time.Since(start))
		assert.Equal(t, http.StatusSeeOther, res.StatusCode, "login %d during the flood: %s", i, res.Body)
	}
	close(stop)
	sent, refused := wait()
	t.Logf("%d correct logins during a flood of %d wrong ones (%d refused 429): p99 %v, slowest %v",
		tries, sent, refused, p99(took), slices.Max(took))
}
