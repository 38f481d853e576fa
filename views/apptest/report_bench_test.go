package apptest_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"burraco/db"
	"burraco/tournament"
	"burraco/views"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// BenchmarkTableReportingNight is a club night's reporting on SQLite over real HTTP: the
// 60 tables of a 180-player game report from one phone and confirm from two others, all
// over half a minute, while the director's round page (with its live part) and the projector poll
// every 100 ms; then the director accepts every confirmed report. Measured side by side
// with the floor, an echo hello-world polled the same way in the same run. Metrics:
// night-s (every table reported and confirmed, the target being under 60 s),
// director-p99-ms and projector-p99-ms (targets under 100 ms), floor-p99-ms (before)
// and floor-during-p99-ms (polled beside them, in the same process: what the machine's
// load alone costs).
// Run: go test ./views/apptest -run '^$' -bench TableReportingNight -benchtime 1x
func BenchmarkTableReportingNight(b *testing.B) {
	for range b.N {
		b.StopTimer()
		srv, tid, codes := reportingNight(b)
		floor := helloFloor(b)
		b.StartTimer()

		// The floor, polled as the director's page is, just before.
		floorLat := poll(b, []string{floor.URL + "/"}, nil, 2*time.Second)
		dir := login(b, srv.URL)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var dirLat, projLat, floorDuring []time.Duration
		wg.Add(3)
		go func() {
			defer wg.Done()
			floorDuring = pollUntil(b, []string{floor.URL + "/"}, nil, stop)
		}()
		go func() {
			defer wg.Done()
			dirLat = pollUntil(b, []string{fmt.Sprintf("%s/tournaments/%d/rounds/2", srv.URL, tid), fmt.Sprintf("%s/tournaments/%d/rounds/2/live?since=0", srv.URL, tid)}, dir, stop)
		}()
		go func() {
			defer wg.Done()
			projLat = pollUntil(b, []string{fmt.Sprintf("%s/p/%d/projector/standings", srv.URL, tid), fmt.Sprintf("%s/p/%d/projector/standings/live?since=0", srv.URL, tid)}, nil, stop)
		}()
		start := time.Now()
		var tables sync.WaitGroup
		for i, tc := range codes {
			tables.Add(1)
			go func() {
				defer tables.Done()
				// The tables finish their games over half a minute (twice the pace of
				// the minute), not in the same millisecond.
				time.Sleep(time.Duration(i) * nightSpread / time.Duration(len(codes)))
				playTable(b, srv.URL, tc)
			}()
		}
		tables.Wait()
		night := time.Since(start)
		res := postForm(b, dir, fmt.Sprintf("%s/tournaments/%d/rounds/2/reports/accept", srv.URL, tid), url.Values{})
		require.Equal(b, http.StatusSeeOther, res.StatusCode)
		close(stop)
		wg.Wait()
		b.ReportMetric(night.Seconds(), "night-s")
		b.ReportMetric(p99(dirLat), "director-p99-ms")
		b.ReportMetric(p99(projLat), "projector-p99-ms")
		b.ReportMetric(p99(floorLat), "floor-p99-ms")
		b.ReportMetric(p99(floorDuring), "floor-during-p99-ms")
		b.ReportMetric(float64(len(dirLat)), "director-reads")
	}
}

// nightSpread is the time over which the tables start reporting.
const nightSpread = 30 * time.Second

// reportingNight serves a published 180-player evening on a fresh SQLite file, game 2
// drawn (60 tables) with table reporting on; it returns the server, the tournament and
// game 2's codes.
func reportingNight(b *testing.B) (*httptest.Server, int64, []tournament.TableCode) {
	store, err := db.Open(filepath.Join(b.TempDir(), "night.db"))
	require.NoError(b, err)
	b.Cleanup(func() { store.Close() })
	s := views.New(views.Services{
		Players:     &tournament.Players{Store: store},
		Auth:        &tournament.Auth{Store: store, Cost: bcrypt.MinCost},
		Scales:      &tournament.Scales{Store: store},
		Tournaments: &tournament.Tournaments{Store: store, Players: store},
	}, slog.New(slog.NewTextHandler(io.Discard, nil)), views.WithPublicRevisionTTL(time.Second))
	_, err = s.Auth.Setup(b.Context(), tournament.DirectorInput{Username: "anna", Name: "Anna", Password: viewtest.Password, Confirm: viewtest.Password})
	require.NoError(b, err)
	pe := seedPublicIn(b, store, 180)
	rs, err := pe.svc.ReportSettings(b.Context(), pe.tid)
	require.NoError(b, err)
	rs.Reporting, rs.PIN = true, tournament.PINRandom
	_, err = pe.svc.SetReportSettings(b.Context(), pe.tid, rs, "anna")
	require.NoError(b, err)
	codes, err := pe.svc.TableCodes(b.Context(), pe.tid, 2)
	require.NoError(b, err)
	require.Len(b, codes, 60)
	srv := httptest.NewServer(s)
	b.Cleanup(srv.Close)
	return srv, pe.tid, codes
}

