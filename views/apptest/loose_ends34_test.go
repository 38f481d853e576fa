package apptest_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// Issue 34's loose ends, each as a director or a player meets it.

// A teams tournament's entries import page offers the teams import (its form posts
// there), not the pairs one the service refuses.
func TestTeamsEntriesImportPageIsTheTeams(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	ev := viewtest.NewTeamsEvening(t, c, app.APIToken(c), 2)
	doc := c.Get(ev.HTML + "/entries/import").Doc(t)
	action, ok := doc.Find(`form[action$="/import/preview"]`).Attr("action")
	require.True(t, ok, doc.Text())
	assert.Equal(t, ev.HTML+"/teams/import/preview", action)
}

// The history's first line is the tournament's creation: who, its name and format.
func TestHistoryStartsWithTheCreation(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	c.Lang = "it"
	res := c.Post("/tournaments", url.Values{"name": {"Martedì"}, "date": {"2026-11-24"}, "games": {"2"}, "hands_per_game": {"3"},
		"sit_out": {"rotate"}, "bye_points": {"3"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	base := strings.TrimSuffix(res.Header.Get("Location"), "/entries")
	body := c.Get(base + "/history").Doc(t).Text()
	assert.Contains(t, body, "Torneo «Martedì» creato", "the creation's line")
	evs, err := app.Server.Tournaments.Events(context.Background(), viewtest.IDFrom(base))
	require.NoError(t, err)
	require.Len(t, evs, 1)
	assert.Equal(t, "create", evs[0].Kind)
	assert.NotEmpty(t, evs[0].Director, "who created it")
}

// Knockout words its match points "MP", as every other format (Italian included).
func TestKnockoutSaysMP(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	c.Lang = "it"
	doc := c.Get("/tournaments/new?format=knockout").Doc(t)
	assert.NotContains(t, doc.Text(), "PP")
	assert.Contains(t, doc.Text(), "(MP)")
}

// The public player page writes a negative score with a minus sign (U+2212).
func TestPublicPlayerPageMinusSign(t *testing.T) {
	app := viewtest.NewApp(t)
	app.Setup()
	pe := seedPublic(t, app, 12)
	st, err := pe.svc.Load(context.Background(), pe.tid)
	require.NoError(t, err)
	last := st.Rounds[0].Tables[0].Sides[2].EntryID // seat 3 of table 1 lost every hand: −300
	body := app.Client().Get(fmt.Sprintf("/p/%d/players/%d", pe.tid, last)).Doc(t).Find(".pub-game").Text()
	assert.Contains(t, body, "−300")
	assert.NotContains(t, body, "-300")
}

// Once its round is complete, a round's clock is no longer offered (the next round's
// comes with its draw).
func TestCompleteRoundClockNotOffered(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := viewtest.TournamentWithEntries(t, c, 3)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", url.Values{"seed": {"1"}}).StatusCode)
	assert.Equal(t, 1, c.Get(base).Doc(t).Find(`form[action$="/rounds/1/clock"]`).Length(), "round 1 being played: its clock")
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 1, [3]int{300, 200, 100}).StatusCode)
	assert.Equal(t, 0, c.Get(base).Doc(t).Find(`form[action$="/rounds/1/clock"]`).Length(), "round 1 complete: no clock for it")
}

// A team's bye gives each of its players a line on the public seat list.
func TestTeamByeOnThePublicSeatList(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 3)
	require.Less(t, c.API("POST", ev.API+"/draw", tok, `{"seed":1}`, nil).StatusCode, 300)
	res := c.API("PUT", ev.API+"/published", tok, `{"published":true}`, nil)
	require.Less(t, res.StatusCode, 300, res.Body)
	st, err := app.Server.Tournaments.Load(context.Background(), viewtest.IDFrom(ev.HTML))
	require.NoError(t, err)
	require.Len(t, st.Rounds[0].Byes, 1)
	bye := st.Entry(st.Rounds[0].Byes[0].EntryID)
	c.Lang = "it"
	anon := app.Client()
	anon.Lang = "it"
	pub := anon.Get(fmt.Sprintf("/p/%d", viewtest.IDFrom(ev.HTML)))
	require.Equal(t, http.StatusOK, pub.StatusCode, pub.Body)
	doc := pub.Doc(t)
	for _, m := range bye.Members {
		found := false
		doc.Find("#seat-list li").Each(func(_ int, s *goquery.Selection) {
			if strings.Contains(s.Find(".pn").Text(), m.Name) {
				found = true
				assert.Contains(t, s.Find(".seat-with").Text(), "squadra "+bye.Name)
				assert.Contains(t, s.Find(".seat-table").Text(), "riposa")
			}
		})
		assert.True(t, found, "%s has a line", m.Name)
	}
}
