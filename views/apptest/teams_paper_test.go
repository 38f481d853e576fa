package apptest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// A teams round of 4 teams (2 matches, 4 tables) on paper and on the public pages: the
// printed list by table and each score sheet name the match and both its teams ("Incontro
// 1: Team D – Team C (tavoli 1–2)"), each side names its team's pair ("Team D, coppia
// 1"); the printed and the public "find my seat" give each player the partner, the team
// and the pair (the public one the match too, and a team's name finds its players); a
// team's public page heads its round with the match's tables, not its first table, and
// so does its JSON twin.
func TestTeamsPaperAndSeatsNameTheMatch(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	c.Lang = "it"
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 4)
	require.Equal(t, http.StatusCreated, c.API("POST", ev.API+"/draw", tok, `{"seed":7}`, nil).StatusCode)
	require.Equal(t, http.StatusOK, c.API("PUT", ev.API+"/published", tok, `{"published":true}`, nil).StatusCode)
	id := viewtest.IDFrom(ev.HTML)
	st, err := app.Store.Load(t.Context(), id)
	require.NoError(t, err)
	r1 := st.Rounds[0]
	var ms dto.Matches
	require.Equal(t, http.StatusOK, c.API("GET", ev.API+"/rounds/1/matches", tok, "", &ms).StatusCode)
	require.Len(t, ms.Matches, 2)
	name := func(id int64) string { return st.Entry(id).Name }
	match := map[int]string{} // by table
	for _, m := range ms.Matches {
		require.Len(t, m.Tables, 2)
		for _, n := range m.Tables {
			match[n] = fmt.Sprintf("Incontro %d: %s – %s (tavoli %d–%d)", m.Number, name(m.Entries[0]), name(m.Entries[1]), m.Tables[0], m.Tables[1])
		}
	}
	pairOf := func(tb tournament.Table, i int) string {
		return fmt.Sprintf("%s, coppia %d", name(tb.Sides[i].EntryID), tb.Sides[i].Pair)
	}

	// The printed list by table.
	doc := c.Get(ev.HTML + "/rounds/1/print").Doc(t)
	cards := doc.Find(".print-table")
	require.Equal(t, 4, cards.Length())
	cards.Each(func(i int, s *goquery.Selection) {
		tb := r1.Tables[i]
		assert.Equal(t, match[tb.Number], squash(s.Find(".print-match").Text()), "table %d", tb.Number)
		assert.Equal(t, []string{pairOf(tb, 0), pairOf(tb, 1)}, s.Find(".member.team").Map(func(_ int, m *goquery.Selection) string { return m.Text() }))
	})
	// Printed "find your seat": the partner, the team and its pair; the table.
	rows := map[string][2]string{}
	doc.Find(".find-seat tr").Each(func(_ int, tr *goquery.Selection) {
		rows[squash(tr.Find(".name").Text())] = [2]string{squash(tr.Find(".with").Text()), squash(tr.Find(".seat").Text())}
	})
	require.Len(t, rows, 16)
	players := map[string][3]string{} // player → partner, "team, coppia n", table
	for _, tb := range r1.Tables {
		for i, sd := range tb.Sides {
			ps := st.LineupOf(sd.EntryID, 1).Pairs[sd.Pair-1]
			a, b := page.MemberName(st.Entry(sd.EntryID), ps[0]), page.MemberName(st.Entry(sd.EntryID), ps[1])
			players[a] = [3]string{b, pairOf(tb, i), fmt.Sprint(tb.Number)}
			players[b] = [3]string{a, pairOf(tb, i), fmt.Sprint(tb.Number)}
		}
	}
	require.Len(t, players, 16)
	for p, w := range players {
		assert.Equal(t, [2]string{"con " + w[0] + " · " + w[1], "Tavolo " + w[2]}, rows[p], p)
	}

	// The score sheets: each names its match.
	doc = c.Get(ev.HTML + "/rounds/1/sheets").Doc(t)
	sheets := doc.Find(".score-sheet")
	require.Equal(t, 4, sheets.Length())
	sheets.Each(func(i int, s *goquery.Selection) {
		tb := r1.Tables[i]
		assert.Equal(t, match[tb.Number], squash(s.Find(".sheet-match").Text()), "sheet of table %d", tb.Number)
		assert.Equal(t, pairOf(tb, 1), s.Find("th.player").Eq(1).Find(".member.team").Text())
	})

	// The public "find my seat": a line per player, with the partner, the team, the pair
	// and the match.
	doc = c.Get(fmt.Sprintf("/p/%d", id)).Doc(t)
	lines := doc.Find("#seat-list li")
	require.Equal(t, 16, lines.Length(), "every player finds their seat")
	tableMatch := map[string]int{}
	for _, tb := range r1.Tables {
		tableMatch[fmt.Sprint(tb.Number)] = tb.Match
	}
	lines.Each(func(_ int, li *goquery.Selection) {
		p := squash(li.Find(".pn").Contents().First().Text())
		w, ok := players[p]
		require.True(t, ok, "a player's line: %q", p)
		assert.Equal(t, "con "+w[0]+" · "+w[1], squash(li.Find(".seat-with").Text()), p)
		assert.Equal(t, fmt.Sprintf("Tavolo %s · incontro %d", w[2], tableMatch[w[2]]), squash(li.Find(".seat-table").Text()), p)
	})
	a := ev.Teams[0]
	// "Team B": no other line has a "b" (the search finds lines holding every word).
	doc = c.Get(fmt.Sprintf("/p/%d?q=%s", id, url.QueryEscape(name(ev.Teams[1])))).Doc(t)
	assert.Equal(t, 4, doc.Find("#seat-list li").Length(), "a team's name finds its four players")

	// The team's public page: its round is its match, at both tables.
	var mine tournament.MatchResult
	for _, x := range ms.Matches {
		if x.Entries[0] == a || x.Entries[1] == a {
			mine = tournament.MatchResult{Number: x.Number, Tables: x.Tables}
		}
	}
	doc = c.Get(fmt.Sprintf("/p/%d/players/%d", id, a)).Doc(t)
	head := squash(doc.Find(".pub-game h3").First().Text())
	assert.Equal(t, fmt.Sprintf("Turno 1 · Incontro %d · tavoli %d–%d", mine.Number, mine.Tables[0], mine.Tables[1]), head)
	var pp struct {
		Games []struct {
			Table  int   `json:"table"`
			Match  int   `json:"match"`
			Tables []int `json:"tables"`
		} `json:"games"`
	}
	res := c.Get(fmt.Sprintf("/api/v1/public/tournaments/%d/players/%d", id, a))
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.NoError(t, json.Unmarshal([]byte(res.Body), &pp))
	require.Len(t, pp.Games, 1)
	assert.Equal(t, mine.Number, pp.Games[0].Match)
	assert.Equal(t, mine.Tables, pp.Games[0].Tables)
	assert.Equal(t, mine.Tables[0], pp.Games[0].Table)

	// In English.
	c.Lang = "en"
	doc = c.Get(fmt.Sprintf("/p/%d/players/%d", id, a)).Doc(t)
	assert.Equal(t, fmt.Sprintf("Round 1 · Match %d · tables %d–%d", mine.Number, mine.Tables[0], mine.Tables[1]), squash(doc.Find(".pub-game h3").First().Text()))
	doc = c.Get(ev.HTML + "/rounds/1/sheets").Doc(t)
	tb := r1.Tables[0]
	m0 := ms.Matches[0]
	assert.Equal(t, fmt.Sprintf("Match %d: %s v %s (tables %d–%d)", m0.Number, name(m0.Entries[0]), name(m0.Entries[1]), m0.Tables[0], m0.Tables[1]), squash(doc.Find(".sheet-match").First().Text()))
	assert.Equal(t, fmt.Sprintf("%s, pair %d", name(tb.Sides[0].EntryID), tb.Sides[0].Pair), doc.Find("th.player .member.team").First().Text())
}

// The public "find my seat" of an individual round at 4-player tables names each
// player's partner, as the printed list does.
func TestIndividual4PublicSeatNamesThePartner(t *testing.T) {
	ev := newInd4Evening(t)
	ev.api(t, "PUT", "/published", `{"published":true}`, nil)
	want := map[string]string{}
	for _, tb := range ev.st.Rounds[0].Tables {
		for _, sd := range tb.Sides {
			a, b := ev.name(sd.EntryID), ev.name(sd.Partners[0])
			want[a], want[b] = "con "+b, "con "+a
		}
	}
	want[ev.name(ev.st.Rounds[0].Byes[0].EntryID)] = ""
	doc := ev.c.Get(fmt.Sprintf("/p/%d", ev.id)).Doc(t)
	got := map[string]string{}
	doc.Find("#seat-list li").Each(func(_ int, li *goquery.Selection) {
		got[squash(li.Find(".pn").Contents().First().Text())] = squash(li.Find(".seat-with").Text())
	})
	assert.Equal(t, want, got)
	// The projector's list of seats names them too.
	doc = ev.c.Get(fmt.Sprintf("/p/%d/projector/tables", ev.id)).Doc(t)
	assert.Equal(t, 8, doc.Find(".proj-seats .seat-with").Length())
}
