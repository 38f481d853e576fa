package apptest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/views"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// The CSRF token counts only from the form body or the X-CSRF-Token header: one in
// the query string is ignored (issue 18), so the post is refused and writes nothing.
func TestCSRFTokenNotFromQuery(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := c.CSRF()
	form := url.Values{"first_name": {"Mario"}, "last_name": {"Rossi"}}
	for _, q := range []string{"_csrf=" + url.QueryEscape(tok), "%5Fcsrf=" + url.QueryEscape(tok)} {
		req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+"/players?"+q, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		assert.Equal(t, http.StatusForbidden, c.Do(req).StatusCode, q)
	}
	ps, err := app.Store.AllPlayers(t.Context())
	require.NoError(t, err)
	assert.Empty(t, ps, "nothing was written")

	// From the body, and from the header, it still works.
	form.Set("_csrf", tok)
	assert.Equal(t, http.StatusSeeOther, c.Post("/players", form).StatusCode)
	req, _ := http.NewRequest(http.MethodPost, app.Srv.URL+"/players", strings.NewReader(url.Values{"first_name": {"Anna"}, "last_name": {"Bianchi"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-CSRF-Token", tok)
	assert.Equal(t, http.StatusSeeOther, c.Do(req).StatusCode)
	ps, _ = app.Store.AllPlayers(t.Context())
	assert.Len(t, ps, 2)
}

// A JSON body with a key given twice is refused like an unknown field (issue 18), in
// a player, in a tournament's nested settings and in a score sheet's hand: 422, nothing
// written.
func TestAPIRefusesDuplicateKeys(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var e viewtest.APIError
	res := c.API("POST", "/api/v1/players", tok, `{"first_name":"Mario","last_name":"Rossi","last_name":"Verdi"}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, e.Error.Message, `"last_name" is given twice`)
	res = c.API("POST", "/api/v1/players", tok, `{"first_name":"Mario","last_name":"Rossi","LAST_NAME":"Verdi"}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "encoding/json matches keys ignoring case")
	ps, _ := app.Store.AllPlayers(t.Context())
	assert.Empty(t, ps)

	res = c.API("POST", "/api/v1/tournaments", tok, `{"name":"Open","date":"2026-05-01","format":"danish","settings":{"rounds":4,"rounds":5}}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.Contains(t, e.Error.Message, `"rounds" is given twice in settings`)
	ts, _ := app.Store.ListTournaments(t.Context())
	assert.Empty(t, ts)
}

// Unpublishing takes effect before its answer, on every instance (issue 18): two
// instances of the app on one database, each trusting a revision it read for a second,
// have every public page and JSON twin of a published tournament in their caches; once
// the unpublishing (through the API on one, through the form on the other) has
// answered, every public route answers 404 on both at once.
func TestUnpublishIsImmediateOnEveryInstance(t *testing.T) {
	dsn := dbtest.DSN(t)
	a := viewtest.NewAppOn(t, dsn, views.WithPublicRevisionTTL(time.Second))
	b := viewtest.NewAppOn(t, dsn, views.WithPublicRevisionTTL(time.Second))
	ca := a.Setup()
	tok := a.APIToken(ca)
	pe := seedPublic(t, a, 9)
	paths := publicPaths(pe.tid, pe.entries[:2])
	warm := func() {
		for _, app := range []*viewtest.App{a, b} {
			anon := app.Client()
			for range 2 { // the second read is answered from the cache
				for _, p := range paths {
					require.Equal(t, http.StatusOK, anon.Get(p).StatusCode, p)
				}
			}
		}
	}
	gone := func(how string) {
		for i, app := range []*viewtest.App{a, b} {
			anon := app.Client()
			for _, p := range paths {
				assert.Equal(t, http.StatusNotFound, anon.Get(p).StatusCode, "%s, then %s on instance %d", how, p, i)
			}
		}
	}
	base := fmt.Sprintf("/api/v1/tournaments/%d/published", pe.tid)
	warm()
	res := ca.API("PUT", base, tok, `{"published":false}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	gone("unpublished through the API on a")

	res = ca.API("PUT", base, tok, `{"published":true}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.Equal(t, http.StatusOK, a.Client().Get(paths[0]).StatusCode, "published again: at once where it was done")
	require.Eventually(t, func() bool { return b.Client().Get(paths[0]).StatusCode == http.StatusOK },
		5*time.Second, 50*time.Millisecond, "and within the TTL elsewhere")
	warm()
	cb := b.Client()
	require.Equal(t, http.StatusSeeOther, cb.Post("/login", url.Values{"username": {"anna"}, "password": {viewtest.Password}}).StatusCode)
	res = cb.Post(fmt.Sprintf("/tournaments/%d/publish", pe.tid), url.Values{"published": {"false"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	gone("unpublished through the form on b")
}

// A tournament document that breaks the rules of every other path is refused whole with
// every problem, by where it is in the document (issue 18): through the API as a 422
// with each message in the reader's language, through the page as a list; nothing is
// written, on SQLite and PostgreSQL alike (a NUL was a 500 on PostgreSQL).
func TestImportRefusesHostileDocument(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := eveningWithScores(t, app, c)
	var doc tournament.Document
	require.NoError(t, json.Unmarshal([]byte(c.Get(base+"/export.json").Body), &doc))
	doc.Tournament.Name = "Giovedì\x00"
	doc.Players[0].LastName = strings.Repeat("x", 1_000_000)
	h := &doc.Stages[0].Rounds[0].Tables[0].Hands[0]
	h.Figures, h.Score = scoring.Hand{Form: scoring.TotalOnly, Total: 5 << 60}, 5<<60
	doc.Stages[0].Rounds[0].Tables[1].Sides[0].EntryID = 999
	raw, err := json.Marshal(doc)
	require.NoError(t, err)

	other := viewtest.NewApp(t)
	c2 := other.Setup()
	tok := other.APIToken(c2)
	var e viewtest.APIError
	res := c2.API("POST", "/api/v1/tournaments/import", tok, string(raw), &e)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body[:min(len(res.Body), 500)])
	assert.Equal(t, "invalid", e.Error.Code)
	assert.Contains(t, e.Error.Message, "4 problems")
	assert.Equal(t, map[string]string{
		"tournament.name":                                 page.Translate(page.EN, "error.control_chars"),
		"players[0].last_name":                            page.Translate(page.EN, "error.too_long"),
		"stages[0].rounds[0].tables[0].hands[0].total":    page.Translate(page.EN, "hand.out_of_range"),
		"stages[0].rounds[0].tables[1].sides[0].entry_id": page.Translate(page.EN, "import.unknown_entry"),
	}, e.Error.Fields)

	c2.Lang = "it"
	res = c2.Upload("/tournaments/import", "t.json", raw)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	items := res.Doc(t).Find("#import-problems li")
	require.Equal(t, 4, items.Length())
	assert.Equal(t, "players[0].last_name "+page.Translate(page.IT, "error.too_long"), items.Eq(0).Text())
	assert.Contains(t, items.Text(), "tournament.name "+page.Translate(page.IT, "error.control_chars"))

	ts, err := other.Store.ListTournaments(t.Context())
	require.NoError(t, err)
	assert.Empty(t, ts, "nothing written")
	ps, err := other.Store.AllPlayers(t.Context())
	require.NoError(t, err)
	assert.Empty(t, ps)
}

// "Zz\u200brossi Mario" is refused beside "Zzrossi Mario" on every path a name comes in
// by (issue 18): the player form, the API, the players' CSV, the pairs' CSV and the
// tournament document; the registry keeps one Zzrossi, which a search finds.
func TestInvisibleCharactersRefusedOnEveryPath(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	res := c.API("POST", "/api/v1/players", tok, `{"first_name":"Mario","last_name":"Zzrossi"}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	const hidden = "Zz\u200brossi"
	invisible := page.Translate(page.EN, "error.invisible_chars")

	res = c.Post("/players", url.Values{"first_name": {"Mario"}, "last_name": {hidden}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "the form")
	assert.Contains(t, res.Doc(t).Find(".field").FilterFunction(func(_ int, s *goquery.Selection) bool {
		return s.Find("#last_name").Length() == 1
	}).Text(), invisible)

	var e viewtest.APIError
	res = c.API("POST", "/api/v1/players", tok, `{"first_name":"Mario","last_name":"Zz\u200brossi"}`, &e)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "the API")
	assert.Equal(t, invisible, e.Error.Fields["last_name"])

	var pv struct {
		Created int
		Rows    []struct{ Messages map[string]string }
	}
	res = c.API("POST", "/api/v1/players/import?confirm=true", tok, "cognome;nome\n"+hidden+";Mario\n", &pv)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Zero(t, pv.Created, "the players' CSV")
	assert.Equal(t, invisible, pv.Rows[0].Messages["last_name"])

	ev := viewtest.NewPairsEvening(t, c, tok, nil, 0)
	var pairs struct {
		Rows []struct{ Messages map[string]string }
	}
	res = c.API("POST", ev.API+"/entries/import?confirm=true", tok, "cognome1;nome1;cognome2;nome2\n"+hidden+";Mario;Nuovo;Primo\n", &pairs)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "the pairs' CSV: %s", res.Body)
	assert.Equal(t, invisible, pairs.Rows[0].Messages["p1.last_name"])

	base := eveningWithScores(t, app, c)
	var doc tournament.Document
	require.NoError(t, json.Unmarshal([]byte(c.Get(base+"/export.json").Body), &doc))
	doc.Players[0].LastName = hidden
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	other := viewtest.NewApp(t)
	c2 := other.Setup()
	res = c2.API("POST", "/api/v1/tournaments/import", other.APIToken(c2), string(raw), &e)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "the tournament document")
	assert.Equal(t, invisible, e.Error.Fields["players[0].last_name"])

	var page struct {
		Players []struct {
			LastName string `json:"last_name"`
		}
	}
	res = c.API("GET", "/api/v1/players?q=zzrossi", tok, "", &page)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.Len(t, page.Players, 1, "one Zzrossi, found by the search")
	assert.Equal(t, "Zzrossi", page.Players[0].LastName)
}