// helloFloor serves an echo hello-world.
func helloFloor(b *testing.B) *httptest.Server {
	e := echo.New()
	e.GET("/", func(c echo.Context) error { return c.String(http.StatusOK, "hello") })
	srv := httptest.NewServer(e)
	b.Cleanup(srv.Close)
	return srv
}

// newClient is a client with its own cookies that does not follow redirects.
func newClient() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// get reads a page and drops its body.
func get(b *testing.B, c *http.Client, u string) *http.Response {
	res, err := c.Get(u)
	require.NoError(b, err)
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

// postForm sends a form with the client's CSRF token.
func postForm(b *testing.B, c *http.Client, u string, form url.Values) *http.Response {
	pu, _ := url.Parse(u)
	for _, ck := range c.Jar.Cookies(pu) {
		if ck.Name == page.CSRFCookie {
			form.Set(page.CSRFFormField, ck.Value)
		}
	}
	res, err := c.PostForm(u, form)
	require.NoError(b, err)
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

// login is the director's client, logged in.
func login(b *testing.B, base string) *http.Client {
	c := newClient()
	get(b, c, base+"/login")
	res := postForm(b, c, base+"/login", url.Values{"username": {"anna"}, "password": {viewtest.Password}})
	require.Equal(b, http.StatusSeeOther, res.StatusCode)
	return c
}

// playTable is one table's reporting: a phone opens the page and sends the sheet,
// two other phones open it and confirm.
func playTable(b *testing.B, base string, tc tournament.TableCode) {
	page := base + "/t/" + tc.Code
	form := url.Values{"form": {"total"}, "seat": {"1"}, "pin": {tc.PINs[0]}}
	for h := 1; h <= 3; h++ {
		for s, v := range []string{"300", "100", "-100"} {
			form.Set(fmt.Sprintf("h%d.s%d.total", h, s+1), v)
		}
	}
	reporter := newClient()
	get(b, reporter, page)
	res := postForm(b, reporter, page+"/report", form)
	if res.StatusCode != http.StatusSeeOther {
		b.Errorf("table %d: report answered %d", tc.Table, res.StatusCode)
		return
	}
	for seat := 2; seat <= 3; seat++ {
		c := newClient()
		get(b, c, page)
		res := postForm(b, c, page+"/confirm", url.Values{"seat": {fmt.Sprint(seat)}, "pin": {tc.PINs[seat-1]}})
		if res.StatusCode != http.StatusSeeOther {
			b.Errorf("table %d: confirmation of side %d answered %d", tc.Table, seat, res.StatusCode)
		}
	}
}

// poll reads the addresses in turn every 100 ms for d, and returns the latencies.
func poll(b *testing.B, urls []string, c *http.Client, d time.Duration) []time.Duration {
	stop := make(chan struct{})
	time.AfterFunc(d, func() { close(stop) })
	return pollUntil(b, urls, c, stop)
}

// pollUntil reads the addresses in turn every 100 ms until stop, and returns the
// latencies.
func pollUntil(b *testing.B, urls []string, c *http.Client, stop chan struct{}) []time.Duration {
	if c == nil {
		c = newClient()
	}
	var out []time.Duration
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for i := 0; ; i++ {
		u := urls[i%len(urls)]
		t0 := time.Now()
		res := get(b, c, u)
		out = append(out, time.Since(t0))
		if res.StatusCode >= 400 || (strings.Contains(u, "/tournaments/") && res.StatusCode >= 300) {
			b.Errorf("%s answered %d", u, res.StatusCode)
		}
		select {
		case <-stop:
			return out
		case <-tick.C:
		}
	}
}

// p99 is the 99th percentile of latencies, in milliseconds.
func p99(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[(len(s)*99)/100]) / float64(time.Millisecond)
}
