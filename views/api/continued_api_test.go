package api_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestAPIMitchellThenDanish plays "three Mitchell rounds then one Danish round" through
// the JSON API: 8 pairs A–H (4 tables, EW move up one with the skip after round 2; the
// FIBUR 3-hand scale), a second stage started as continued, whose Danish round pairs
// from the Mitchell standings and whose ranking adds both stages, on the director's
// standings, the public standings and the CSV export. Every figure is worked by hand
// below.
func TestAPIMitchellThenDanish(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	tok := app.APIToken(dir)
	c := app.Client()
	call := func(method, path, body string, out any) *viewtest.Response {
		t.Helper()
		res := c.API(method, path, tok, body, out)
		require.Less(t, res.StatusCode, 300, "%s %s: %s", method, path, res.Body)
		return res
	}
	var tr struct{ ID int64 }
	call("POST", "/api/v1/tournaments", `{"name":"Mitchell e danese","date":"2026-11-26","venue":"Circolo","format":"mitchell",
		"settings":{"rounds":3,"hands_per_round":3,"move":1}}`, &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)

	letters := "ABCDEFGH"
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

	var g struct {
		Tables []struct{ Entries []int64 }
		Byes   []struct {
			EntryID int64 `json:"entry_id"`
		}
	}
	tables := func() []string {
		var out []string
		for _, tb := range g.Tables {
			out = append(out, string([]byte{name[tb.Entries[0]], '-', name[tb.Entries[1]]}))
		}
		return out
	}
	score := func(round, table, a, b int) {
		t.Helper()
		call("PUT", fmt.Sprintf("%s/rounds/%d/tables/%d", base, round, table),
			fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, a, b), nil)
	}
	type line struct {
		Place int
		Pair  string
		VP    string
		MP    int
	}
	standings := func() []line {
		t.Helper()
		var st struct {
			Stage     int
			Standings []struct {
				Place   int
				EntryID int64  `json:"entry_id"`
				VP      string `json:"vp"`
				MP      int    `json:"mp"`
			}
		}
		call("GET", base+"/standings", "", &st)
		var got []line
		for _, s := range st.Standings {
			got = append(got, line{s.Place, string(name[s.EntryID]), s.VP, s.MP})
		}
		return got
	}

	// Round 1 seated by hand: NS A, C, E, G at tables 1–4, EW B, D, F, H.
	call("POST", base+"/draw", `{"seed":3}`, &g)
	call("PUT", base+"/rounds/1/seats", fmt.Sprintf(`{"tables":[[%d,%d],[%d,%d],[%d,%d],[%d,%d]]}`,
		pair['A'], pair['B'], pair['C'], pair['D'], pair['E'], pair['F'], pair['G'], pair['H']), &g)
	score(1, 1, 1000, 700) // A +300: 13-7
	score(1, 2, 500, 1100) // D +600: 15-5
	score(1, 3, 900, 900)  // 10-10
	score(1, 4, 800, 600)  // G +200: 12-8
	// Round 2, EW up one: B 1→2, D 2→3, F 3→4, H 4→1.
	call("POST", base+"/draw", "", &g)
	assert.Equal(t, []string{"A-H", "C-B", "E-D", "G-F"}, tables(), "round 2")
	score(2, 1, 1200, 1000) // A +200: 12-8
	score(2, 2, 600, 1400)  // B +800: 16-4
	score(2, 3, 700, 600)   // E +100: 11-9
	score(2, 4, 1000, 400)  // G +600: 15-5
	// Round 3, EW up one again: B 2→3, D 3→4, F 4→1, H 1→2.
	call("POST", base+"/draw", "", &g)
	assert.Equal(t, []string{"A-F", "C-H", "E-B", "G-D"}, tables(), "round 3")
	score(3, 1, 900, 1000) // F +100: 9-11
	score(3, 2, 1300, 300) // C +1000: 17-3
	score(3, 3, 500, 500)  // 10-10
	score(3, 4, 400, 1500) // D +1100: 2-18

	// After the Mitchell stage: A 13+12+9 = 34 (+300+200−100 = +400);
	// B 7+16+10 = 33 (−300+800+0 = +500); C 5+4+17 = 26 (−600−800+1000 = −400);
	// D 15+9+18 = 42 (+600−100+1100 = +1600); E 10+11+10 = 31 (+100);
	// F 10+5+11 = 26 (0−600+100 = −500); G 12+15+2 = 29 (+200+600−1100 = −300);
	// H 8+8+3 = 19 (−200−200−1000 = −1400). C before F on MP.
	assert.Equal(t, []line{{1, "D", "42", 1600}, {2, "A", "34", 400}, {3, "B", "33", 500}, {4, "E", "31", 100},
		{5, "G", "29", -300}, {6, "C", "26", -400}, {7, "F", "26", -500}, {8, "H", "19", -1400}}, standings())

	// A seeded Danish stage is refused (it is not a bracket), and a knockout cannot
	// continue; the plan of a continued Danish stage carries everyone, best first.
	var bad struct {
		Error struct{ Fields map[string]string }
	}
	res := c.API("POST", base+"/stages", tok, `{"format":"danish"}`, &bad)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.NotEmpty(t, bad.Error.Fields["format"])
	res = c.API("POST", base+"/stages", tok, `{"format":"knockout","start":"continued"}`, &bad)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.NotEmpty(t, bad.Error.Fields["start"])
	var plan struct {
		Start      string
		Qualifiers []struct{ ID int64 }
	}
	call("GET", base+"/stages/next?format=danish&start=continued", "", &plan)
	assert.Equal(t, "continued", plan.Start)
	var carried string
	for _, e := range plan.Qualifiers {
		carried += string(name[e.ID])
	}
	assert.Equal(t, "DABEGCFH", carried)

	var stage struct {
		Seq   int
		Start string
	}
	call("POST", base+"/stages", `{"format":"danish","start":"continued"}`, &stage)
	assert.Equal(t, 2, stage.Seq)
	assert.Equal(t, "continued", stage.Start)
	call("PUT", base, `{"name":"Mitchell e danese","date":"2026-11-26","format":"danish",
		"settings":{"sides":"pairs","rounds":1,"hands_per_round":3,"pairing":"no_rematch","bye_vp":12,"bye_mp":0}}`, nil)
	// Before its round 1, stage 2's standings are the Mitchell ones.
	assert.Equal(t, "D", standings()[0].Pair)

	// Round 1 of the Danish stage pairs 1–2, 3–4… of the Mitchell standings, D–A, then B
	// (3rd) would meet E (4th) again (Mitchell round 3): meetings of the stage before
	// count for the rematch rule, so B meets G (5th) and E meets C (6th); F–H.
	call("POST", base+"/draw", `{"seed":5}`, &g)
	assert.Equal(t, []string{"D-A", "B-G", "E-C", "F-H"}, tables(), "Danish round 1")
	score(1, 1, 600, 900)  // A +300: 7-13
	score(1, 2, 1100, 400) // B +700: 16-4
	score(1, 3, 800, 800)  // 10-10
	score(1, 4, 300, 1200) // H +900: 3-17

	// The final ranking adds both stages: D 42+7 = 49 (+1600−300 = +1300);
	// B 33+16 = 49 (+500+700 = +1200); A 34+13 = 47 (+400+300 = +700); E 31+10 = 41 (+100);
	// C 26+10 = 36 (−400); H 19+17 = 36 (−1400+900 = −500); G 29+4 = 33 (−300−700 = −1000);
	// F 26+3 = 29 (−500−900 = −1400). D before B, C before H on MP.
	final := []line{{1, "D", "49", 1300}, {2, "B", "49", 1200}, {3, "A", "47", 700}, {4, "E", "41", 100},
		{5, "C", "36", -400}, {6, "H", "36", -500}, {7, "G", "33", -1000}, {8, "F", "29", -1400}}
	assert.Equal(t, final, standings())

	// The public standings, once published, show the same ranking (VP in sixths).
	call("PUT", base+"/published", `{"published":true}`, nil)
	var pub struct {
		Lines []struct {
			EntryID int64 `json:"entry_id"`
			Place   int
			Values  []int
		}
	}
	call("GET", fmt.Sprintf("/api/v1/public/tournaments/%d/standings", tr.ID), "", &pub)
	var got []line
	for _, l := range pub.Lines {
		got = append(got, line{l.Place, string(name[l.EntryID]), fmt.Sprint(l.Values[0] / 6), l.Values[1]})
	}
	assert.Equal(t, final, got)

	// The standings export (CSV) too.
	res = dir.Get(fmt.Sprintf("/tournaments/%d/standings.csv", tr.ID))
	require.Equal(t, http.StatusOK, res.StatusCode)
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(res.Body, "\ufeff"))).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 9, "a heading and 8 pairs")
	assert.Equal(t, []string{"VP", "MP"}, rows[0][3:5])
	got = nil
	for _, r := range rows[1:] {
		place, _ := strconv.Atoi(r[0])
		mp, _ := strconv.Atoi(r[4])
		got = append(got, line{place, r[1][:1], r[3], mp})
	}
	assert.Equal(t, final, got)
	_ = standings
}
