package apptest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/viewtest"
)

// An award to a late arrival is not a sit-out (issue 17, bug 4; RULES.md section 3.6):
// the round's screen, its table list, "find your seat", the public pages and the
// standings never list the late arrival among the sit-outs; they say "late: N points
// awarded", in both languages.
func TestLateAwardIsNotASitOut(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	pe := seedPublic(t, app, 7) // 7 players: one sits out each game; games 1 and 2 drawn
	ctx := context.Background()
	st, err := pe.svc.Load(ctx, pe.tid)
	require.NoError(t, err)
	require.Len(t, st.Rounds[0].Byes, 1)
	sitOut := st.Entry(st.Rounds[0].Byes[0].EntryID).Name

	p := &tournament.Player{FirstName: "Tardo", LastName: "Zanetti", Active: true}
	require.NoError(t, app.Store.CreatePlayer(ctx, p))
	late, err := pe.svc.AddPlayer(ctx, pe.tid, p.ID, pe.director)
	require.NoError(t, err)
	here := true
	_, _, err = pe.svc.SetEntry(ctx, pe.tid, late.ID, tournament.EntryChange{CheckedIn: &here}, pe.director)
	require.NoError(t, err)
	rounds, err := pe.svc.AwardMissed(ctx, pe.tid, late.ID, pe.director)
	require.NoError(t, err)
	require.Equal(t, []int{1, 2}, rounds)
	for tb := 1; tb <= 2; tb++ {
		pe.saveTable(t, 1, tb)
	}
	base := fmt.Sprintf("/tournaments/%d", pe.tid)

	for _, lang := range []struct{ code, awarded, points, sitsOut string }{
		{"en", "late: 3 points awarded", "3 points awarded", "sits out"},
		{"it", "in ritardo: 3 punti assegnati", "3 punti assegnati", "riposa"},
	} {
		c.Lang = lang.code
		anon := app.Client()
		anon.Lang = lang.code

		doc := c.Get(base + "/rounds/1").Doc(t)
		assert.Contains(t, doc.Find(".sitouts").Text(), sitOut, lang.code)
		assert.NotContains(t, doc.Find(".sitouts").Text(), "Zanetti", lang.code+": the round's sit-outs")
		assert.Contains(t, doc.Find(".late-awards").Text(), "Zanetti Tardo", lang.code)
		assert.Contains(t, doc.Find(".late-awards").Text(), lang.points, lang.code)

		doc = c.Get(base + "/rounds/1/print").Doc(t)
		assert.NotContains(t, doc.Find(".sitouts").Text(), "Zanetti", lang.code+": the table list")
		assert.NotContains(t, doc.Find(".find-seat").Text(), "Zanetti", lang.code+": find your seat")

		doc = anon.Get(fmt.Sprintf("/p/%d/players/%d", pe.tid, late.ID)).Doc(t)
		heads := doc.Find(".pub-game h3")
		require.Equal(t, 2, heads.Length(), lang.code)
		assert.Contains(t, heads.First().Text(), lang.awarded, lang.code+": the public page of the late arrival")
		assert.NotContains(t, heads.First().Text(), lang.sitsOut, lang.code)

		doc = anon.Get(fmt.Sprintf("/p/%d", pe.tid)).Doc(t) // game 2, the current one
		var line string
		doc.Find("#seat-list li").Each(func(_ int, s *goquery.Selection) {
			if strings.Contains(s.Text(), "Zanetti") {
				line = s.Text()
			}
		})
		assert.Contains(t, line, lang.awarded, lang.code+": find my seat")
		doc.Find("main p").Each(func(_ int, s *goquery.Selection) {
			assert.NotContains(t, s.Text(), "Zanetti", lang.code+": not among game 2's sit-outs")
		})

		doc = c.Get(base + "/standings").Doc(t)
		var cell *goquery.Selection
		doc.Find("tbody tr").Each(func(_ int, s *goquery.Selection) {
			if strings.Contains(s.Text(), "Zanetti") {
				cell = s.Find(".game-cell").First()
			}
		})
		require.NotNil(t, cell, lang.code)
		assert.Equal(t, lang.awarded, cell.Find("small[title]").AttrOr("title", ""), lang.code+": the standings cell")
	}

	// The tie-break: 0 game points for the game missed, the sit-out's average for the
	// sit-out.
	_, _, lines, err := pe.svc.Standings(ctx, pe.tid)
	require.NoError(t, err)
	for _, l := range lines {
		switch l.Entry.ID {
		case late.ID:
			assert.Equal(t, tournament.RoundLine{Round: 1, Points: tournament.RP(3), Bye: true, Awarded: true, Done: true}, l.Rounds[0])
		case st.Rounds[0].Byes[0].EntryID:
			assert.Equal(t, 300, l.Rounds[0].Score, "the sit-out drawn: the seconds' average")
		}
	}
}

// A Danish late side's awarded bye reads the same way (issue 17, bug 4): not the
// round's bye, "late: bye awarded, 12 VP" on the round and in the standings.
func TestDanishLateAwardIsNotTheRoundsBye(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	call := func(method, path, body string, out any) {
		t.Helper()
		res := c.API(method, path, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
	}
	var tr struct{ ID int64 }
	call("POST", "/api/v1/tournaments", `{"name":"Danese","date":"2026-11-29","format":"danish",
		"settings":{"sides":"individual","rounds":3,"hands_per_round":3}}`, &tr)
	api := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	var ids []int64
	for _, n := range []string{"Anna", "Bruno", "Carla", "Dario", "Zeno"} {
		var e struct{ ID int64 }
		call("POST", api+"/entries", fmt.Sprintf(`{"player":{"first_name":%q,"last_name":"Bianchi"}}`, n), &e)
		ids = append(ids, e.ID)
	}
	for _, id := range ids[:4] {
		call("POST", fmt.Sprintf("%s/entries/%d", api, id), `{"checked_in":true}`, nil)
	}
	call("POST", api+"/draw", `{"seed":7}`, nil)
	for tb := 1; tb <= 2; tb++ {
		call("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", api, tb), `{"hands":[[{"form":3,"total":900},{"form":3,"total":300}]]}`, nil)
	}
	call("POST", fmt.Sprintf("%s/entries/%d", api, ids[4]), `{"checked_in":true}`, nil)
	call("POST", fmt.Sprintf("%s/entries/%d/missed", api, ids[4]), "", nil)

	base := fmt.Sprintf("/tournaments/%d", tr.ID)
	doc := c.Get(base + "/rounds/1").Doc(t)
	assert.Zero(t, doc.Find(".sitouts").Length(), "round 1 had no bye")
	assert.Contains(t, doc.Find(".late-awards").Text(), "Bianchi Zeno (bye awarded, 12 VP)")
	var title string
	doc = c.Get(base + "/standings").Doc(t)
	doc.Find("tbody tr").Each(func(_ int, s *goquery.Selection) {
		if strings.Contains(s.Text(), "Zeno") {
			title = s.Find(".game-cell small[title]").First().AttrOr("title", "")
		}
	})
	assert.Equal(t, "late: bye awarded, 12 VP", title)
}
