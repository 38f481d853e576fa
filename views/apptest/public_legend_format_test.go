package apptest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// The public standings' legend names what a line is: a player in an individual
// tournament at 4-player tables, a team in a teams tournament (not "that line").
func TestPublicStandingsLegendNamesTheLine(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)

	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Individuale","date":"2026-11-24","format":"individual4","settings":{"rounds":3,"hands_per_round":3}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	ind := tr.ID
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	var teams int64
	_, err := fmt.Sscanf(ev.HTML, "/tournaments/%d", &teams)
	require.NoError(t, err)
	for _, id := range []int64{ind, teams} {
		res := c.API("PUT", fmt.Sprintf("/api/v1/tournaments/%d/published", id), tok, `{"published":true}`, nil)
		require.Less(t, res.StatusCode, 300, res.Body)
	}

	for _, tc := range []struct {
		id         int64
		lang, want string
	}{
		{ind, "it", "Tocca un nome per i turni di quel giocatore."},
		{ind, "en", "Tap a name for that player's rounds."},
		{teams, "it", "Tocca un nome per i turni di quella squadra."},
		{teams, "en", "Tap a name for that team's rounds."},
	} {
		c.Lang = tc.lang
		doc := c.Get(fmt.Sprintf("/p/%d/standings", tc.id)).Doc(t)
		legend := strings.Join(strings.Fields(doc.Find(".pub-legend, .legend, p.note").Text()), " ")
		if legend == "" {
			legend = strings.Join(strings.Fields(doc.Text()), " ")
		}
		assert.Contains(t, legend, tc.want, "tournament %d in %s", tc.id, tc.lang)
	}
}
