package rounds_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// newTournamentHTML creates a tournament through the form, enters n new players and
// marks them present.
func newTournamentHTML(t *testing.T, c *viewtest.Client, n int) string {
	t.Helper()
	res := c.Post("/tournaments", url.Values{"name": {"Giovedì"}, "date": {"2026-11-26"}, "venue": {"Circolo"},
		"games": {"2"}, "hands_per_game": {"3"}, "qualifiers": {"2"}, "sit_out": {"rotate"}, "bye_points": {"3"},
		"never_opened_doubles": {"on"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	entries := res.Header.Get("Location")
	base := strings.TrimSuffix(entries, "/entries")
	for i := 1; i <= n; i++ {
		res := c.Post(base+"/entries/new", url.Values{"first_name": {fmt.Sprintf("N%d", i)}, "last_name": {"Verdi"}, "new_person": {"1"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	if n > 0 { // entries start absent: the roll call marks them present
		res := c.Post(base+"/entries/present", nil)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	return base
}

// drawn creates a tournament of n players through the pages and draws game 1 with a
// fixed seed; it returns the tournament's and the game's paths.
func drawn(t *testing.T, c *viewtest.Client, n int) (base, game1 string) {
	t.Helper()
	base = newTournamentHTML(t, c, n)
	res := c.Post(base+"/draw", url.Values{"seed": {"77"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	return base, res.Header.Get("Location")
}
