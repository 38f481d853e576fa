package standings_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// A 3-player evening scored in VP ranks by VP then MP: its standings' legend says so,
// not the 6/3/1 evening's "ranking points, then game points"; the 6/3/1 evening keeps
// its own.
func TestThreePlayerVPStandingsLegend(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	legend := func(scoring, lang string) string {
		var tr struct{ ID int64 }
		res := c.API("POST", "/api/v1/tournaments", tok, fmt.Sprintf(`{"name":"Sera","date":"2026-11-27","format":"individual3","settings":{"games":1,"hands_per_game":3,"scoring":%q}}`, scoring), &tr)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		api := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
		for i := 1; i <= 3; i++ {
			res := c.API("POST", api+"/entries", tok, fmt.Sprintf(`{"player":{"first_name":"P%d","last_name":"Verdi"},"new_person":true}`, i), nil)
			require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		}
		require.Equal(t, http.StatusOK, c.API("POST", api+"/entries/present", tok, "", nil).StatusCode)
		require.Equal(t, http.StatusCreated, c.API("POST", api+"/draw", tok, `{"seed": 3}`, nil).StatusCode)
		c.Lang = lang
		doc := c.Get(fmt.Sprintf("/tournaments/%d/standings", tr.ID)).Doc(t)
		return strings.TrimSpace(doc.Find(".standings-table").NextFiltered("p.muted").Text())
	}
	assert.True(t, strings.HasPrefix(legend("vp", "en"), "Ranked by VP, then MP"), legend("vp", "en"))
	assert.True(t, strings.HasPrefix(legend("vp", "it"), "Ordine: VP, poi MP"), legend("vp", "it"))
	assert.True(t, strings.HasPrefix(legend("631", "en"), "Ranked by ranking points, then game points"), legend("631", "en"))
}
