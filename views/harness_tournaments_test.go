package views

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// newTournamentHTML creates a tournament through the form, enters n new players and
// marks them present.
func newTournamentHTML(t *testing.T, c *client, n int) string {
	t.Helper()
	res := c.post("/tournaments", url.Values{"name": {"Giovedì"}, "date": {"2026-11-26"}, "venue": {"Circolo"},
		"games": {"2"}, "hands_per_game": {"3"}, "qualifiers": {"2"}, "sit_out": {"rotate"}, "bye_points": {"3"},
		"never_opened_doubles": {"on"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
	entries := res.Header.Get("Location")
	base := strings.TrimSuffix(entries, "/entries")
	for i := 1; i <= n; i++ {
		res := c.post(base+"/entries/new", url.Values{"first_name": {fmt.Sprintf("N%d", i)}, "last_name": {"Verdi"}, "new_person": {"1"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
	}
	if n > 0 { // entries start absent: the roll call marks them present
		res := c.post(base+"/entries/present", nil)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.body)
	}
	return base
}

func idFrom(path string) int64 {
	var id int64
	fmt.Sscanf(path[strings.LastIndex(path, "/")+1:], "%d", &id)
	return id
}
