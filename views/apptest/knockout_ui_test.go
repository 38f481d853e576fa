package apptest_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/viewtest"
)

// TestStartKnockoutStageFromTheTournamentPage: a finished 3-player evening offers to
// start the next stage; its two qualifiers then play a knockout whose bracket page
// shows them. Before the evening is over the command is refused with a message.
func TestStartKnockoutStageFromTheTournamentPage(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := viewtest.TournamentWithEntries(t, c, 6)
	tid, err := strconv.ParseInt(strings.TrimPrefix(base, "/tournaments/"), 10, 64)
	require.NoError(t, err)

	assert.Zero(t, c.Get(base).Doc(t).Find("form.start-stage").Length(), "not offered before the end")
	res := c.Post(base+"/stages", url.Values{"format": {"knockout"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, res.Doc(t).Find(".alert").Text(), "Stage 1 is not finished")
	assert.Equal(t, http.StatusNotFound, c.Get(base+"/bracket").StatusCode, "a 3-player stage has no bracket")

	svc := &tournament.Tournaments{Store: app.Store, Players: app.Store}
	gt := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.GameTotal, Total: n} }
	for g := 1; g <= 2; g++ {
		_, err := svc.Draw(t.Context(), tid, tournament.DrawOptions{Seed: 3}, "anna")
		require.NoError(t, err)
		for tb := 1; tb <= 2; tb++ {
			_, err := svc.SaveSheet(t.Context(), tid, g, tb, tournament.Sheet{Hands: [][]*scoring.Hand{{gt(900 + 100*tb + 10*g), gt(300), gt(0)}}}, "anna")
			require.NoError(t, err)
		}
	}
	doc := c.Get(base).Doc(t)
	form := doc.Find("form.start-stage")
	require.Equal(t, 1, form.Length())
	assert.Equal(t, []string{"knockout"}, form.Find("select[name=format] option").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("value", "") }), "only a bracket format")
	assert.Contains(t, form.Text(), "The top 2 of the standings")

	res = c.Post(base+"/stages", url.Values{"format": {"knockout"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(base).Doc(t)
	assert.Contains(t, doc.Find(".subtitle").Text(), "Stage 2, fed by the qualifiers of stage 1.")
	assert.Equal(t, 1, doc.Find(`a[href="`+base+`/bracket"]`).Length())
	assert.Contains(t, doc.Find(".next-step .step").Text(), "Next: draw round 1.")
	doc = c.Get(base + "/bracket").Doc(t)
	assert.Contains(t, doc.Text(), "No bracket yet")

	res = c.Post(base+"/draw", url.Values{"round": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(base + "/bracket").Doc(t)
	require.Equal(t, 1, doc.Find(".bracket-match").Length()-1, "one match, and the winner's box")
	names := doc.Find(".bracket-round").First().Find(".bracket-name").Map(func(_ int, s *goquery.Selection) string { return strings.TrimSpace(s.Text()) })
	assert.Len(t, names, 2)
	seeds := doc.Find(".bracket-round").First().Find(".bracket-seed").Map(func(_ int, s *goquery.Selection) string { return s.Text() })
	assert.Equal(t, []string{"1", "2"}, seeds)

	// The evening's standings stay one click away from the knockout's.
	doc = c.Get(base + "/standings").Doc(t)
	link := doc.Find(`a[href="` + base + `/standings?stage=1"]`)
	require.Equal(t, 1, link.Length())
	assert.Equal(t, "Standings of stage 1", link.Text())
	doc = c.Get(base + "/standings?stage=1").Doc(t)
	assert.Equal(t, 6, doc.Find(".standings-table tbody tr").Length())
	assert.Equal(t, 2, doc.Find(".standings-table tbody tr.qualifies").Length())
	assert.Equal(t, http.StatusNotFound, c.Get(base+"/standings?stage=0").StatusCode)
}

// TestKnockoutPagesRender: a knockout's round, its printouts, a score sheet and the
// standings render with two sides a table, in its own words (rounds, byes).
func TestKnockoutPagesRender(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	home := strings.TrimPrefix(knockoutAfterTwoRounds(t, app, 13), app.Srv.URL)
	for _, p := range []string{"", "/rounds/1", "/rounds/1/print", "/rounds/1/sheets", "/rounds/1/cards", "/rounds/3/tables/1", "/standings", "/bracket"} {
		res := c.Get(home + p)
		require.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", p, res.Body)
		assert.NotContains(t, res.Body, "%!", "%s: a message with wrong arguments", p)
	}
	doc := c.Get(home + "/rounds/1").Doc(t)
	assert.Contains(t, doc.Find("h2").First().Text(), "Round 1")
	assert.Contains(t, doc.Text(), "Byes into round 2")
	doc = c.Get(home + "/standings").Doc(t)
	assert.Contains(t, doc.Text(), "after round 2")
	assert.Equal(t, 13, doc.Find(".standings-table tbody tr").Length())
}

// TestNewKnockoutFromTheForm: the new-tournament page offers the knockout with its
// settings, and a bad value comes back next to its field, the typed input kept.
func TestNewKnockoutFromTheForm(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	doc := c.Get("/tournaments/new").Doc(t)
	assert.Equal(t, 1, doc.Find(`.format-choice a[href="/tournaments/new?format=knockout"]`).Length())
	assert.Equal(t, "Knockout", strings.TrimSpace(doc.Find(`.format-choice a[href="/tournaments/new?format=knockout"]`).Text()))
	doc = c.Get("/tournaments/new?format=knockout").Doc(t)
	assert.Equal(t, "3", doc.Find("#hands_per_match").AttrOr("value", ""))
	assert.Equal(t, "355", doc.Find("#timeout_mp").AttrOr("value", ""))
	res := c.Post("/tournaments", url.Values{"format": {"knockout"}, "name": {"Coppa"}, "date": {"2026-11-26"}, "sides": {"individual"},
		"hands_per_match": {"4"}, "timeout_mp": {"352"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Equal(t, "352", doc.Find("#timeout_mp").AttrOr("value", ""), "typed input kept")
	assert.Contains(t, doc.Find("#timeout_mp-error").Text(), "multiple of 5")
	res = c.Post("/tournaments", url.Values{"format": {"knockout"}, "name": {"Coppa"}, "date": {"2026-11-26"}, "sides": {"individual"},
		"hands_per_match": {"4"}, "timeout_mp": {"355"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	base := strings.TrimSuffix(res.Header.Get("Location"), "/entries")
	assert.Contains(t, c.Get(base).Doc(t).Find(".subtitle").Text(), "4 hands per match")
}

// An exact tie: the tournament page's prompt links to the table's score sheet (the API
// names it), and once the last game action is recorded the bracket says why the side
// went through.
func TestKnockoutTieLinksToItsSheetAndTheBracketSaysWhy(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Coppa","date":"2026-11-24","format":"knockout","settings":{"hands_per_match":1}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	api := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	html := fmt.Sprintf("/tournaments/%d", tr.ID)
	for i := 1; i <= 4; i++ {
		require.Equal(t, http.StatusCreated, c.API("POST", api+"/entries", tok, fmt.Sprintf(`{"player":{"first_name":"P%d","last_name":"Rossi"}}`, i), nil).StatusCode)
	}
	require.Equal(t, http.StatusOK, c.API("POST", api+"/entries/present", tok, "", nil).StatusCode)
	var g struct{ Tables []struct{ Entries []int64 } }
	require.Equal(t, http.StatusCreated, c.API("POST", api+"/draw", tok, `{"seed":1}`, &g).StatusCode)
	res = c.API("PUT", api+"/rounds/1/tables/2", tok, `{"hands":[[{"form":2,"total":900},{"form":2,"total":900}]]}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)

	c.Lang = "en"
	link := c.Get(html).Doc(t).Find(".next-step #step-sheet")
	require.Equal(t, 1, link.Length(), "the tie prompt links to its sheet")
	assert.Equal(t, html+"/rounds/1/tables/2", link.AttrOr("href", ""))
	assert.Equal(t, "Open the score sheet of table 2", link.Text())
	var tour struct {
		Next      string
		NextRound int `json:"next_round"`
		NextTable int `json:"next_table"`
	}
	c.API("GET", api, tok, "", &tour)
	assert.Equal(t, "knockout.next.tie", tour.Next)
	assert.Equal(t, [2]int{1, 2}, [2]int{tour.NextRound, tour.NextTable})

	// Side 1 made the last game action: side 2 goes through, and the bracket says why.
	res = c.API("PUT", api+"/rounds/1/tables/2", tok, `{"hands":[[{"form":2,"total":900},{"form":2,"total":900}]],"outcome":{"kind":"last_action","side":1}}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	loser := g.Tables[1].Entries[0]
	var e struct{ Name string }
	st, err := app.Store.Load(t.Context(), tr.ID)
	require.NoError(t, err)
	e.Name = st.Entry(loser).Name
	assert.Zero(t, c.Get(html).Doc(t).Find("#step-sheet").Length(), "no tie left")
	doc := c.Get(html + "/bracket").Doc(t)
	why := doc.Find(".bracket-why")
	require.Equal(t, 1, why.Length())
	assert.Equal(t, "Tie: "+e.Name+" made the last game action and goes out.", why.Text())
	c.Lang = "it"
	assert.Equal(t, "Pareggio: "+e.Name+" ha fatto l'ultima azione di gioco ed esce.", c.Get(html+"/bracket").Doc(t).Find(".bracket-why").Text())
}
