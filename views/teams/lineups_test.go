package teams_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/api/dto"
	"burraco/views/page"
	"burraco/views/viewtest"
)

func id(n int64) string { return page.Itoa64(n) }

// lineupForm is a line-up's form values: pair 1 then pair 2, and the version read.
func lineupForm(p11, p12, p21, p22 int64, version int) url.Values {
	return url.Values{"pairs.1.1": {id(p11)}, "pairs.1.2": {id(p12)}, "pairs.2.1": {id(p21)}, "pairs.2.2": {id(p22)}, "version": {page.Itoa(version)}}
}

// selected is the player a line-up place of a team shows selected.
func selected(doc *goquery.Document, team int64, p, k int) string {
	return doc.Find(fmt.Sprintf(`#lineup-%d-%d-%d option[selected]`, team, p, k)).AttrOr("value", "")
}

// The line-ups page of round 1, before the draw: every team's default (its first four
// players, 1+2 and 3+4); a refused save shows each problem next to its place with what
// was typed kept; a save names the round's line-up; a save over an older version is a
// conflict that keeps what was typed and moves the form to the stored version.
func TestLineupForm(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 4)
	a, m := ev.Teams[0], ev.Members[0]
	path := ev.HTML + "/rounds/1/lineups"

	doc := c.Get(path).Doc(t)
	assert.Equal(t, 4, doc.Find("form.lineup-form").Length())
	assert.Equal(t, id(m[0]), selected(doc, a, 1, 1))
	assert.Equal(t, id(m[1]), selected(doc, a, 1, 2))
	assert.Equal(t, id(m[2]), selected(doc, a, 2, 1))
	assert.Equal(t, id(m[3]), selected(doc, a, 2, 2))
	assert.Contains(t, doc.Find(fmt.Sprintf("#team-%d .lineup-origin", a)).Text(), "Default: the first four players in order")
	assert.Equal(t, "0", doc.Find(fmt.Sprintf(`#team-%d input[name=version]`, a)).AttrOr("value", ""))
	assert.Equal(t, 4, doc.Find(fmt.Sprintf("#team-%d select#lineup-%d-1-1 option", a, a)).Length()-1, "the team's four players to choose from")

	// A player twice, a player of another team: refused on their places, the rest kept.
	other := ev.Members[1][0]
	res := c.Post(fmt.Sprintf("%s/%d", path, a), lineupForm(m[2], m[2], other, m[3], 0))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Equal(t, "", strings.TrimSpace(doc.Find(fmt.Sprintf("#lineup-%d-1-1-error", a)).Text()))
	assert.NotEmpty(t, strings.TrimSpace(doc.Find(fmt.Sprintf("#lineup-%d-1-2-error", a)).Text()), "the same player twice")
	assert.NotEmpty(t, strings.TrimSpace(doc.Find(fmt.Sprintf("#lineup-%d-2-1-error", a)).Text()), "not a player of the team")
	assert.Equal(t, "true", doc.Find(fmt.Sprintf("#lineup-%d-1-2", a)).AttrOr("aria-invalid", ""))
	assert.Equal(t, id(m[2]), selected(doc, a, 1, 1), "what was typed is kept")
	assert.Equal(t, id(m[2]), selected(doc, a, 1, 2))
	assert.Equal(t, id(m[3]), selected(doc, a, 2, 2))
	assert.Equal(t, id(ev.Members[1][1]), selected(doc, ev.Teams[1], 1, 2), "the other teams show their own line-up")

	// Saved: the round's own line-up.
	res = c.Post(fmt.Sprintf("%s/%d", path, a), lineupForm(m[2], m[3], m[0], m[1], 0))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(path).Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "Line-up of Team A for round 1 saved.")
	assert.Equal(t, id(m[2]), selected(doc, a, 1, 1))
	assert.Equal(t, id(m[0]), selected(doc, a, 2, 1))
	assert.Contains(t, doc.Find(fmt.Sprintf("#team-%d .lineup-origin", a)).Text(), "Named for round 1")
	stored := doc.Find(fmt.Sprintf(`#team-%d input[name=version]`, a)).AttrOr("value", "")
	assert.NotEqual(t, "0", stored)

	// Someone else's save meanwhile: the form was read at version 0.
	res = c.Post(fmt.Sprintf("%s/%d", path, a), lineupForm(m[3], m[2], m[1], m[0], 0))
	require.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find(fmt.Sprintf("#lineup-error-%d", a)).Text(), "Someone changed this line-up meanwhile.")
	assert.Equal(t, id(m[3]), selected(doc, a, 1, 1), "what was typed is kept")
	assert.Equal(t, stored, doc.Find(fmt.Sprintf(`#team-%d input[name=version]`, a)).AttrOr("value", ""), "the form moves to the stored version")
	// Sent again from there, it saves.
	again := lineupForm(m[3], m[2], m[1], m[0], 0)
	again.Set("version", stored)
	res = c.Post(fmt.Sprintf("%s/%d", path, a), again)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)

	// The API twin says the same.
	var ls dto.Lineups
	res = c.API("GET", ev.API+"/rounds/1/lineups", tok, "", &ls)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.Len(t, ls.Lineups, 4)
	for _, l := range ls.Lineups {
		if l.TeamID == a {
			assert.Equal(t, 1, l.Named)
			assert.Equal(t, [2]int64{m[3], m[2]}, [2]int64{l.Pairs[0][0].PlayerID, l.Pairs[0][1].PlayerID})
			assert.True(t, l.Open)
		} else {
			assert.Equal(t, 0, l.Named, "the default")
		}
	}
	// A round neither drawn nor next: not found.
	assert.Equal(t, http.StatusNotFound, c.Get(ev.HTML+"/rounds/2/lineups").StatusCode)
}

