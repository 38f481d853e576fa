package apptest_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// An individual4 document whose sides are not of two players is refused with the side's
// field; the document as exported imports.
func TestIndividual4DocumentSidesOfTwo(t *testing.T) {
	ev := newInd4Evening(t)
	raw := ev.c.Get(ev.base + "/export.json")
	require.Equal(t, http.StatusOK, raw.StatusCode)
	side := func(d map[string]any, si int) map[string]any {
		tb := d["stages"].([]any)[0].(map[string]any)["rounds"].([]any)[0].(map[string]any)["tables"].([]any)[0].(map[string]any)
		return tb["sides"].([]any)[si].(map[string]any)
	}
	for _, tc := range []struct {
		name string
		bend func(d map[string]any)
		want int
	}{
		{"as exported", func(map[string]any) {}, http.StatusCreated},
		{"a side without its partner", func(d map[string]any) { delete(side(d, 0), "partners") }, http.StatusUnprocessableEntity},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d map[string]any
			require.NoError(t, json.Unmarshal([]byte(raw.Body), &d))
			tc.bend(d)
			body, err := json.Marshal(d)
			require.NoError(t, err)
			other := viewtest.NewApp(t)
			c := other.Setup()
			res := c.API("POST", "/api/v1/tournaments/import", other.APIToken(c), string(body), nil)
			assert.Equal(t, tc.want, res.StatusCode, res.Body)
			if tc.want != http.StatusCreated {
				assert.Contains(t, res.Body, "tables[0].sides[0]")
			}
		})
	}
}
