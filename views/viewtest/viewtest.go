// Package viewtest is the web app's test harness: the whole app on a fresh database,
// served over real HTTP, and a browser-like client. Every views package's tests use it
// (as external tests: package X_test).
package viewtest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/views"
	"burraco/views/api/apitest"
	"burraco/views/page"
)

// App is the whole web app on a fresh database, served over real HTTP.
type App struct {
	T      *testing.T
	Store  *db.DB
	Srv    *httptest.Server
	Server *views.Server
}

// NewApp is the app on a fresh database (a package's TestMain runs it on SQLite, then
// on PostgreSQL: os.Exit(dbtest.RunBoth(m))).
func NewApp(t *testing.T, opts ...views.Option) *App {
	t.Helper()
	return NewAppOn(t, dbtest.DSN(t), opts...)
}

// NewAppOn is the app on the database dsn: a second one on the same dsn is another
// instance of the app.
func NewAppOn(t *testing.T, dsn string, opts ...views.Option) *App {
	t.Helper()
	store, err := db.Open(dsn)
	require.NoError(t, err)
	return NewAppWith(t, store, opts...)
}

// Client is a browser-like client: it keeps cookies and does not follow redirects.
type Client struct {
	App  *App
	HTTP *http.Client
	// Lang is sent as Accept-Language unless a request sets its own ("en" by default).
	Lang string
}

// Client is a new client of the app, with no cookies.
func (a *App) Client() *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{App: a, Lang: "en", HTTP: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

// Response is a finished request with its body read.
type Response struct {
	*http.Response
	Body string
}

// Doc parses the body as HTML.
func (r *Response) Doc(t *testing.T) *goquery.Document {
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(r.Body))
	require.NoError(t, err)
	return doc
}

// Do sends a request and reads its answer.
func (c *Client) Do(req *http.Request) *Response {
	c.App.T.Helper()
	if c.Lang != "" && req.Header.Get("Accept-Language") == "" {
		req.Header.Set("Accept-Language", c.Lang)
	}
	sent := apitest.SentBody(c.App.T, req)
	res, err := c.HTTP.Do(req)
	require.NoError(c.App.T, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(c.App.T, err)
	apitest.Check(c.App.T, req, sent, res, b)
	return &Response{Response: res, Body: string(b)}
}

// Get requests a path of the app.
func (c *Client) Get(path string) *Response {
	req, _ := http.NewRequest(http.MethodGet, c.App.Srv.URL+path, nil)
	return c.Do(req)
}

// CSRF returns the client's CSRF token, loading a page first if it has none.
func (c *Client) CSRF() string {
	u, _ := url.Parse(c.App.Srv.URL)
	for range 2 {
		for _, ck := range c.HTTP.Jar.Cookies(u) {
			if ck.Name == page.CSRFCookie {
				return ck.Value
			}
		}
		c.Get("/login")
	}
	c.App.T.Fatal("no csrf cookie")
	return ""
}

// Post sends a form with the client's CSRF token.
func (c *Client) Post(path string, form url.Values) *Response {
	if form == nil {
		form = url.Values{}
	}
	if _, ok := form[page.CSRFFormField]; !ok {
		form.Set(page.CSRFFormField, c.CSRF())
	}
	req, _ := http.NewRequest(http.MethodPost, c.App.Srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return c.Do(req)
}

// API sends a request to the JSON API with a bearer token (none if empty) and a body
// (JSON when it starts with "{", else CSV), and decodes the answer into out (if not nil).
func (c *Client) API(method, path, token, body string, out any) *Response {
	c.App.T.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, c.App.Srv.URL+path, r)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if strings.HasPrefix(body, "{") {
		req.Header.Set("Content-Type", "application/json")
	} else if body != "" {
		req.Header.Set("Content-Type", "text/csv")
	}
	res := c.Do(req)
	if out != nil {
		require.NoError(c.App.T, json.Unmarshal([]byte(res.Body), out), res.Body)
	}
	return res
}

// APIError is the body of an API error.
type APIError struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}

// Password is the password of the director Setup creates.
const Password = "password-lunga"

// Setup creates the first director (anna) through the form and returns the logged-in client.
func (a *App) Setup() *Client {
	c := a.Client()
	res := c.Post("/setup", url.Values{"username": {"anna"}, "name": {"Anna Verdi"}, "password": {Password}, "confirm": {Password}})
	require.Equal(a.T, http.StatusSeeOther, res.StatusCode, res.Body)
	return c
}

// APIToken creates a token for the director logged in on c and returns its secret.
func (a *App) APIToken(c *Client) string {
	res := c.Post("/tokens", url.Values{"name": {"test"}})
	require.Equal(a.T, http.StatusCreated, res.StatusCode)
	secret := res.Doc(a.T).Find("#new-token").Text()
	require.NotEmpty(a.T, secret)
	return secret
}
