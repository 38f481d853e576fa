package apptest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views"
	"burraco/views/page"
	"burraco/views/public"
	"burraco/views/site"
	"burraco/views/viewtest"
)

// setCookies returns the Set-Cookie lines of a response by cookie name.
func setCookies(res *viewtest.Response) map[string]*http.Cookie {
	out := map[string]*http.Cookie{}
	for _, ck := range res.Cookies() {
		out[ck.Name] = ck
	}
	return out
}

// TestCookiesSecureByOneRule: the CSRF cookie gets Secure exactly when the session
// cookie does: the request came over TLS through a trusted proxy (X-Forwarded-Proto); a
// header from a client that is not a trusted proxy is not believed.
func TestCookiesSecureByOneRule(t *testing.T) {
	loopback, err := site.ParseTrustedProxies("127.0.0.1,::1")
	require.NoError(t, err)
	for _, tc := range []struct {
		name    string
		trusted bool
		proto   string
		secure  bool
	}{
		{"plain http, no proxy", false, "", false},
		{"https claimed by an untrusted client", false, "https", false},
		{"https through the trusted proxy", true, "https", true},
		{"http through the trusted proxy", true, "http", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var opts []views.Option
			if tc.trusted {
				opts = append(opts, views.WithTrustedProxies(loopback))
			}
			app := viewtest.NewApp(t, opts...)
			c := app.Setup()
			send := func(method, path string, form url.Values) *viewtest.Response {
				req, _ := http.NewRequest(method, app.Srv.URL+path, strings.NewReader(form.Encode()))
				if form != nil {
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				}
				if tc.proto != "" {
					req.Header.Set("X-Forwarded-Proto", tc.proto)
				}
				return c.Do(req)
			}
			fresh := app.Client()
			req, _ := http.NewRequest(http.MethodGet, app.Srv.URL+"/login", nil)
			if tc.proto != "" {
				req.Header.Set("X-Forwarded-Proto", tc.proto)
			}
			res := fresh.Do(req)
			csrfCk := setCookies(res)[page.CSRFCookie]
			require.NotNil(t, csrfCk, "the login page sets the CSRF cookie")
			res = send(http.MethodPost, "/login", url.Values{"_csrf": {c.CSRF()}, "username": {"anna"}, "password": {viewtest.Password}})
			require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
			session := setCookies(res)[page.SessionCookie]
			require.NotNil(t, session)
			assert.Equal(t, tc.secure, session.Secure, "session cookie")
			assert.Equal(t, tc.secure, csrfCk.Secure, "CSRF cookie, by the same rule")
		})
	}
}

// TestHealthz: /healthz reads the database (its schema version) and names the release;
// when the database does not answer it says so with a 503, within its timeout, and
// nothing more (no user, host or database name).
func TestHealthz(t *testing.T) {
	app := viewtest.NewApp(t, views.WithVersion("1.4.0"))
	c := app.Client()
	res := c.Get("/healthz")
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	var h struct {
		Status, Version, Error string
		Schema                 int
	}
	require.NoError(t, json.Unmarshal([]byte(res.Body), &h))
	assert.Equal(t, "ok", h.Status)
	assert.Equal(t, "1.4.0", h.Version)
	want, err := app.Store.SchemaVersion(t.Context())
	require.NoError(t, err)
	assert.Positive(t, want)
	assert.Equal(t, want, h.Schema)

	require.NoError(t, app.Store.Close())
	res = c.Get("/healthz")
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode, res.Body)
	h = struct {
		Status, Version, Error string
		Schema                 int
	}{}
	require.NoError(t, json.Unmarshal([]byte(res.Body), &h))
	assert.Equal(t, "unavailable", h.Status)
	assert.Empty(t, h.Error, "the cause goes to the log, not to the public")
	assert.NotContains(t, res.Body, "database")
	assert.Equal(t, "1.4.0", h.Version)
}

// A health check that never answers is cut at healthTimeout: here at once.
type stuckHealth struct{}

func (stuckHealth) SchemaVersion(ctx context.Context) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, 0) // as when healthTimeout has passed
	defer cancel()
	<-ctx.Done()
	return 0, fmt.Errorf("read the schema version: %w", ctx.Err())
}

func TestHealthzTimesOut(t *testing.T) {
	s := views.New(views.Services{Health: stuckHealth{}}, nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil))
	assert.Equal(t, http.StatusServiceUnavailable, rec.Code)
	assert.Equal(t, "5", rec.Header().Get("Retry-After"))
	assert.JSONEq(t, `{"status":"unavailable","version":""}`, rec.Body.String(), "nothing of the database")

	// A monitor that gives up first is a canceled request, not a database failure.
	var logs bytes.Buffer
	s = views.New(views.Services{Health: stuckHealth{}}, slog.New(slog.NewTextHandler(&logs, nil)))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil).WithContext(ctx))
	assert.Equal(t, 499, rec.Code)
	assert.NotContains(t, logs.String(), "level=ERROR")
	assert.Contains(t, logs.String(), `msg="request canceled: the client went away"`)
}

