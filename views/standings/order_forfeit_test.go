package standings_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestPairingOrderTellsAForfeit: five players, no rematches. In round 1 one table is a
// forfeit: the page of round 2's pairing order says the side present has had its bye
// (a forfeit won), in both languages and in the API (RULES.md 4.3).
func TestPairingOrderTellsAForfeit(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	call := func(method, path, body string, out any) {
		t.Helper()
		res := c.API(method, path, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
	}
	var tr struct{ ID int64 }
	call("POST", "/api/v1/tournaments", `{"name":"Forfait","date":"2026-11-29","format":"danish",`+
		`"settings":{"sides":"individual","rounds":3,"pairing":"no_rematch"}}`, &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	for _, n := range []string{"Rossi", "Bianchi", "Verdi", "Neri", "Gialli"} {
		call("POST", base+"/entries", fmt.Sprintf(`{"player":{"first_name":"Anna","last_name":"%s"}}`, n), nil)
	}
	call("POST", base+"/entries/present", "", nil)
	var g struct {
		Tables []struct {
			Number  int
			Entries []int64
		}
	}
	call("POST", base+"/draw", `{"seed":5}`, &g)
	require.Len(t, g.Tables, 2)
	present := g.Tables[0].Entries[0]
	call("PUT", base+"/rounds/1/tables/1", `{"hands":[],"outcome":{"kind":"forfeit","side":2}}`, nil)
	call("PUT", base+"/rounds/1/tables/2", `{"hands":[[{"form":3,"total":1500},{"form":3,"total":1000}]]}`, nil)
	call("POST", base+"/draw", `{"seed":6}`, nil)
	var order struct {
		Order []struct {
			EntryID     int64 `json:"entry_id"`
			Byes        int   `json:"byes"`
			ForfeitByes int   `json:"forfeit_byes"`
		}
	}
	call("GET", base+"/rounds/2/order", "", &order)
	found := false
	for _, l := range order.Order {
		if l.EntryID == present {
			found = true
			assert.Equal(t, 1, l.Byes, "the forfeit won counts as a bye")
			assert.Equal(t, 1, l.ForfeitByes)
		}
	}
	require.True(t, found)
	for lang, want := range map[string]string{"it": "(1 per forfait vinto)", "en": "(1 a forfeit won)"} {
		c.Lang = lang
		doc := c.Get(fmt.Sprintf("/tournaments/%d/rounds/2/order", tr.ID)).Doc(t)
		assert.Equal(t, want, doc.Find(".forfeit-byes").Text(), lang)
	}
}
