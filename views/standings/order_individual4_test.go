package standings_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestPairingOrderAtFourPlayerTables: 8 players at 4-player tables. Round 1: table 1's
// first partnership wins by 500, table 2's by 100. Round 2's order starts with table 1's
// winners (level: the tie order), then table 2's; as they partnered already, 1st plays
// with 3rd against 2nd and 4th. The order lists every player, partners included, each
// with their table, partner and opponents, on the page (both languages) and in the API.
func TestPairingOrderAtFourPlayerTables(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	call := func(method, path, body string, out any) {
		t.Helper()
		res := c.API(method, path, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
	}
	var tr struct{ ID int64 }
	call("POST", "/api/v1/tournaments", `{"name":"Quattro","date":"2026-11-29","format":"individual4","settings":{"rounds":2}}`, &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	names := map[int64]string{}
	for _, n := range []string{"Rossi", "Bianchi", "Verdi", "Neri", "Gialli", "Blu", "Rosa", "Viola"} {
		var e struct{ ID int64 }
		call("POST", base+"/entries", fmt.Sprintf(`{"player":{"first_name":"Anna","last_name":"%s"}}`, n), &e)
		names[e.ID] = n + " Anna"
	}
	call("POST", base+"/entries/present", "", nil)
	var g struct{ Tables []struct{ Number int } }
	call("POST", base+"/draw", `{"seed":5}`, &g)
	require.Len(t, g.Tables, 2)
	for i, tb := range g.Tables {
		call("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, tb.Number),
			fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":1000}]]}`, []int{1500, 1100}[i]), nil)
	}
	call("POST", base+"/draw", `{"seed":6}`, &g)
	var order struct {
		Order []struct {
			EntryID   int64 `json:"entry_id"`
			Table     int
			Partners  []int64
			Opponents []int64
		}
	}
	call("GET", base+"/rounds/2/order", "", &order)
	require.Len(t, order.Order, 8, "every player, partners included")
	o := order.Order
	assert.Equal(t, []int64{o[2].EntryID}, o[0].Partners, "1st with 3rd")
	assert.ElementsMatch(t, []int64{o[1].EntryID, o[3].EntryID}, o[0].Opponents, "against 2nd and 4th")
	partner := map[int64]int64{}
	for _, l := range o {
		require.Len(t, l.Partners, 1)
		require.Len(t, l.Opponents, 2)
		assert.Positive(t, l.Table)
		partner[l.EntryID] = l.Partners[0]
	}
	for a, b := range partner {
		assert.Equal(t, a, partner[b], "partners both ways")
	}

	page := fmt.Sprintf("/tournaments/%d/rounds/2/order", tr.ID)
	for lang, want := range map[string]string{"en": "table %d, with %s, against %s, %s", "it": "tavolo %d, con %s, contro %s, %s"} {
		c.Lang = lang
		doc := c.Get(page).Doc(t)
		rows := doc.Find("table.order tbody tr")
		require.Equal(t, 8, rows.Length())
		for i, l := range o {
			cell := strings.TrimSpace(rows.Eq(i).Find("td.paired").Text())
			assert.Equal(t, fmt.Sprintf(want, l.Table, names[l.Partners[0]], names[l.Opponents[0]], names[l.Opponents[1]]), cell, lang)
		}
		assert.Contains(t, doc.Text(), map[string]string{"en": "partnering two players again", "it": "di nuovo in coppia"}[lang], "the seating's priorities")
	}
}
