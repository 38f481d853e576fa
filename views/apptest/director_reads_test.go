package apptest_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/views/viewtest"
)

// idemValue matches a form's idempotency key, drawn anew for each answer.
var idemValue = regexp.MustCompile(`name="_idem" value="[^"]*"`)

// sameAnswer is a page's body without its idempotency keys.
func sameAnswer(body string) string { return idemValue.ReplaceAllString(body, `name="_idem" value=""`) }

// directorReads are a director's reads of a tournament: JSON (with the token) and HTML.
func directorReads(tid int64) (api, pages []string) {
	a := fmt.Sprintf("/api/v1/tournaments/%d", tid)
	h := fmt.Sprintf("/tournaments/%d", tid)
	return []string{a, a + "/standings", a + "/rounds/1", a + "/rounds/1/tables/1", a + "/history", a + "/history?round=1&table=1"},
		[]string{h, h + "/standings", h + "/rounds/1", h + "/history", h + "/rounds/1/tables/1/history"}
}

// TestDirectorReadsFollowSavesOnEveryInstance (issue 35): two instances of the app on one
// database, each answering a director's reads from what it kept for the tournament's
// stamp; a sheet saved on one shows in the very next read of every director read, JSON
// and HTML, on both (no page kept from before the save is answered again).
func TestDirectorReadsFollowSavesOnEveryInstance(t *testing.T) {
	dsn := dbtest.DSN(t)
	a := viewtest.NewAppOn(t, dsn)
	b := viewtest.NewAppOn(t, dsn)
	ca := a.Setup()
	tok := a.APIToken(ca)
	cb := b.Client()
	require.Equal(t, http.StatusSeeOther, cb.Post("/login", url.Values{"username": {"anna"}, "password": {viewtest.Password}}).StatusCode)
	ca2 := a.Client()
	require.Equal(t, http.StatusSeeOther, ca2.Post("/login", url.Values{"username": {"anna"}, "password": {viewtest.Password}}).StatusCode)
	apiBase, _ := apiEvening(t, ca, tok, 9, `{"games":3}`)
	tid := viewtest.IDFrom(apiBase)
	apiPaths, pagePaths := directorReads(tid)

	type seen map[string]string
	read := func(c *viewtest.Client) seen {
		out := seen{}
		for _, p := range apiPaths {
			res := c.API("GET", p, tok, "", nil)
			require.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", p, res.Body)
			out[p] = res.Body
		}
		for _, p := range pagePaths {
			res := c.Get(p)
			require.Equal(t, http.StatusOK, res.StatusCode, p)
			out[p] = sameAnswer(res.Body)
		}
		return out
	}
	clients := map[string]*viewtest.Client{"a": ca2, "b": cb}
	before := map[string]seen{}
	for name, c := range clients {
		before[name] = read(c)
		again := read(c) // answered from what the instance kept
		assert.Equal(t, before[name], again, "instance %s: the same answer at the same revision", name)
	}

	var saved struct{ Table struct{ Version int } }
	hands := `[[{"total":300},{"total":200},{"total":100}],[{"total":300},{"total":200},{"total":100}],[{"total":300},{"total":200},{"total":100}]]`
	res := ca.API("PUT", apiBase+"/rounds/1/tables/1", tok, `{"hands":`+hands+`}`, &saved)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)

	for name, c := range clients {
		after := read(c)
		for _, p := range append(apiPaths, pagePaths...) {
			assert.NotEqual(t, before[name][p], after[p], "instance %s answers %s as before the save", name, p)
		}
		assert.Contains(t, after[apiPaths[3]], `"total":300`, "instance %s: the table as saved", name)
	}
}

