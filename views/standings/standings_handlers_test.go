package standings_test

import (
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

func TestStandingsPage(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	res := c.Post("/tournaments", url.Values{"name": {"Giovedì"}, "date": {"2026-11-26"}, "venue": {"Circolo"},
		"games": {"2"}, "hands_per_game": {"3"}, "qualifiers": {"2"}, "sit_out": {"rotate"}, "bye_points": {"3"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	base := strings.TrimSuffix(res.Header.Get("Location"), "/entries")
	for i := 1; i <= 4; i++ {
		res := c.Post(base+"/entries/new", url.Values{"first_name": {fmt.Sprintf("N%d", i)}, "last_name": {"Verdi"}, "new_person": {"1"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/entries/present", nil).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", nil).StatusCode)

	doc := c.Get(base + "/standings").Doc(t)
	assert.Contains(t, doc.Find("h1").Text(), "Giovedì")
	assert.Equal(t, 4, doc.Find(".standings-table tbody tr").Length())
	assert.Equal(t, 1, doc.Find(".standings-table thead th").FilterFunction(func(_ int, th *goquery.Selection) bool {
		return strings.TrimSpace(th.Text()) == "G1"
	}).Length(), "a column per round drawn")

	assert.Equal(t, http.StatusNotFound, c.Get("/tournaments/999999/standings").StatusCode)
}
