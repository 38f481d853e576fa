package apptest_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/tournament/clubs"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// The authorisation matrix (issue 38): every route the server registers, for a director
// of club A, a director of club B, a federation officer and the public, on the data of
// both clubs. A new route is covered without editing the test (echo's routes are
// enumerated); its path parameters are filled from the fixtures by name.

// Words that mark a club's data in every body: a director of the other club must never
// see them; secret marks what no one published (the public must never see it).
const (
	markA  = "Alfaqui"
	markB  = "Betazeta"
	secret = "Segretissimo"
)

// clubFixture is one club's data: a published tournament and an unpublished one (each
// with players, entries and round 1 drawn), a season (unpublished), a scale, its
// director and their session, token and token's id.
type clubFixture struct {
	club           clubs.Club
	mark           string
	published      int64 // tournament
	hidden         int64 // tournament, unpublished
	entryP, entryH int64 // an entry of each
	player         int64 // a player of the published tournament
	season, scale  int64
	director       int64
	tokenID        int64
	caller         *caller
}

// caller is who sends the requests: a browser session and an API token (none for the
// public).
type caller struct {
	name   string
	c      *viewtest.Client
	token  string
	club   *clubFixture // the club they direct (nil: officer, public)
	public bool
}

func (k *caller) login(t *testing.T, username string) {
	res := k.c.Post("/login", url.Values{"username": {username}, "password": {viewtest.Password}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	var tok struct{ Secret string }
	res = k.c.API("POST", "/api/v1/login", "", fmt.Sprintf(`{"username":%q,"password":%q,"token_name":"matrix"}`, username, viewtest.Password), &tok)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	k.token = tok.Secret
}

// send makes one request as the caller, outside the harness's document check (the
// matrix sends bodies no client would: "{}" to every write).
func (k *caller) send(t *testing.T, method, path string) (int, string) {
	t.Helper()
	status, body, _ := k.sendFlash(t, method, path)
	return status, body
}

// sendFlash is send, also giving the flash message's key a redirect leaves (a form
// refused by a flash: "error.not_found").
func (k *caller) sendFlash(t *testing.T, method, path string) (int, string, string) {
	t.Helper()
	srv := k.c.App.Srv.URL
	var body io.Reader
	api := strings.HasPrefix(path, "/api/")
	form := ""
	if method != http.MethodGet {
		if api {
			body = strings.NewReader("{}")
		} else {
			form = url.Values{page.CSRFFormField: {k.c.CSRF()}}.Encode()
			body = strings.NewReader(form)
		}
	}
	req, err := http.NewRequest(method, srv+path, body)
	require.NoError(t, err)
	req.Header.Set("Accept-Language", "en")
	if method != http.MethodGet {
		if api {
			req.Header.Set("Content-Type", "application/json")
		} else {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
	}
	if api && k.token != "" {
		req.Header.Set("Authorization", "Bearer "+k.token)
	}
	res, err := k.c.HTTP.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	flash := ""
	for _, ck := range res.Cookies() {
		if ck.Name == page.FlashCookie && ck.Value != "" {
			v, _ := base64.RawURLEncoding.DecodeString(ck.Value)
			flash, _, _ = strings.Cut(string(v), "\x1f")
		}
	}
	return res.StatusCode, string(b), flash
}

// newClubFixture makes a club with its director and data, through the officer's API and
// the director's.
func newClubFixture(t *testing.T, app *viewtest.App, officer *caller, slug, mark string) *clubFixture {
	t.Helper()
	f := &clubFixture{mark: mark}
	res := officer.c.API("POST", "/api/v1/clubs", officer.token, fmt.Sprintf(`{"slug":%q,"name":"Circolo %s","region":"Lazio"}`, slug, mark), &f.club)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	username := "dir-" + slug
	var d struct{ ID int64 }
	res = officer.c.API("POST", fmt.Sprintf("/api/v1/clubs/%d/directors/new", f.club.ID), officer.token,
		fmt.Sprintf(`{"username":%q,"name":"Direttore %s","password":%q,"confirm":%q}`, username, mark, viewtest.Password, viewtest.Password), &d)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	f.director = d.ID
	k := &caller{name: "director of " + slug, c: app.Client(), club: f}
	k.login(t, username)
	f.caller = k
	var toks struct{ Tokens []struct{ ID int64 } }
	res = k.c.API("GET", "/api/v1/tokens", k.token, "", &toks)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.NotEmpty(t, toks.Tokens)
	f.tokenID = toks.Tokens[0].ID

	pub := viewtest.NewPairsEvening(t, k.c, k.token, []string{mark + " Mario", mark + " Anna", mark + " Luca", mark + " Ada"}, 2)
	hid := viewtest.NewPairsEvening(t, k.c, k.token, []string{mark + " " + secret + "uno", mark + " " + secret + "due", mark + " " + secret + "tre", mark + " " + secret + "quattro"}, 2)
	f.published, f.hidden = viewtest.IDFrom(pub.HTML), viewtest.IDFrom(hid.HTML)
	f.entryP, f.entryH, f.player = pub.Pairs[0], hid.Pairs[0], pub.Players[0]
	for _, ev := range []*viewtest.PairsEvening{pub, hid} {
		res = k.c.API("PUT", ev.API, k.token, fmt.Sprintf(`{"name":"%s %s","date":"2026-11-24","format":"test2","settings":{"games":2,"hands":1}}`, mark, map[bool]string{true: "Pubblico", false: secret}[ev == pub]), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
		res = k.c.API("POST", ev.API+"/draw", k.token, `{"seed":1}`, nil)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	}
	res = k.c.API("PUT", pub.API+"/published", k.token, `{"published":true}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	var s struct{ ID int64 }
	res = k.c.API("POST", "/api/v1/seasons", k.token, fmt.Sprintf(`{"name":"Stagione %s %s","from":"2026-09-01","to":"2027-06-30","tournaments":[%d]}`, mark, secret, f.published), &s)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	f.season = s.ID
	var sc struct{ ID int64 }
	res = k.c.API("POST", "/api/v1/scales", k.token, fmt.Sprintf(`{"name":"Scala %s %s","bands":[{"from":0,"to":50,"winner":10,"loser":10},{"from":55,"to":null,"winner":20,"loser":0}]}`, mark, secret), &sc)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	f.scale = sc.ID
	return f
}

// paramRE finds a path's parameters.
var paramRE = regexp.MustCompile(`:[a-z]+`)

// unfillable are the parameters no fixture gives a real value: the path is still sent
// (with a value that names nothing), and must still refuse; listed with the reason.
var unfillable = map[string]string{
	":rid":  "a table report's id: the fixtures report no table (reports are the phone's, tested in table_*)",
	":code": "a table's code: the fixtures turn no reporting on; /t/{code} authenticates by code and PIN, not by club",
}

// skipped are routes the matrix does not send, with the reason.
var skipped = map[string]string{
	"POST /logout":       "ends the caller's session (the rest of the matrix needs it)",
	"POST /login":        "the login form: counts failed logins toward the throttle; no club data",
	"POST /api/v1/login": "as POST /login",
}

// noops are writes that change nothing here and so answer 2xx to a caller who may read
// but not write (the officer): the snapshot at the end proves nothing changed.
var noops = map[string]string{
	"POST /api/v1/tournaments/:id/rounds/:n/reports/accept": "accepts the confirmed reports: the fixtures have none, so the officer (who reads the queue) gets an empty list; a confirmed one would be refused by the store (EFORBIDDEN) and left",
	"POST /tournaments/:id/rounds/:n/reports/accept":        "the page twin of the above",
	"POST /tournaments/:id/rounds/:n/tables/:t/preview":     "a sheet's preview: computes, writes nothing",
	"POST /tournaments/:id/rounds/:n/tables/:t/switch":      "the sheet shown in another form: writes nothing",
	"POST /players/:id/activate":                            "the player is active already: Players.SetActive writes nothing (deactivating is refused)",
	"POST /api/v1/players/:id/activate":                     "as POST /players/:id/activate",
	"POST /api/v1/scales/:id/copy":                          "the officer copies a scale they read into their own club (club 1): no data of the scale's club is written",
}

// federationWide are the routes whose answer is the federation's published data across
// clubs, the same for every director as for the public (the national ranking: its
// lines are every club's published evenings' players, its filter names every club, as
// /c/{slug} does): another club's name may appear there, never what it did not publish.
var federationWide = map[string]string{
	"GET /api/v1/ranking": "the national ranking, as /api/v1/public/ranking shows it to anyone",
}

// officerOnly are the pages a federation officer alone may open: a club's director is
// refused (403 or 404) even though they name no club's data.
func officerOnly(path string) bool {
	return strings.Contains(path, "clubs") || strings.HasPrefix(path, "/ranking/") || strings.HasPrefix(path, "/api/v1/ranking/") ||
		strings.HasPrefix(path, "/national") || strings.HasPrefix(path, "/api/v1/national")
}

// refusedFlash are the flash keys of a form refused for its data's club (the form
// handlers redirect back with the error as a flash).
var refusedFlash = map[string]bool{"error.not_found": true, "error.forbidden": true}

// fill gives a route's path for the data of club f, or "" when the route names no data
// of a club (a list, a create, a page of one's own).
func fill(path string, f *clubFixture, hidden bool) (string, bool) {
	named := false
	tid, eid := f.published, f.entryP
	if hidden {
		tid, eid = f.hidden, f.entryH
	}
	id := tid
	switch p := strings.TrimPrefix(strings.TrimPrefix(path, "/api/v1"), "/c/:slug"); {
	case strings.HasPrefix(p, "/clubs/"):
		id = f.club.ID
	case strings.HasPrefix(p, "/tokens/"):
		id = f.tokenID
	case strings.HasPrefix(p, "/players/"):
		id = f.player
	case strings.HasPrefix(p, "/seasons/"), strings.HasPrefix(p, "/p/seasons/"), strings.HasPrefix(p, "/public/seasons/"):
		id = f.season
	case strings.HasPrefix(p, "/scales/"):
		id = f.scale
	}
	out := paramRE.ReplaceAllStringFunc(path, func(m string) string {
		named = true
		switch m {
		case ":id":
			return fmt.Sprint(id)
		case ":tid":
			return fmt.Sprint(tid)
		case ":eid", ":team":
			return fmt.Sprint(eid)
		case ":pid":
			return fmt.Sprint(f.player)
		case ":did":
			return fmt.Sprint(f.director)
		case ":slug":
			return f.club.Slug
		case ":n", ":t", ":seq", ":rid":
			return "1"
		case ":view":
			return "standings"
		case ":ext", ":format":
			return "csv"
		case ":code":
			return "ZZZZ9"
		}
		panic("the matrix cannot fill " + m + " in " + path + ": add it to fill")
	})
	return out, named
}

// publicPath is a route open to all (no gate).
func publicPath(p string) bool {
	for _, pre := range []string{"/p/", "/c/", "/api/v1/public/", "/t/", "/api/v1/t/", "/calc", "/api/v1/calc/"} {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	switch p {
	case "/t", "/login", "/setup", "/lang", "/healthz", "/api/v1/openapi.json", "/api/v1/login", "/api/v1/setup":
		return true
	case "/api/v1/sync/results", "/api/v1/sync/link": // the signature, the link code authenticate (issue 39)
		return true
	}
	return false
}

func TestAuthorisationMatrix(t *testing.T) {
	// On PostgreSQL the app is a hub instance: what may lag (the public pages, their JSON
	// twins, the phones' polls) is read from the streaming replica, so the matrix holds
	// through the replica too.
	app, dsn := (*viewtest.App)(nil), ""
	if dbtest.OnPostgres() {
		dsn = dbtest.Schema(t)
		app = hubInstance(t, dsn, dbtest.Replica(t, dsn), 0)
	} else {
		app = viewtest.NewApp(t)
	}
	officer := &caller{name: "officer", c: app.Setup()} // the first director: the officer, of club 1
	officer.login(t, "anna")
	a := newClubFixture(t, app, officer, "club-a", markA)
	b := newClubFixture(t, app, officer, "club-b", markB)
	if dsn != "" {
		dbtest.WaitReplay(t) // the fixtures on the replica before the public reads them
		t.Cleanup(func() {
			reads, _ := app.Store.ReplicaReads()
			assert.Positive(t, reads, "the public reads went through the replica")
		})
	}
	public := &caller{name: "public", c: app.Client(), public: true}
	system := clubs.WithScope(context.Background(), clubs.Scope{System: true})
	snapshot := func() []int64 {
		var out []int64
		for _, f := range []*clubFixture{a, b} {
			for _, tid := range []int64{f.published, f.hidden} {
				rev, published, err := app.Store.PublicRevision(system, tid)
				require.NoError(t, err)
				out = append(out, rev, map[bool]int64{true: 1}[published])
			}
			s, err := app.Store.Season(system, f.season)
			require.NoError(t, err)
			out = append(out, int64(s.Version), map[bool]int64{true: 1}[s.Published])
		}
		return out
	}
	before := snapshot()

	routes := app.Server.Routes()
	sort.Slice(routes, func(i, j int) bool { return routes[i].Path+routes[i].Method < routes[j].Path+routes[j].Method })
	var sent int
	var loose []string // writes refused with something else than 403/404 (a body refused first)
	for _, k := range []*caller{a.caller, b.caller, public, officer} {
		for _, rt := range routes {
			key := rt.Method + " " + rt.Path
			if strings.Contains(rt.Path, "*") || rt.Path == "/api/v1" || skipped[key] != "" {
				continue
			}
			for _, f := range []*clubFixture{a, b} {
				for _, hidden := range []bool{false, true} {
					path, named := fill(rt.Path, f, hidden)
					if hidden && path == func() string { p, _ := fill(rt.Path, f, false); return p }() {
						continue // the same request
					}
					own := k.club == f
					if own && rt.Method != http.MethodGet {
						continue // a director's own writes are the rest of the suite's
					}
					status, body, flash := k.sendFlash(t, rt.Method, path)
					sent++
					where := fmt.Sprintf("%s: %s %s", k.name, rt.Method, path)
					isPublic := publicPath(rt.Path)
					upOne := strings.HasSuffix(rt.Name, "page.UpOne") // redirects up, reads nothing
					// refused: what a caller gets for data not theirs to write (or read).
					refused := func(get bool) {
						switch {
						case status == http.StatusNotFound || status == http.StatusForbidden:
						case status == http.StatusSeeOther && (upOne || refusedFlash[flash]):
						case get && status >= 400:
							loose = append(loose, fmt.Sprintf("%s → %d (refused before reading)", where, status))
						case !get && (status >= 400 || status == http.StatusSeeOther && flash == "error.invalid"):
							loose = append(loose, fmt.Sprintf("%s → %d (a body refused first, nothing written)", where, status))
						case !get && noops[key] != "":
						default:
							t.Errorf("%s → %d (flash %q): not refused", where, status, flash)
						}
					}
					switch {
					case k.public || isPublic:
						switch {
						case k.public:
							assert.NotContains(t, body, secret, "unpublished data reached the public: %s", where)
						case k.club != nil && !own: // a public page with a director's session (the calculator's scales)
							assert.NotContains(t, body, f.mark+" "+secret, "another club's unpublished data reached a director: %s", where)
						}
						if !isPublic {
							assert.Contains(t, []int{http.StatusSeeOther, http.StatusUnauthorized, http.StatusNotFound, http.StatusMethodNotAllowed}, status, where)
						} else if named && (hidden || strings.Contains(rt.Path, "seasons/")) && rt.Method == http.MethodGet &&
							!strings.HasSuffix(rt.Path, "qr.svg") && rt.Path != "/c/:slug" {
							assert.Equal(t, http.StatusNotFound, status, "unpublished, yet served: %s", where)
						}
					case k.club != nil && !own && federationWide[key] != "":
						assert.NotContains(t, body, secret, "unpublished data reached another club's director: %s", where)
					case k.club != nil && !own:
						assert.NotContains(t, body, f.mark, "club data reached another club's director: %s", where)
						if named {
							refused(rt.Method == http.MethodGet)
						}
					case k == officer:
						if named && rt.Method != http.MethodGet && !strings.Contains(rt.Path, "/clubs") {
							refused(false)
						}
					}
					if own && rt.Method == http.MethodGet && !officerOnly(rt.Path) && !strings.HasSuffix(rt.Path, "/backup") {
						assert.NotEqual(t, http.StatusForbidden, status, "a director refused their own club's page: %s", where)
					}
				}
			}
		}
	}
	// The officer reads both clubs.
	for _, f := range []*clubFixture{a, b} {
		for _, p := range []string{"/tournaments/%d", "/api/v1/tournaments/%d", "/seasons/%d", "/api/v1/seasons/%d"} {
			id := f.hidden
			if strings.Contains(p, "seasons") {
				id = f.season
			}
			status, body := officer.send(t, http.MethodGet, fmt.Sprintf(p, id))
			assert.Equal(t, http.StatusOK, status, "the officer reads %s", fmt.Sprintf(p, id))
			assert.Contains(t, body, f.mark)
		}
	}
	// The public sees a published tournament, on both paths.
	for _, f := range []*clubFixture{a, b} {
		for _, p := range []string{fmt.Sprintf("/p/%d", f.published), fmt.Sprintf("/c/%s/p/%d", f.club.Slug, f.published), "/c/" + f.club.Slug} {
			status, body := public.send(t, http.MethodGet, p)
			assert.Equal(t, http.StatusOK, status, p)
			assert.Contains(t, body, f.mark+" Pubblico", p)
			assert.NotContains(t, body, secret, p)
		}
	}
	// A's published tournament under B's path is not found.
	status, _ := public.send(t, http.MethodGet, fmt.Sprintf("/c/%s/p/%d", b.club.Slug, a.published))
	assert.Equal(t, http.StatusNotFound, status)
	assert.Equal(t, before, snapshot(), "a write reached a club's tournaments or seasons")
	t.Logf("%d requests over %d routes; writes refused before the tenancy check (a body refused first, nothing written): %d", sent, len(routes), len(loose))
	for _, l := range loose {
		t.Log("  ", l)
	}
	for p, why := range unfillable {
		t.Logf("unfillable %s: %s", p, why)
	}
	for r, why := range skipped {
		t.Logf("not sent %s: %s", r, why)
	}
}
