package views

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/views/api/apitest"
	"burraco/views/page"
)

// testApp is the whole web app on a fresh database, served over real HTTP.
type testApp struct {
	t      *testing.T
	store  *db.DB
	srv    *httptest.Server
	server *Server
}

// TestMain runs every test of the package on SQLite, then on PostgreSQL (a schema per
// test), where a server is reachable.
func TestMain(m *testing.M) { os.Exit(dbtest.RunBoth(m)) }

func newTestApp(t *testing.T, opts ...Option) *testApp {
	t.Helper()
	return newTestAppOn(t, dbtest.DSN(t), opts...)
}

// newTestAppOn is the app on the database dsn: a second one on the same dsn is another
// instance of the app.
func newTestAppOn(t *testing.T, dsn string, opts ...Option) *testApp {
	t.Helper()
	store, err := db.Open(dsn)
	require.NoError(t, err)
	return newTestAppWith(t, store, opts...)
}

// newTestAppWith is the app on an open store, closed when the test ends.
func newTestAppWith(t *testing.T, store *db.DB, opts ...Option) *testApp {
	t.Helper()
	t.Cleanup(func() { store.Close() })
	s := New(Services{
		Players:     &tournament.Players{Store: store},
		Auth:        &tournament.Auth{Store: store, Cost: bcrypt.MinCost},
		Scales:      &tournament.Scales{Store: store},
		Tournaments: &tournament.Tournaments{Store: store, Players: store},
		Backup:      store,
		Health:      store,
	}, slog.New(slog.NewTextHandler(io.Discard, nil)), opts...)
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &testApp{t: t, store: store, srv: srv, server: s}
}

// client is a browser-like client: it keeps cookies and does not follow redirects.
type client struct {
	app  *testApp
	http *http.Client
	lang string
}

func (a *testApp) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{app: a, lang: "en", http: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

// response is a finished request with its body read.
type response struct {
	*http.Response
	body string
}

func (r *response) doc(t *testing.T) *goquery.Document {
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(r.body))
	require.NoError(t, err)
	return doc
}

func (c *client) do(req *http.Request) *response {
	c.app.t.Helper()
	if c.lang != "" && req.Header.Get("Accept-Language") == "" {
		req.Header.Set("Accept-Language", c.lang)
	}
	sent := apitest.SentBody(c.app.t, req)
	res, err := c.http.Do(req)
	require.NoError(c.app.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(c.app.t, err)
	apitest.Check(c.app.t, req, sent, res, b) // every /api/v1 exchange as the OpenAPI document says
	return &response{Response: res, body: string(b)}
}

func (c *client) get(path string) *response {
	req, _ := http.NewRequest(http.MethodGet, c.app.srv.URL+path, nil)
	return c.do(req)
}

// csrf returns the client's CSRF token, loading a page first if it has none.
func (c *client) csrf() string {
	u, _ := url.Parse(c.app.srv.URL)
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == page.CSRFCookie {
			return ck.Value
		}
	}
	c.get("/login")
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == page.CSRFCookie {
			return ck.Value
		}
	}
	c.app.t.Fatal("no csrf cookie")
	return ""
}

// post sends a form with the client's CSRF token.
func (c *client) post(path string, form url.Values) *response {
	if form == nil {
		form = url.Values{}
	}
	if _, ok := form["_csrf"]; !ok {
		form.Set("_csrf", c.csrf())
	}
	req, _ := http.NewRequest(http.MethodPost, c.app.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return c.do(req)
}

const testPassword = "password-lunga"

// setup creates the first director through the form and returns the logged-in client.
func (a *testApp) setup() *client {
	c := a.client()
	res := c.post("/setup", url.Values{"username": {"anna"}, "name": {"Anna Verdi"}, "password": {testPassword}, "confirm": {testPassword}})
	require.Equal(a.t, http.StatusSeeOther, res.StatusCode, res.body)
	return c
}

// apiToken creates a token for the first director and returns its secret.
func (a *testApp) apiToken(c *client) string {
	res := c.post("/tokens", url.Values{"name": {"test"}})
	require.Equal(a.t, http.StatusCreated, res.StatusCode)
	secret := res.doc(a.t).Find("#new-token").Text()
	require.NotEmpty(a.t, secret)
	return secret
}

type goqSel = goquery.Selection

// api calls the JSON API with a bearer token and decodes the answer into out.
func (c *client) api(method, path, token, body string, out any) *response {
	c.app.t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, c.app.srv.URL+path, r)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if strings.HasPrefix(body, "{") {
		req.Header.Set("Content-Type", "application/json")
	} else if body != "" {
		req.Header.Set("Content-Type", "text/csv")
	}
	res := c.do(req)
	if out != nil {
		require.NoError(c.app.t, json.Unmarshal([]byte(res.body), out), res.body)
	}
	return res
}

type apiErr struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}
