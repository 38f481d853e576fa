package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTwoInstancesNeverServeStaleStandings: both instances have the standings derived
// and kept (issue 20: once per revision); each save through one is in the other's very
// next read, and so is a player renamed in the registry (no log line in the tournament:
// the stamp's registry part moves).
func TestTwoInstancesNeverServeStaleStandings(t *testing.T) {
	c := newCluster(t)
	base, tid := c.evening(t, 6, `{"games":2}`)
	standings := func(i int) string {
		t.Helper()
		r := call(t, c.on(i), "GET", base+"/standings", c.tok, "")
		require.Equal(t, http.StatusOK, r.status, r.body)
		return r.body
	}
	for i := range 2 {
		require.NotContains(t, standings(i), `"score":915`, "nothing entered yet")
	}
	for round := range 3 { // three saves of table 1, then of table 2, alternating instances
		for table := 1; table <= 2; table++ {
			i := round*2 + table
			total := 300 + 5*i // a total no other save gives (multiples of 5): the side scores three times it
			r := call(t, c.on(i), "PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, table), c.tok, sheetJSON(total, 100, 0))
			require.Equal(t, http.StatusOK, r.status, r.body)
			require.Contains(t, standings(i+1), fmt.Sprintf(`"score":%d`, 3*total), "save %d through one instance, read on the other", i)
			require.Contains(t, standings(i), fmt.Sprintf(`"score":%d`, 3*total), "and on the one that saved")
		}
	}

	st, err := c.store.Load(t.Context(), tid)
	require.NoError(t, err)
	p, err := c.store.FindPlayer(t.Context(), st.Entries[0].Members[0].PlayerID)
	require.NoError(t, err)
	p.LastName = "Rinominato"
	require.NoError(t, c.store.UpdatePlayer(t.Context(), p))
	for i := range 2 {
		require.Contains(t, standings(i), "Rinominato", "a registry rename shows on instance %d at once", i)
	}
}
