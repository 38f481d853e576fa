package history_test

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

func idFrom(path string) int64 {
	var id int64
	fmt.Sscanf(path[strings.LastIndex(path, "/")+1:], "%d", &id)
	return id
}

// saveTable posts a sheet of totals, the same for each of the three hands.
func saveTable(c *viewtest.Client, base string, round, table int, scores [3]int) *viewtest.Response {
	form := url.Values{"form": {"total"}}
	for h := 1; h <= 3; h++ {
		for s := 1; s <= 3; s++ {
			form.Set(fmt.Sprintf("h%d.s%d.total", h, s), fmt.Sprint(scores[s-1]))
		}
	}
	return c.Post(fmt.Sprintf("%s/rounds/%d/tables/%d", base, round, table), form)
}
