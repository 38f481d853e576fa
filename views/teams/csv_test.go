package teams_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"

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
