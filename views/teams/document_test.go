package teams_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// A teams tournament's document, bent out of shape, imported: each bend is refused with
// a field, or imported into a tournament whose pages still answer (never 500).
func TestTeamsDocumentBent(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 4)
	m := ev.Members[0]
	res := c.API("PUT", fmt.Sprintf("%s/rounds/1/lineups/%d", ev.API, ev.Teams[0]), tok, lineupJSON(m[1], m[0], m[3], m[2]), nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("POST", ev.API+"/draw", tok, `{"seed":3,"round":1}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	saveTotals(t, c, tok, ev.API, 1, 1, 900, 800)
	raw := c.Get(ev.HTML + "/export.json")
	require.Equal(t, http.StatusOK, raw.StatusCode)

	type doc = map[string]any
	get := func(d doc, path ...any) any {
		var cur any = d
		for _, k := range path {
			switch k := k.(type) {
			case string:
				cur = cur.(map[string]any)[k]
			case int:
				cur = cur.([]any)[k]
			}
		}
		return cur
	}
	table := func(d doc, ti int) map[string]any {
		return get(d, "stages", 0, "rounds", 0, "tables", ti).(map[string]any)
	}
	side := func(d doc, ti, si int) map[string]any {
		return table(d, ti)["sides"].([]any)[si].(map[string]any)
	}
	bends := []struct {
		name string
		bend func(d doc)
	}{
		{"as exported", func(doc) {}},
		{"pair 3", func(d doc) { side(d, 0, 0)["pair"] = 3 }},
		{"pair 0 at a team's table", func(d doc) { side(d, 0, 0)["pair"] = 0; side(d, 0, 1)["pair"] = 0 }},
		{"match 99", func(d doc) { table(d, 0)["match"] = 99 }},
		{"match 0", func(d doc) { table(d, 0)["match"] = 0; table(d, 1)["match"] = 0 }},
		{"a match of one table", func(d doc) { table(d, 1)["match"] = 3 }},
		{"partners at a team's side", func(d doc) { side(d, 0, 0)["partners"] = []any{ev.Teams[2]} }},
		{"a line-up naming a non-member", func(d doc) {
			l := get(d, "stages", 0, "lineups", 0).(map[string]any)
			l["pairs"] = []any{[]any{ev.Members[1][0], m[0]}, []any{m[2], m[3]}}
		}},
		{"a line-up of an unknown team", func(d doc) {
			get(d, "stages", 0, "lineups", 0).(map[string]any)["entry_id"] = 999
		}},
		{"a line-up of round 9", func(d doc) {
			get(d, "stages", 0, "lineups", 0).(map[string]any)["round"] = 9
		}},
		{"a team of 3", func(d doc) {
			e := get(d, "entries", 0).(map[string]any)
			e["members"] = e["members"].([]any)[:3]
		}},
	}
	for _, b := range bends {
		t.Run(b.name, func(t *testing.T) {
			var d doc
			require.NoError(t, json.Unmarshal([]byte(raw.Body), &d))
			b.bend(d)
			body, err := json.Marshal(d)
			require.NoError(t, err)
			var out struct{ ID int64 }
			other := viewtest.NewApp(t)
			c := other.Setup()
			tok := other.APIToken(c)
			res := c.API("POST", "/api/v1/tournaments/import", tok, string(body), nil)
			require.Less(t, res.StatusCode, 500, res.Body)
			if b.name == "as exported" {
				require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
			}
			if res.StatusCode != http.StatusCreated {
				assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
				return
			}
			require.NoError(t, json.Unmarshal([]byte(res.Body), &out))
			assert.Equal(t, "as exported", b.name, "a bent document was imported")
			base := fmt.Sprintf("/tournaments/%d", out.ID)
			for _, p := range []string{base, base + "/rounds/1", base + "/standings", base + "/rounds/1/lineups", base + "/rounds/1/tables/1", base + "/rounds/1/print", base + "/export.json"} {
				assert.Less(t, c.Get(p).StatusCode, 500, p)
			}
			for _, p := range []string{"/api/v1" + base + "/standings", "/api/v1" + base + "/rounds/1/matches", "/api/v1" + base + "/rounds/1/lineups"} {
				assert.Less(t, c.API("GET", p, tok, "", nil).StatusCode, 500, p)
			}
		})
	}
}
