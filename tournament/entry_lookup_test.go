package tournament

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStateEntry finds an entry by ID whether the entries are in ID order (as loaded)
// or not (a document's order), and nil for an ID not there.
func TestStateEntry(t *testing.T) {
	for _, ids := range [][]int64{{1, 2, 3, 5, 8, 13}, {13, 2, 8, 1, 5, 3}, {}} {
		st := &State{}
		for _, id := range ids {
			st.Entries = append(st.Entries, Entry{ID: id, Name: "e"})
		}
		for _, id := range ids {
			if e := st.Entry(id); assert.NotNil(t, e, "%v: %d", ids, id) {
				assert.Equal(t, id, e.ID)
				assert.Same(t, e, st.Entry(id), "a pointer into the state")
			}
		}
		for _, missing := range []int64{0, 4, 14, -1} {
			assert.Nil(t, st.Entry(missing), "%v: %d", ids, missing)
		}
	}
}