// TestKeptPagesCarryEachRequestsOwnToken (issue 35): a director's page kept for a
// revision is answered to each request with its own CSRF token (never another
// client's) and idempotency keys drawn for it, and equals, but for those, the page
// rendered for the request alone (with a flash message, which is never kept).
func TestKeptPagesCarryEachRequestsOwnToken(t *testing.T) {
	app := viewtest.NewApp(t)
	c1 := app.Setup()
	tok := app.APIToken(c1)
	apiBase, _ := apiEvening(t, c1, tok, 9, `{"games":3}`)
	tid := viewtest.IDFrom(apiBase)
	c2 := app.Client()
	require.Equal(t, http.StatusSeeOther, c2.Post("/login", url.Values{"username": {"anna"}, "password": {viewtest.Password}}).StatusCode)
	require.NotEqual(t, c1.CSRF(), c2.CSRF())
	_, pagePaths := directorReads(tid)
	for _, p := range pagePaths {
		var keys []string
		for _, c := range []*viewtest.Client{c1, c2, c1, c2} {
			res := c.Get(p)
			require.Equal(t, http.StatusOK, res.StatusCode, p)
			doc := res.Doc(t)
			tokens := doc.Find(`input[name="_csrf"]`)
			require.Positive(t, tokens.Length(), p)
			tokens.Each(func(_ int, s *goquery.Selection) {
				v, _ := s.Attr("value")
				assert.Equal(t, c.CSRF(), v, "%s: the client's own CSRF token", p)
			})
			hx, _ := doc.Find("body").Attr("hx-headers")
			assert.Equal(t, `{"X-CSRF-Token":"`+c.CSRF()+`"}`, hx, p)
			doc.Find(`input[name="_idem"]`).Each(func(_ int, s *goquery.Selection) {
				v, _ := s.Attr("value")
				keys = append(keys, v)
			})
		}
		seen := map[string]bool{}
		for _, k := range keys {
			assert.False(t, seen[k], "%s: an idempotency key answered twice", p)
			assert.Len(t, k, 22, p)
			seen[k] = true
		}
	}

	// The same page rendered for its request alone (a flash message comes with it).
	base := strings.TrimPrefix(apiBase, "/api/v1")
	require.Equal(t, http.StatusSeeOther, c1.SaveTotals(base, 1, 2, [3]int{300, 200, 100}).StatusCode)
	alone := c1.Get(base + "/standings")
	require.Contains(t, alone.Body, `class="flash"`)
	kept := c1.Get(base + "/standings")
	require.NotContains(t, kept.Body, `class="flash"`)
	flash := regexp.MustCompile(`\s*<div class="flash" role="status">[^<]*</div>`)
	assert.Equal(t, sameAnswer(flash.ReplaceAllString(alone.Body, "")), sameAnswer(kept.Body), "the kept page is the page rendered alone")
}

// TestRevokedTokenAndEndedSessionRefusedEverywhere (issue 35): a token revoked, or a
// session ended, on one instance is refused on the other from the answer on.
func TestRevokedTokenAndEndedSessionRefusedEverywhere(t *testing.T) {
	dsn := dbtest.DSN(t)
	a := viewtest.NewAppOn(t, dsn)
	b := viewtest.NewAppOn(t, dsn)
	ca := a.Setup()
	tok := a.APIToken(ca)
	cb := b.Client()
	apiBase, _ := apiEvening(t, ca, tok, 9, `{"games":3}`)
	for range 2 {
		require.Equal(t, http.StatusOK, cb.API("GET", apiBase+"/standings", tok, "", nil).StatusCode)
	}
	var list struct{ Tokens []struct{ ID int64 } }
	res := ca.API("GET", "/api/v1/tokens", tok, "", &list)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.Len(t, list.Tokens, 1)
	res = ca.API("DELETE", fmt.Sprintf("/api/v1/tokens/%d", list.Tokens[0].ID), tok, "", nil)
	require.Less(t, res.StatusCode, 300, res.Body)
	assert.Equal(t, http.StatusUnauthorized, cb.API("GET", apiBase+"/standings", tok, "", nil).StatusCode, "revoked on a, refused on b")
	assert.Equal(t, http.StatusUnauthorized, ca.API("GET", apiBase+"/standings", tok, "", nil).StatusCode, "and on a")

	// A browser session: the same cookie on both instances, ended on a.
	page := strings.TrimPrefix(apiBase, "/api/v1") + "/standings"
	require.Equal(t, http.StatusOK, ca.Get(page).StatusCode)
	bu, _ := url.Parse(b.Srv.URL)
	au, _ := url.Parse(a.Srv.URL)
	cb.HTTP.Jar.SetCookies(bu, ca.HTTP.Jar.Cookies(au))
	for range 2 {
		require.Equal(t, http.StatusOK, cb.Get(page).StatusCode, "the session on b")
	}
	require.Equal(t, http.StatusSeeOther, ca.Post("/logout", nil).StatusCode)
	res = cb.Get(page)
	assert.Equal(t, http.StatusSeeOther, res.StatusCode, "ended on a, refused on b")
	assert.Contains(t, res.Header.Get("Location"), "/login")
}

