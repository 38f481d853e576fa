package teams_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/api/dto"
	"burraco/views/viewtest"
)

// saveTotals enters a table's game totals (one per position) through the API.
func saveTotals(t *testing.T, c *viewtest.Client, tok, api string, round, table, a, b int) {
	t.Helper()
	res := c.API("PUT", fmt.Sprintf("%s/rounds/%d/tables/%d", api, round, table), tok,
		fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, a, b), nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
}

// The round page of a teams stage shows each match with its two tables and its total,
// worked by hand: match 1, table 1 X 1800 v Y 900 (X +900), table 2 Y 1000 v X 800
// (X −200): X +700 MP, 13–7 VP on the 3-hand team scale (band 505–700); match 2,
// table 3 1000 v 1000, table 4 1100 v 1000: X −100 MP, 10–10 (band 0–100). Before its
// second table is entered a match shows no VP; once a table of a team is entered its
// line-up no longer changes. The standings rank the teams by VP then MP, and a team's
// page shows what each player brought it.
func TestMatchTotals(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 4)
	var r dto.Round
	res := c.API("POST", ev.API+"/draw", tok, `{"seed":7,"round":1}`, &r)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	require.Len(t, r.Tables, 4, "4 teams: 2 matches of 2 tables")

	var ms dto.Matches
	require.Equal(t, http.StatusOK, c.API("GET", ev.API+"/rounds/1/matches", tok, "", &ms).StatusCode)
	require.Len(t, ms.Matches, 2)
	m1, m2 := ms.Matches[0], ms.Matches[1]
	assert.Equal(t, []int{1, 2}, m1.Tables)
	assert.Equal(t, []int{3, 4}, m2.Tables)

	saveTotals(t, c, tok, ev.API, 1, 1, 1800, 900)
	doc := c.Get(ev.HTML + "/rounds/1").Doc(t)
	require.Equal(t, 4, doc.Find("table.match-list tbody tr").Length(), "a line per team of each match")
	assert.Equal(t, "", strings.TrimSpace(doc.Find("#match-1-1 .match-vp").Text()), "no VP before the match is complete")
	assert.Contains(t, doc.Find("#match-1-1").Text(), "in play")
	// The line-ups of the two teams of match 1 are fixed now, not those of match 2.
	doc = c.Get(ev.HTML + "/rounds/1/lineups").Doc(t)
	assert.Equal(t, 0, doc.Find(fmt.Sprintf("#team-%d form", m1.Entries[0])).Length())
	assert.Equal(t, 0, doc.Find(fmt.Sprintf("#team-%d form", m1.Entries[1])).Length())
	assert.Equal(t, 1, doc.Find(fmt.Sprintf("#team-%d form", m2.Entries[0])).Length())
	res = c.API("PUT", fmt.Sprintf("%s/rounds/1/lineups/%d", ev.API, m1.Entries[0]), tok, `{"pairs":[[1,2],[3,4]]}`, nil)
	assert.Equal(t, http.StatusConflict, res.StatusCode, res.Body)

	saveTotals(t, c, tok, ev.API, 1, 2, 1000, 800)
	saveTotals(t, c, tok, ev.API, 1, 3, 1000, 1000)
	saveTotals(t, c, tok, ev.API, 1, 4, 1100, 1000)
	doc = c.Get(ev.HTML + "/rounds/1").Doc(t)
	for _, want := range []struct{ row, mp, vp string }{
		{"#match-1-1", "+700", "13"}, {"#match-1-2", "−700", "7"},
		{"#match-2-1", "−100", "10"}, {"#match-2-2", "+100", "10"},
	} {
		assert.Equal(t, want.mp, strings.TrimSpace(doc.Find(want.row+" .match-mp").Text()), want.row)
		assert.Equal(t, want.vp, strings.TrimSpace(doc.Find(want.row+" .match-vp").Text()), want.row)
	}
	x, y := m1.Entries[0], m1.Entries[1]
	assert.Contains(t, doc.Find("#match-1-1 td.name").Text(), teamName(ev, x))
	require.Equal(t, http.StatusOK, c.API("GET", ev.API+"/rounds/1/matches", tok, "", &ms).StatusCode)
	assert.Equal(t, [2]int{700, -700}, ms.Matches[0].MP)
	assert.True(t, ms.Matches[0].Complete)

	// Standings: X first on 13 VP.
	doc = c.Get(ev.HTML + "/standings").Doc(t)
	first := doc.Find("table.standings-table tbody tr").First()
	assert.Contains(t, first.Find(".pn").Text(), teamName(ev, x))
	assert.Contains(t, first.Text(), "13")

	// X's page: its pair 1 (default: its first two players) played table 1 (+900), its
	// pair 2 table 2 (−200).
	mx := members(ev, x)
	doc = c.Get(fmt.Sprintf("%s/teams/%d", ev.HTML, x)).Doc(t)
	assert.Equal(t, "+900", strings.TrimSpace(doc.Find(fmt.Sprintf(`tr[data-player="%d"] .contribution-mp`, mx[0])).Text()))
	assert.Equal(t, "−200", strings.TrimSpace(doc.Find(fmt.Sprintf(`tr[data-player="%d"] .contribution-mp`, mx[3])).Text()))
	var team dto.Team
	require.Equal(t, http.StatusOK, c.API("GET", fmt.Sprintf("%s/teams/%d", ev.API, y), tok, "", &team).StatusCode)
	require.Len(t, team.Contributions, 4)
	assert.Equal(t, -900, team.Contributions[2].TotalMP, "Y's pair 2 sat at table 1")
	assert.Equal(t, 200, team.Contributions[0].TotalMP, "Y's pair 1 sat at table 2")

	// Public: the team's page gives its match (13 VP, +700) and each player's share.
	require.Equal(t, http.StatusOK, c.API("PUT", ev.API+"/published", tok, `{"published":true}`, nil).StatusCode)
	pub := app.Client()
	var pp dto.PublicPlayer
	res = pub.API("GET", fmt.Sprintf("/api/v1/public/tournaments/%d/players/%d", viewtest.IDFrom(ev.HTML), x), "", "", &pp)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.Len(t, pp.Games, 1)
	assert.Equal(t, 700, pp.Games[0].Score)
	assert.Equal(t, "13", pp.Games[0].Points.String())
	require.Len(t, pp.Contributions, 4)
	assert.Equal(t, 900, pp.Contributions[0].TotalMP)
	assert.Equal(t, -200, pp.Contributions[3].TotalMP)
	doc = pub.Get(fmt.Sprintf("/p/%d/players/%d", viewtest.IDFrom(ev.HTML), x)).Doc(t)
	cells := doc.Find(".pub-contributions tbody tr").First().Find("td")
	assert.Equal(t, "+900", strings.TrimSpace(cells.Eq(1).Text()))
}

func teamName(ev *viewtest.TeamsEvening, id int64) string {
	for i, t := range ev.Teams {
		if t == id {
			return fmt.Sprintf("Team %c", 'A'+i)
		}
	}
	return "?"
}

func members(ev *viewtest.TeamsEvening, id int64) []int64 {
	for i, t := range ev.Teams {
		if t == id {
			return ev.Members[i]
		}
	}
	return nil
}