// TestVersionInFooter: every director page names the release in its footer.
func TestVersionInFooter(t *testing.T) {
	app := viewtest.NewApp(t, views.WithVersion("1.4.0"))
	c := app.Setup()
	for _, path := range []string{"/login", "/tournaments", "/players"} {
		doc := c.Get(path).Doc(t)
		assert.Equal(t, "Burraco TD 1.4.0", strings.TrimSpace(doc.Find("footer.site-footer").Text()), path)
	}
}

// TestPublicAddressForPhones: the QR code and the table tent give phones an address
// they can open: -public-url when set; the LAN address when the app listens on every
// interface and the director browses it as localhost; the address browsed otherwise.
// When that is this machine's loopback (the app listens on localhost only), the
// tournament page and the tent warn, in the reader's language, and say how to listen
// on the network.
func TestPublicAddressForPhones(t *testing.T) {
	lan := func() string { return "192.168.1.20" }
	for _, tc := range []struct {
		name     string
		opts     []views.Option
		host     string // the Host the director's browser sends ("" the test server's)
		want     string // the public address, %s the test server's port
		warn     bool
		lang, in string // the warning's language and a phrase it must contain
	}{
		{"localhost only", []views.Option{views.WithListenAddr("localhost:8080")}, "", "http://127.0.0.1:%s/p/%d", true, "en", "-addr :8080"},
		{"localhost only, in Italian", []views.Option{views.WithListenAddr("127.0.0.1:8080")}, "localhost:8080", "http://localhost:8080/p/%[2]d", true, "it", "I telefoni non possono"},
		{"every interface, browsed as localhost", []views.Option{views.WithListenAddr(":8080")}, "localhost:8080", "http://192.168.1.20:8080/p/%[2]d", false, "", ""},
		{"every interface, browsed by LAN address", []views.Option{views.WithListenAddr("0.0.0.0:8080")}, "192.168.1.20:8080", "http://192.168.1.20:8080/p/%[2]d", false, "", ""},
		{"behind a proxy", []views.Option{views.WithListenAddr("127.0.0.1:8081"), views.WithPublicURL("https://torneo.example.org/")}, "", "https://torneo.example.org/p/%[2]d", false, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := viewtest.NewApp(t, append(tc.opts, views.WithLANAddress(lan))...)
			c := app.Setup()
			if tc.lang != "" {
				c.Lang = tc.lang
			}
			base := viewtest.TournamentWithEntries(t, c, 0)
			var tid int64
			_, err := fmt.Sscanf(base, "/tournaments/%d", &tid)
			require.NoError(t, err)
			u, _ := url.Parse(app.Srv.URL)
			want := fmt.Sprintf(tc.want, u.Port(), tid)
			get := func(path string) *viewtest.Response {
				req, _ := http.NewRequest(http.MethodGet, app.Srv.URL+path, nil)
				if tc.host == "" {
					return c.Do(req)
				}
				// The browser's cookies for the address it typed (the jar keys on Host).
				req.Host = tc.host
				for _, ck := range c.HTTP.Jar.Cookies(u) {
					req.AddCookie(ck)
				}
				return c.Do(req)
			}

			tent := get(base + "/tent")
			require.Equal(t, http.StatusOK, tent.StatusCode, tent.Header.Get("Location"))
			doc := tent.Doc(t)
			assert.Equal(t, want, strings.TrimSpace(doc.Find(".tent-url").First().Text()), "the tent's address")
			qr := get(base + "/qr.svg")
			svg, err := public.QRSVG(want)
			require.NoError(t, err)
			assert.Equal(t, string(svg), qr.Body, "the QR code holds the same address")

			page := get(base).Doc(t)
			for name, d := range map[string]*goquery.Selection{"tent": doc.Selection, "tournament page": page.Selection} {
				w := d.Find(".unreachable")
				if !tc.warn {
					assert.Zero(t, w.Length(), name)
					continue
				}
				require.Equal(t, 1, w.Length(), name)
				assert.True(t, w.HasClass("no-print"), "%s: on screen, not on paper", name)
				assert.Contains(t, w.Text(), tc.in, name)
				assert.Contains(t, w.Text(), strings.TrimSuffix(want, fmt.Sprintf("/p/%d", tid)), name)
			}
		})
	}
}