// TestKeptJSONWrittenWithItsLength (issue 35): a director's JSON read kept for a
// revision is answered with its length (no chunked answer), the ETag (the version an
// If-Match names) and the same bytes whatever the client accepts (not compressed: see
// page.keptJSON).
func TestKeptJSONWrittenWithItsLength(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	apiBase, _ := apiEvening(t, c, tok, 9, `{"games":3}`)
	apiPaths, _ := directorReads(viewtest.IDFrom(apiBase))
	get := func(path, encoding string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		rec := httptest.NewRecorder()
		app.Server.ServeHTTP(rec, req)
		require.Equal(t, http.StatusOK, rec.Code, "%s: %s", path, rec.Body)
		return rec
	}
	for _, p := range apiPaths {
		plain := get(p, "")
		assert.Equal(t, strconv.Itoa(plain.Body.Len()), plain.Header().Get("Content-Length"), p)
		assert.Equal(t, "application/json", plain.Header().Get("Content-Type"), p)
		assert.Equal(t, "no-store", plain.Header().Get("Cache-Control"), p)
		gz := get(p, "gzip")
		assert.Empty(t, gz.Header().Get("Content-Encoding"), p)
		assert.Equal(t, plain.Body.String(), gz.Body.String(), p)
		assert.Equal(t, plain.Header().Get("ETag"), gz.Header().Get("ETag"), p)
	}
	res := c.API("GET", apiBase, tok, "", nil)
	assert.NotEmpty(t, res.Header.Get("ETag"), "the overview names its version")
}

// TestKeptRoundPrintsFollowChanges (issue 35): a round's printed table list, table cards
// and score sheets and its seat change form are kept per stamp as the round page is:
// the same answer twice at one revision, and on another instance a change of seats
// shows in the next read of each, as the table codes do once reporting is turned on.
func TestKeptRoundPrintsFollowChanges(t *testing.T) {
	dsn := dbtest.DSN(t)
	a := viewtest.NewAppOn(t, dsn)
	b := viewtest.NewAppOn(t, dsn)
	ca := a.Setup()
	tok := a.APIToken(ca)
	cb := b.Client()
	require.Equal(t, http.StatusSeeOther, cb.Post("/login", url.Values{"username": {"anna"}, "password": {viewtest.Password}}).StatusCode)
	apiBase, entry := apiEvening(t, ca, tok, 9, `{"games":3}`)
	base := strings.TrimPrefix(apiBase, "/api/v1")
	seat := func(order ...int) {
		var tables []string
		for i := 0; i < 9; i += 3 {
			tables = append(tables, fmt.Sprintf("[%d,%d,%d]", entry[order[i]], entry[order[i+1]], entry[order[i+2]]))
		}
		res := ca.API("PUT", apiBase+"/rounds/1/seats", tok, `{"tables":[`+strings.Join(tables, ",")+`],"byes":[]}`, nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	seat(0, 1, 2, 3, 4, 5, 6, 7, 8)
	pages := []string{base + "/rounds/1/print", base + "/rounds/1/cards", base + "/rounds/1/sheets", base + "/rounds/1/seats"}
	read := func() map[string]string {
		out := map[string]string{}
		for _, p := range pages {
			res := cb.Get(p)
			require.Equal(t, http.StatusOK, res.StatusCode, p)
			out[p] = sameAnswer(res.Body)
		}
		return out
	}
	before := read()
	assert.Equal(t, before, read(), "the same answer at the same revision")

	seat(8, 7, 6, 5, 4, 3, 2, 1, 0)
	after := read()
	for _, p := range pages {
		assert.NotEqual(t, before[p], after[p], "%s: the seats changed on the other instance", p)
	}
	for _, p := range pages[1:3] {
		assert.NotContains(t, after[p], "/t/", "%s: no table codes while reporting is off", p)
	}
	res := ca.API("PUT", apiBase+"/reporting", tok, `{"reporting":true,"auto_accept":false,"pin":"pin"}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	codes := read()
	for _, p := range pages[1:3] {
		assert.Contains(t, codes[p], "/t/", "%s: the table codes, once reporting is on", p)
	}
}
