package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"burraco/views/viewtest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

// TestAPIWholeEvening plays a 9-player, 2-game evening through the JSON API with fixed
// hand scores, and checks every table and the final standings against figures worked
// out by hand below.
func TestAPIWholeEvening(t *testing.T) {
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
	call("POST", "/api/v1/tournaments", `{"name":"Martedì sera","date":"2026-11-24","format":"individual3","venue":"Circolo","qualifiers":4}`, &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)

	// P1..P9 registered on the spot.
	entry := map[int]int64{}
	for i := 1; i <= 9; i++ {
		var e struct{ ID int64 }
		call("POST", base+"/entries", fmt.Sprintf(`{"player":{"first_name":"P%d","last_name":"Rossi"}}`, i), &e)
		entry[i] = e.ID
	}
	var marked struct{ Marked int }
	call("POST", base+"/entries/present", "", &marked)
	assert.Equal(t, 9, marked.Marked, "entries start absent; the roll call marks them")
	var g apiGameOut
	call("POST", base+"/draw", `{"seed": 424242}`, &g)
	assert.Equal(t, int64(424242), g.Seed)
	require.Len(t, g.Tables, 3)

	// The director seats game 1 by hand: T1 P1 P2 P3, T2 P4 P5 P6, T3 P7 P8 P9.
	call("PUT", base+"/rounds/1/seats", fmt.Sprintf(`{"tables":[[%d,%d,%d],[%d,%d,%d],[%d,%d,%d]],"byes":[]}`,
		entry[1], entry[2], entry[3], entry[4], entry[5], entry[6], entry[7], entry[8], entry[9]), &g)

	tot := func(n int) string { return fmt.Sprintf(`{"form":2,"total":%d}`, n) }
	sheet := func(game, table int, rows ...[3]string) {
		var hands []string
		for _, r := range rows {
			hands = append(hands, "["+strings.Join(r[:], ",")+"]")
		}
		call("PUT", fmt.Sprintf("%s/rounds/%d/tables/%d", base, game, table), `{"hands":[`+strings.Join(hands, ",")+`]}`, nil)
	}
	// Game 1, table 1. Hand 1 in all three forms: P1 closed with a dirty burraco and 100
	// on the table (100+100+100 = 300); P2 base -100 (kitty not taken) + cards 200 = 100;
	// P3 a total of -100. Then totals.  P1 300+200+100 = 600, P2 100+100+100 = 300,
	// P3 -100+0+100 = 0: P1 6, P2 3, P3 1.
	sheet(1, 1,
		[3]string{`{"form":0,"closed":true,"kitty_taken":true,"opened":true,"dirty":1,"table":100}`, `{"form":1,"base":-100,"cards":200}`, tot(-100)},
		[3]string{tot(200), tot(100), tot(0)},
		[3]string{tot(100), tot(100), tot(100)})
	// Table 2: P4 200+200+100 = 500, P5 300+100+100 = 500, P6 0+0-100 = -100.
	// P4 and P5 tie first: (6+3)/2 = 4.5 each; P6 1. For the rotation the tie goes to the
	// best single hand: P5 (300) wins, P4 is second.
	sheet(1, 2, [3]string{tot(200), tot(300), tot(0)}, [3]string{tot(200), tot(100), tot(0)}, [3]string{tot(100), tot(100), tot(-100)})
	// Table 3: P7 100+100+0, P8 0+100+100, P9 50+100+50: all 200, a three-way tie,
	// 10/3 = 3.33 each. Best hands are all 100: seat order decides P7, P8, P9.
	sheet(1, 3, [3]string{tot(100), tot(0), tot(50)}, [3]string{tot(100), tot(100), tot(100)}, [3]string{tot(0), tot(100), tot(50)})

	call("GET", base+"/rounds/1", "", &g)
	require.True(t, g.Complete)
	wantG1 := [][]string{{"6", "3", "1"}, {"4.5", "4.5", "1"}, {"3.33", "3.33", "3.33"}}
	for i, tb := range g.Tables {
		assert.Equal(t, wantG1[i], tb.Points, "game 1 table %d", i+1)
	}
	assert.Equal(t, []int{600, 300, 0}, g.Tables[0].Scores)

	// Game 2 by rotation: winners stay, seconds move up a table, thirds down (wrapping).
	// T1: P1 stays, P8 (2nd of T3) arrives, P6 (3rd of T2) arrives.
	// T2: P5 stays, P2 (2nd of T1), P9 (3rd of T3).  T3: P7 stays, P4 (2nd of T2), P3 (3rd of T1).
	call("POST", base+"/draw", "", &g)
	assert.Equal(t, []int64{entry[1], entry[8], entry[6]}, g.Tables[0].Entries)
	assert.Equal(t, []int64{entry[5], entry[2], entry[9]}, g.Tables[1].Entries)
	assert.Equal(t, []int64{entry[7], entry[4], entry[3]}, g.Tables[2].Entries)

	// T1: P1 0, P8 600, P6 300 -> P8 6, P6 3, P1 1.
	sheet(2, 1, [3]string{tot(0), tot(200), tot(100)}, [3]string{tot(0), tot(200), tot(100)}, [3]string{tot(0), tot(200), tot(100)})
	// T2: all 300 -> 3.33 each.
	sheet(2, 2, [3]string{tot(100), tot(100), tot(100)}, [3]string{tot(100), tot(100), tot(100)}, [3]string{tot(100), tot(100), tot(100)})
	// T3: P7 -300, P4 500, P3 500 -> P4 and P3 4.5 each, P7 1.
	sheet(2, 3, [3]string{tot(-100), tot(500), tot(0)}, [3]string{tot(-100), tot(0), tot(0)}, [3]string{tot(-100), tot(0), tot(500)})
	call("GET", base+"/rounds/2", "", &g)
	wantG2 := [][]string{{"1", "6", "3"}, {"3.33", "3.33", "3.33"}, {"1", "4.5", "4.5"}}
	for i, tb := range g.Tables {
		assert.Equal(t, wantG2[i], tb.Points, "game 2 table %d", i+1)
	}

	// Final standings, in sixths: P8 20+36 = 56 (9.33), P4 27+27 = 54 (9), P5 27+20 = 47
	// (7.83), P1 36+6 = 42 (7), P9 20+20 = 40 (6.67), P2 18+20 = 38 (6.33), P3 6+27 = 33
	// (5.5), P7 20+6 = 26 (4.33), P6 6+18 = 24 (4). Game points: P8 200+600, P4 500+500,
	// P5 500+300, P1 600+0, P9 200+300, P2 300+300, P3 0+500, P7 200-300, P6 -100+300.
	var st struct {
		Standings []struct {
			Place      int
			Tied       bool
			Name       string
			Points     string
			Sixths     int `json:"points_sixths"`
			GamePoints int `json:"game_points"`
			Best       int `json:"best_game"`
			Qualifies  bool
		}
	}
	call("GET", base+"/standings", "", &st)
	type row struct {
		Place  int
		Name   string
		Points string
		Sixths int
		GP     int
		Q      bool
	}
	var got []row
	for _, s := range st.Standings {
		got = append(got, row{s.Place, s.Name, s.Points, s.Sixths, s.GamePoints, s.Qualifies})
		assert.False(t, s.Tied)
	}
	assert.Equal(t, []row{
		{1, "Rossi P8", "9.33", 56, 800, true},
		{2, "Rossi P4", "9", 54, 1000, true},
		{3, "Rossi P5", "7.83", 47, 800, true},
		{4, "Rossi P1", "7", 42, 600, true},
		{5, "Rossi P9", "6.67", 40, 500, false},
		{6, "Rossi P2", "6.33", 38, 600, false},
		{7, "Rossi P3", "5.5", 33, 500, false},
		{8, "Rossi P7", "4.33", 26, -100, false},
		{9, "Rossi P6", "4", 24, 200, false},
	}, got)

	// A third draw is refused: the evening had 2 games.
	var e viewtest.APIError
	res := c.API("POST", base+"/draw", tok, "", &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "All 2 games have been drawn.", e.Error.Message)

	// The log tells the story.
	var evs struct{ Events []struct{ Kind string } }
	call("GET", base+"/events", "", &evs)
	kinds := map[string]int{}
	for _, ev := range evs.Events {
		kinds[ev.Kind]++
	}
	assert.Equal(t, map[string]int{"create": 1, "entry_new": 9, "all_present": 1, "draw": 2, "seats_override": 1, "scores": 6}, kinds, "the roll call is in the log")
	b, _ := json.Marshal(kinds)
	t.Logf("log: %s", b)
}