// TestLateCommandIsNotSaved: a change whose request started longer than the command
// timeout ago (X-Request-Start from the trusted proxy: the instance hung, the proxy gave
// up and told the user) is rolled back, never saved late, with a clear 503, on a form
// and in the API. A fresh request is saved; the header from an untrusted client is
// ignored.
func TestLateCommandIsNotSaved(t *testing.T) {
	loopback, err := site.ParseTrustedProxies("127.0.0.1,::1")
	require.NoError(t, err)
	app := viewtest.NewApp(t, views.WithTrustedProxies(loopback), views.WithCommandTimeout(10*time.Second))
	c := app.Setup()
	tok := app.APIToken(c)
	late := fmt.Sprintf("t=%.3f", float64(time.Now().Add(-11*time.Second).UnixMilli())/1000)

	form := func(start, name string) *viewtest.Response {
		f := url.Values{"_csrf": {c.CSRF()}, "first_name": {name}, "last_name": {"Verdi"}}
		req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+"/players", strings.NewReader(f.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Request-Start", start)
		return c.Do(req)
	}
	res := form(late, "Tarda")
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode)
	assert.Contains(t, res.Body, "took too long to answer, so this was not saved")
	req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+"/api/v1/players", strings.NewReader(`{"first_name":"Tardiva","last_name":"Verdi"}`))
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Start", late)
	res = c.Do(req)
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode)
	assert.Contains(t, res.Body, `"code":"unavailable"`)
	assert.Contains(t, res.Body, "was not saved")
	ps, err := app.Store.AllPlayers(t.Context())
	require.NoError(t, err)
	assert.Empty(t, ps, "nothing saved late")

	res = form(fmt.Sprintf("t=%.3f", float64(time.Now().UnixMilli())/1000), "Puntuale") // fresh: stamped now (a slow machine took seconds above)
	assert.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	ps, _ = app.Store.AllPlayers(t.Context())
	assert.Len(t, ps, 1)

	// A tournament command (the store's other write path): a late draw is not made; the
	// same draw in time is.
	base := viewtest.TournamentWithEntries(t, c, 6)
	draw := func(start string) *viewtest.Response {
		req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+"/api/v1"+base+"/draw", strings.NewReader(`{"seed":7,"round":1}`))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Request-Start", start)
		return c.Do(req)
	}
	res = draw(late)
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode, res.Body)
	var tid int64
	_, err = fmt.Sscanf(base, "/tournaments/%d", &tid)
	require.NoError(t, err)
	ev, err := app.Store.Load(t.Context(), tid)
	require.NoError(t, err)
	assert.Empty(t, ev.Rounds, "the late draw was rolled back")
	res = draw(fmt.Sprintf("t=%.3f", float64(time.Now().UnixMilli())/1000))
	assert.Equal(t, http.StatusCreated, res.StatusCode, res.Body)

	untrusted := viewtest.NewApp(t, views.WithCommandTimeout(10*time.Second))
	uc := untrusted.Setup()
	f := url.Values{"_csrf": {uc.CSRF()}, "first_name": {"Anna"}, "last_name": {"Verdi"}}
	req, _ = http.NewRequest(http.MethodPost, untrusted.Srv.URL+"/players", strings.NewReader(f.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Request-Start", late)
	res = uc.Do(req)
	assert.Equal(t, http.StatusSeeOther, res.StatusCode, "a client that is not a trusted proxy cannot age its request")
}

// TestBrowserUnreachableWarning looks at the warning where the director sees it: the
// tournament page's public box and the table tent on screen (not on its printed page).
func TestBrowserUnreachableWarning(t *testing.T) {
	ctx := browser(t, 1200, 900)
	app := viewtest.NewApp(t, views.WithListenAddr("localhost:8080"), views.WithVersion("1.4.0"))
	c := app.Setup()
	base := viewtest.TournamentWithEntries(t, c, 0)
	loginInBrowser(t, ctx, app.Srv.URL)
	do(t, ctx, chromedp.Navigate(app.Srv.URL+base), chromedp.WaitVisible(`.public-panel .unreachable`))
	assert.Contains(t, text(t, ctx, ".public-panel .unreachable"), "I telefoni non possono aprire questo indirizzo")
	assert.Equal(t, "Burraco TD 1.4.0", text(t, ctx, "footer.site-footer"))
	shot(t, ctx, "unreachable-panel")
	do(t, ctx, chromedp.Navigate(app.Srv.URL+base+"/tent"), chromedp.WaitVisible(`.unreachable`))
	shot(t, ctx, "unreachable-tent")
	printMedia(t, ctx, true)
	assert.False(t, run(t, ctx, chromedp.Evaluate[bool](`document.querySelector(".unreachable").offsetHeight > 0`)), "not on the printed tent")
}

// The table cards and score sheets of a reporting evening carry QR codes and the
// address to type: when that address is this machine's loopback (the app listens on
// localhost only), they warn on screen, as the tournament's page does, before the
// director prints cards no phone can open. Without reporting they carry no address,
// and no warning.
func TestUnreachableWarningOnTableCards(t *testing.T) {
	app := viewtest.NewApp(t, views.WithListenAddr("127.0.0.1:8080"))
	c := app.Setup()
	game, _ := oneTableReporting(t, c)
	for _, p := range []string{"/cards", "/sheets"} {
		doc := c.Get(game + p).Doc(t)
		assert.Contains(t, doc.Find(".unreachable.no-print").Text(), "-addr :8080", p)
	}
	_, plain := viewtest.Drawn(t, c, 3)
	assert.Zero(t, c.Get(plain+"/cards").Doc(t).Find(".unreachable").Length(), "no reporting, no address printed")
}
