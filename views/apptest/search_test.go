package apptest_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// The registry search and the entries' search-as-you-type ignore accents, apostrophes
// and case: a director types "mazza", "niccolo", "dalessandro".
func TestSearchIgnoresAccentsAndApostrophes(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	for _, p := range [][2]string{{"Luca", "Mazzà"}, {"Niccolò", "Rossi"}, {"Gino", "D'Alessandro"}, {"Anna", "Verdi"}} {
		require.Equal(t, http.StatusSeeOther, c.Post("/players", url.Values{"first_name": {p[0]}, "last_name": {p[1]}}).StatusCode)
	}
	base := viewtest.TournamentWithEntries(t, c, 0)
	for q, want := range map[string]string{"mazza": "Mazzà Luca", "niccolo": "Rossi Niccolò", "dalessandro": "D'Alessandro Gino", "NICCOLÒ": "Rossi Niccolò"} {
		rows := c.Get("/players?q=" + url.QueryEscape(q)).Doc(t).Find("#player-results td.name")
		require.Equal(t, 1, rows.Length(), q)
		assert.Equal(t, want, strings.Join(strings.Fields(rows.Text()), " "), q)

		hits := c.Get(base + "/entries/search?q=" + url.QueryEscape(q)).Doc(t).Find(".search-results li strong")
		require.Equal(t, 1, hits.Length(), q)
		assert.Equal(t, want, hits.Text(), q)
	}
}
