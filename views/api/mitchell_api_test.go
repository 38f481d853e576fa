package api_test

import (
	"fmt"
	"net/http"
	"testing"

	"burraco/views/viewtest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAPIMitchellSevenPairs plays a Mitchell evening of 7 pairs (4 tables, table 4 the
// phantom; EW move up one; the FIBUR 3-hand scale) through the JSON API: too many rounds
// refused at the draw and, once drawn, in the settings; round 1 seated by hand, rounds 2
// and 3 by the movement, each worked out by hand below, and the final ranking of both
// lines.
func TestAPIMitchellSevenPairs(t *testing.T) {
	app := viewtest.NewApp(t)
	tok := app.APIToken(app.Setup())
	c := app.Client()
	call := func(method, path, body string, out any) *viewtest.Response {
		t.Helper()
		res := c.API(method, path, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
		return res
	}
	var tr struct{ ID int64 }
	call("POST", "/api/v1/tournaments", `{"name":"Mitchell del giovedì","date":"2026-11-26","venue":"Circolo","format":"mitchell",
		"settings":{"rounds":5,"hands_per_round":3,"move":1}}`, &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)

	letters := "ABCDEFG"
	pair := map[byte]int64{}
	name := map[int64]byte{}
	for i := range len(letters) {
		var p1, p2 struct{ ID int64 }
		call("POST", "/api/v1/players", fmt.Sprintf(`{"first_name":"Uno","last_name":"%c"}`, letters[i]), &p1)
		call("POST", "/api/v1/players", fmt.Sprintf(`{"first_name":"Due","last_name":"%c"}`, letters[i]), &p2)
		var e struct{ ID int64 }
		call("POST", base+"/entries", fmt.Sprintf(`{"pair":[%d,%d]}`, p1.ID, p2.ID), &e)
		pair[letters[i]], name[e.ID] = e.ID, letters[i]
	}
	call("POST", base+"/entries/present", "", nil)

	// 7 pairs sit at 4 tables: a Mitchell of 4 tables has 4 rounds, not 5.
	var bad struct {
		Error struct {
			Code, Message string
			Fields        map[string]string
		}
	}
	res := c.API("POST", base+"/draw", tok, `{"seed":3}`, &bad)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.Contains(t, bad.Error.Message, "4")
	assert.Contains(t, bad.Error.Message, "5")
	assert.NotEmpty(t, bad.Error.Fields["rounds"])
	call("PUT", base, `{"name":"Mitchell del giovedì","date":"2026-11-26","format":"mitchell","settings":{"rounds":3,"hands_per_round":3,"move":1}}`, nil)
	assert.Equal(t, http.StatusConflict, c.API("GET", base+"/movement", tok, "", nil).StatusCode, "no movement before round 1")

	var g struct {
		Tables []struct {
			Entries []int64
			MP      []int `json:"mp"`
			Points  []string
		}
		Byes []struct {
			EntryID int64 `json:"entry_id"`
		}
	}
	tables := func() []string {
		var out []string
		for _, tb := range g.Tables {
			out = append(out, string([]byte{name[tb.Entries[0]], '-', name[tb.Entries[1]]}))
		}
		for _, b := range g.Byes {
			out = append(out, string([]byte{name[b.EntryID]})+" out")
		}
		return out
	}
	score := func(round, table, a, b int) {
		call("PUT", fmt.Sprintf("%s/rounds/%d/tables/%d", base, round, table),
			fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, a, b), nil)
	}

	call("POST", base+"/draw", `{"seed":3}`, &g)
	require.Len(t, g.Tables, 3)
	require.Len(t, g.Byes, 1)
	// The director seats round 1 by hand: NS A, C, E at tables 1–3; EW B, D, F; G on the
	// phantom table 4. The lines: NS = [A C E –], EW by round-1 table = [B D F G].
	call("PUT", base+"/rounds/1/seats", fmt.Sprintf(`{"tables":[[%d,%d],[%d,%d],[%d,%d]],"byes":[%d]}`,
		pair['A'], pair['B'], pair['C'], pair['D'], pair['E'], pair['F'], pair['G']), &g)
	// Once drawn, 4 rounds would fit the movement, 5 would not.
	res = c.API("PUT", base, tok, `{"name":"Mitchell del giovedì","date":"2026-11-26","format":"mitchell","settings":{"rounds":5,"hands_per_round":3,"move":1}}`, &bad)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.NotEmpty(t, bad.Error.Fields["rounds"])

	// The movement cards as data: table 1 keeps A and sees B, then G (from the phantom
	// table 4), then F; table 3's pair of round 1 (F) goes to the phantom.
	var mv struct {
		Tables, Phantom, Move, Rounds int
		Guides                        []struct {
			Table   int
			Phantom bool
			Stays   int64
			Visits  []struct {
				Round, From, To int
				Pair            int64
			}
		}
		Names map[string]string
	}
	call("GET", base+"/movement", "", &mv)
	assert.Equal(t, []int{4, 4, 1, 3}, []int{mv.Tables, mv.Phantom, mv.Move, mv.Rounds})
	require.Len(t, mv.Guides, 4)
	assert.Equal(t, pair['A'], mv.Guides[0].Stays)
	var seen []string
	for _, v := range mv.Guides[0].Visits {
		seen = append(seen, fmt.Sprintf("%c %d→%d", name[v.Pair], v.From, v.To))
	}
	assert.Equal(t, []string{"B 0→2", "G 4→2", "F 4→0"}, seen)
	assert.True(t, mv.Guides[3].Phantom)
	assert.Zero(t, mv.Guides[3].Stays)
	assert.Equal(t, 4, mv.Guides[2].Visits[0].To)
	assert.Len(t, mv.Names, 7)

	score(1, 1, 1000, 700) // A +300: 13-7
	score(1, 2, 500, 1100) // D +600: 15-5
	score(1, 3, 900, 900)  // 10-10; G out: 12 VP, 0 MP
	// Round 2, EW up one: B 1→2, D 2→3, F 3→4 (phantom: out), G 4→1.
	call("POST", base+"/draw", "", &g)
	assert.Equal(t, []string{"A-G", "C-B", "E-D", "F out"}, tables(), "round 2")
	score(2, 1, 800, 1000) // G +200: 12-8
	score(2, 2, 1500, 0)   // C +1500: 19-1
	score(2, 3, 600, 600)  // 10-10; F out: 12
	// Round 3: B 2→3, D 3→4 (out), F 4→1, G 1→2.
	call("POST", base+"/draw", "", &g)
	assert.Equal(t, []string{"A-F", "C-G", "E-B", "D out"}, tables(), "round 3")
	score(3, 1, 1200, 0)    // A +1200: 18-2
	score(3, 2, 0, 1700)    // G +1700: 20-0
	score(3, 3, 1000, 1050) // B +50: 10-10; D out: 12
	call("GET", base+"/rounds/3", "", &g)
	assert.Equal(t, []string{"0", "20"}, g.Tables[1].Points)
	assert.Equal(t, []int{-1700, 1700}, g.Tables[1].MP)

	// A 13+8+18 = 39 (+1300); B 7+1+10 = 18 (−1750); C 5+19+0 = 24 (−800);
	// D 15+10+12 = 37 (+600); E 10+10+10 = 30 (−50); F 10+12+2 = 24 (−1200);
	// G 12+12+20 = 44 (+1900). C before F on MP.
	var st struct {
		Standings []struct {
			Place   int
			EntryID int64  `json:"entry_id"`
			VP      string `json:"vp"`
			MP      int    `json:"mp"`
		}
	}
	call("GET", base+"/standings", "", &st)
	type line struct {
		Place int
		Pair  string
		VP    string
		MP    int
	}
	var got []line
	for _, s := range st.Standings {
		got = append(got, line{s.Place, string(name[s.EntryID]), s.VP, s.MP})
	}
	assert.Equal(t, []line{{1, "G", "44", 1900}, {2, "A", "39", 1300}, {3, "D", "37", 600}, {4, "E", "30", -50},
		{5, "C", "24", -800}, {6, "F", "24", -1200}, {7, "B", "18", -1750}}, got)

	res = c.API("POST", base+"/draw", tok, "", nil)
	assert.Equal(t, http.StatusConflict, res.StatusCode, "all 3 rounds drawn")

	call("POST", "/api/v1/tournaments", `{"name":"Danese","date":"2026-11-26","format":"danish"}`, &tr)
	assert.Equal(t, http.StatusNotFound, c.API("GET", fmt.Sprintf("/api/v1/tournaments/%d/movement", tr.ID), tok, "", nil).StatusCode,
		"a Danish stage has no movement")
}
