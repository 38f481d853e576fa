package apptest_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

func totals(a, b, c int) string {
	row := fmt.Sprintf(`[{"form":2,"total":%d},{"form":2,"total":%d},{"form":2,"total":%d}]`, a, b, c)
	return `{"hands":[` + row + "," + row + "," + row + `]}`
}

type apiGameOut struct {
	Number int
	Seed   int64
	Tables []struct {
		Number   int
		Entries  []int64
		Scores   []int
		Points   []string
		Complete bool
	}
	Byes     []struct{ EntryID int64 } `json:"byes"`
	Complete bool
}

// apiEvening creates a 3-player tournament with n players present through the API and draws
// round 1 with a fixed seed; it returns the tournament's API path and the entries.
func apiEvening(t *testing.T, c *viewtest.Client, tok string, n int, settings string) (string, []int64) {
	t.Helper()
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Sera","date":"2026-11-24","settings":`+settings+`}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	var ids []int64
	for i := 1; i <= n; i++ {
		var e struct{ ID int64 }
		res := c.API("POST", base+"/entries", tok, fmt.Sprintf(`{"player":{"first_name":"P%d","last_name":"Bianchi"},"new_person":true}`, i), &e)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		ids = append(ids, e.ID)
	}
	res = c.API("POST", base+"/entries/present", tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("POST", base+"/draw", tok, `{"seed": 77}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	return base, ids
}
