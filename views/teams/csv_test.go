package teams_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// Team names a spreadsheet would read as formulas are written as text in every CSV
// the director downloads (the standings name them; the federation's, players only).
func TestTeamNamesInCSV(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	hostile := []string{`=HYPERLINK(\"http://x\",\"y\")`, `+SUM(1;2)`}
	for i, team := range ev.Teams {
		m := ev.Members[i]
		res := c.API("PUT", fmt.Sprintf("%s/teams/%d", ev.API, team), tok,
			fmt.Sprintf(`{"name":"%s","players":[%d,%d,%d,%d]}`, hostile[i], m[0], m[1], m[2], m[3]), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	res := c.API("POST", ev.API+"/draw", tok, `{"seed":3,"round":1}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	saveTotals(t, c, tok, ev.API, 1, 1, 900, 800)
	saveTotals(t, c, tok, ev.API, 1, 2, 700, 800)
	for _, p := range []string{ev.HTML + "/standings.csv", ev.API + "/federation.csv"} {
		res := c.API("GET", p, tok, "", nil)
		require.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", p, res.Body)
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(res.Body, "\ufeff"))).ReadAll()
		require.NoError(t, err, p)
		found := 0
		for _, row := range rows {
			for _, cell := range row {
				if strings.Contains(cell, "HYPERLINK") || strings.Contains(cell, "SUM(") {
					found++
				}
				if cell != "" {
					assert.NotContains(t, "=+@", cell[:1], "%s: cell %q", p, cell)
				}
			}
		}
		if strings.HasSuffix(p, "standings.csv") {
			assert.Positive(t, found, "%s names the teams", p)
		}
	}
}

// Hostile team names: markup is shown as text on the team's page and the round page,
// control characters and 10,000 characters are refused, a name differing only by case
// and spaces is taken.
func TestHostileTeamNames(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	m := ev.Members[0]
	put := func(name string) *viewtest.Response {
		b, _ := json.Marshal(map[string]any{"name": name, "players": m})
		return c.API("PUT", fmt.Sprintf("%s/teams/%d", ev.API, ev.Teams[0]), tok, string(b), nil)
	}
	for _, name := range []string{"Lupi\x01", "Lupi\u202e", strings.Repeat("L", 10000), "  team   B ", "TEAM B", ""} {
		res := put(name)
		assert.Contains(t, []int{http.StatusUnprocessableEntity, http.StatusConflict}, res.StatusCode, "%.40q: %s", name, res.Body)
	}
	res := put(`<script>alert(1)</script><img src=x onerror=alert(2)>`)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("POST", ev.API+"/draw", tok, `{"seed":3,"round":1}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	for _, p := range []string{fmt.Sprintf("%s/teams/%d", ev.HTML, ev.Teams[0]), ev.HTML + "/rounds/1", ev.HTML + "/rounds/1/lineups", ev.HTML + "/entries", ev.HTML + "/rounds/1/print"} {
		res := c.Get(p)
		require.Equal(t, http.StatusOK, res.StatusCode, p)
		doc := res.Doc(t)
		assert.Equal(t, 0, doc.Find("img[onerror]").Length(), p)
		doc.Find("script").Each(func(_ int, s *goquery.Selection) {
			assert.NotContains(t, s.Text(), "alert(", p)
		})
		assert.Contains(t, doc.Text(), "<script>alert(1)</script>", "%s shows the name as text", p)
	}
}