// A knockout of teams after a teams stage: each team plays with the line-up it last
// named in the teams stage (not its first four players in order), on the line-ups page,
// the round page and in the API, until it names one for the knockout's round.
func TestKnockoutLineupsComeFromTheTeamsStage(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	res := c.API("PUT", ev.API, tok, `{"name":"Squadre","date":"2026-11-24","format":"teams","qualifiers":2,"settings":{"rounds":1,"hands_per_round":3,"pairing":"no_rematch","bye_vp":12}}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	a, m := ev.Teams[0], ev.Members[0]
	res = c.API("PUT", fmt.Sprintf("%s/rounds/1/lineups/%d", ev.API, a), tok, lineupJSON(m[3], m[0], m[2], m[1]), nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("POST", ev.API+"/draw", tok, `{"seed":1,"round":1}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	saveTotals(t, c, tok, ev.API, 1, 1, 1000, 800)
	saveTotals(t, c, tok, ev.API, 1, 2, 900, 800)
	res = c.API("POST", ev.API+"/stages", tok, `{"format":"knockout"}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	res = c.API("POST", ev.API+"/draw", tok, `{"seed":1,"round":1}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)

	var ls dto.Lineups
	c.API("GET", ev.API+"/rounds/1/lineups", tok, "", &ls)
	for _, l := range ls.Lineups {
		if l.TeamID != a {
			continue
		}
		assert.Equal(t, [2][2]int64{{m[3], m[0]}, {m[2], m[1]}},
			[2][2]int64{{l.Pairs[0][0].PlayerID, l.Pairs[0][1].PlayerID}, {l.Pairs[1][0].PlayerID, l.Pairs[1][1].PlayerID}})
		assert.Equal(t, [2]int{0, 0}, [2]int{l.Named, l.Version}, "nothing named for the knockout yet")
	}
	doc := c.Get(ev.HTML + "/rounds/1/lineups").Doc(t)
	assert.Equal(t, "As last named in the stage before", strings.TrimSpace(doc.Find(fmt.Sprintf("#team-%d .lineup-origin", a)).Text()))
	round := c.Get(ev.HTML + "/rounds/1").Doc(t).Text()
	assert.Contains(t, round, "Team ANumero04 GiocatoreNumero01 Giocatore", "pair 1 as named in the teams stage")
	assert.Contains(t, round, "Team ANumero03 GiocatoreNumero02 Giocatore", "pair 2 as named in the teams stage")
	assert.NotContains(t, round, "Team ANumero01 GiocatoreNumero02 Giocatore", "not the first four in order")
}
