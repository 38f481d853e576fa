package viewtest

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// SaveTotals posts a 3-player sheet of totals through the form, the same for each of
// the three hands.
func (c *Client) SaveTotals(base string, round, table int, scores [3]int) *Response {
	form := url.Values{"form": {"total"}}
	for h := 1; h <= 3; h++ {
		for s := 1; s <= 3; s++ {
			form.Set(fmt.Sprintf("h%d.s%d.total", h, s), fmt.Sprint(scores[s-1]))
		}
	}
	return c.Post(fmt.Sprintf("%s/rounds/%d/tables/%d", base, round, table), form)
}

// IDFrom is the id that ends a path such as /tournaments/7.
func IDFrom(path string) int64 {
	var id int64
	fmt.Sscanf(path[strings.LastIndex(path, "/")+1:], "%d", &id)
	return id
}

// Drawn creates a tournament of n players through the pages and draws game 1 with a
// fixed seed; it returns the tournament's and the game's paths.
func Drawn(t *testing.T, c *Client, n int) (base, game1 string) {
	t.Helper()
	base = TournamentWithEntries(t, c, n)
	res := c.Post(base+"/draw", url.Values{"seed": {"77"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	return base, res.Header.Get("Location")
}
