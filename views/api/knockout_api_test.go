package api_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/viewtest"
)

type apiBracketOut struct {
	Size   int
	Rounds []struct {
		Number  int
		Drawn   bool
		Matches []struct {
			Table  int
			Winner int
			Sides  []struct {
				EntryID int64 `json:"entry_id"`
				Seed    int
				Score   int
				Bye     bool
			}
			Flagged bool
		}
	}
	Names  map[string]string
	Winner int64
}

type apiRankOut struct {
	Standings []struct {
		Place int
		Tied  bool
		Name  string
		MP    int `json:"mp"`
	}
}

// apiSetOutcome records a table's outcome through the store, keeping its hands: the
// score sheet's outcome field is the sheet's own change (the pairs branch).
func apiSetOutcome(t *testing.T, app *viewtest.App, tid int64, round, table int, o tournament.Outcome) {
	t.Helper()
	require.NoError(t, app.Store.Update(t.Context(), tid, func(tx tournament.Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		_, tb, err := tx.Table(st.Stage.ID, round, table)
		if err != nil {
			return err
		}
		if err := tx.Scores(tb); err != nil {
			return err
		}
		tb.Hands, tb.Outcome = st.Round(round).Table(table).Hands, o
		if err := tx.SaveTable(tb); err != nil {
			return err
		}
		// As every command, it logs: the revision moves, and readers see the change.
		return tx.Log(tournament.Event{TournamentID: tid, At: time.Now().UTC(), Director: "anna", Kind: "sheet",
			StageID: st.Stage.ID, Round: round, Table: table})
	}))
}

// TestAPIKnockoutOf13 plays a 13-side knockout through the JSON API from fixed scores:
// a bracket of 16 with 3 byes, a tie decided by the last game action, a win by 5 MP,
// and the final ranking in ex aequo groups ordered by MP, worked out by hand below.
func TestAPIKnockoutOf13(t *testing.T) {
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
	call("POST", "/api/v1/tournaments", `{"name":"Coppa","date":"2026-11-24","venue":"Circolo","format":"knockout","settings":{"hands_per_match":1}}`, &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	p := map[int]int64{}
	for i := 1; i <= 13; i++ {
		var e struct{ ID int64 }
		call("POST", base+"/entries", fmt.Sprintf(`{"player":{"first_name":"P%d","last_name":"Rossi"}}`, i), &e)
		p[i] = e.ID
	}
	call("POST", base+"/entries/present", "", nil)
	var g apiGameOut
	call("POST", base+"/draw", `{"seed": 1313}`, &g)
	require.Len(t, g.Tables, 5, "16 places: 5 tables and 3 byes")
	require.Len(t, g.Byes, 3)

	// Round 1 seated by hand: P1-P2 … P9-P10 at tables 1-5, byes to P11, P12, P13.
	call("PUT", base+"/rounds/1/seats", fmt.Sprintf(`{"tables":[[%d,%d],[%d,%d],[%d,%d],[%d,%d],[%d,%d]],"byes":[%d,%d,%d]}`,
		p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12], p[13]), &g)
	sheet := func(round, table, a, b int) {
		t.Helper()
		call("PUT", fmt.Sprintf("%s/rounds/%d/tables/%d", base, round, table), fmt.Sprintf(`{"hands":[[{"form":2,"total":%d},{"form":2,"total":%d}]]}`, a, b), nil)
	}
	sheet(1, 1, 600, 100)   // P1 +500
	sheet(1, 2, 200, 250)   // P4 +50
	sheet(1, 3, 300, 300)   // P5 v P6: an exact tie
	sheet(1, 4, -100, -150) // P7 +50
	sheet(1, 5, 1000, 0)    // P9 +1000

	// The tie leaves table 3 undecided: no draw until the last game action is recorded.
	var e viewtest.APIError
	res := c.API("POST", base+"/draw", tok, "", &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	var tour struct{ Next string }
	call("GET", base, "", &tour)
	assert.Equal(t, "knockout.next.tie", tour.Next)
	// P5 made the last game action: P6 goes on.
	apiSetOutcome(t, app, tr.ID, 1, 3, tournament.Outcome{Kind: "last_action", Side: 1})

	// Round 2: the winners of tables 1-2, 3-4, then table 5's against the first bye, and
	// the other two byes.
	call("POST", base+"/draw", "", &g)
	var seats [][]int64
	for _, tb := range g.Tables {
		seats = append(seats, tb.Entries)
	}
	assert.Equal(t, [][]int64{{p[1], p[4]}, {p[6], p[7]}, {p[9], p[11]}, {p[12], p[13]}}, seats)
	sheet(2, 1, 300, 400) // P4 +100
	sheet(2, 2, 500, 0)   // P6 +500
	sheet(2, 3, 100, 105) // P11 by 5: any margin
	sheet(2, 4, 0, 20)    // P13 +20

	// The bracket after two rounds: round 3 known, the final not.
	var b apiBracketOut
	call("GET", base+"/bracket", "", &b)
	assert.Equal(t, 16, b.Size)
	require.Len(t, b.Rounds, 4)
	assert.Len(t, b.Rounds[0].Matches, 8)
	assert.True(t, b.Rounds[0].Matches[5].Sides[1].Bye, "place 6: P11's bye")
	assert.False(t, b.Rounds[2].Drawn)
	assert.Equal(t, p[4], b.Rounds[2].Matches[0].Sides[0].EntryID)
	assert.Equal(t, p[6], b.Rounds[2].Matches[0].Sides[1].EntryID)
	assert.Equal(t, "Rossi P13", b.Names[fmt.Sprint(p[13])])

	call("POST", base+"/draw", "", &g)
	seats = nil
	for _, tb := range g.Tables {
		seats = append(seats, tb.Entries)
	}
	assert.Equal(t, [][]int64{{p[4], p[6]}, {p[11], p[13]}}, seats)
	sheet(3, 1, 700, 200) // P4 +500
	sheet(3, 2, 50, 60)   // P13 +10
	call("POST", base+"/draw", "", &g)
	require.Len(t, g.Tables, 1)
	assert.Equal(t, []int64{p[4], p[13]}, g.Tables[0].Entries)
	sheet(4, 1, 10, 900) // P13 wins the final by 890
	res = c.API("POST", base+"/draw", tok, "", &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "The final has been played: there is no round left to draw.", e.Error.Message)
	call("GET", base+"/bracket", "", &b)
	assert.Equal(t, p[13], b.Winner)

	// MP: P13 20+10+890 = 920; P4 50+100+500-890 = -240; P6 0+500-500 = 0; P11 5-10 = -5;
	// P9 1000-5 = 995, P1 500-100 = 400, P12 -20, P7 50-500 = -450; P5 0, P3 -50, P8 -50,
	// P2 -500, P10 -1000.
	var st apiRankOut
	call("GET", base+"/standings", "", &st)
	type row struct {
		Place int
		Name  string
		MP    int
	}
	var got []row
	for _, s := range st.Standings {
		got = append(got, row{s.Place, s.Name, s.MP})
	}
	assert.Equal(t, []row{
		{1, "Rossi P13", 920}, {2, "Rossi P4", -240},
		{3, "Rossi P6", 0}, {3, "Rossi P11", -5},
		{5, "Rossi P9", 995}, {5, "Rossi P1", 400}, {5, "Rossi P12", -20}, {5, "Rossi P7", -450},
		{9, "Rossi P5", 0}, {9, "Rossi P3", -50}, {9, "Rossi P8", -50}, {9, "Rossi P2", -500}, {9, "Rossi P10", -1000},
	}, got)
}

// TestAPIQualifyingIntoKnockout: a 12-player 3-player evening of two games, its top 4
// into a knockout final stage started through the API: 1 v 4 and 2 v 3, then the final.
func TestAPIQualifyingIntoKnockout(t *testing.T) {
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
	call("POST", "/api/v1/tournaments", `{"name":"Sera","date":"2026-11-24","format":"individual3","venue":"Circolo","qualifiers":4}`, &tr)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	p := map[int]int64{}
	for i := 1; i <= 12; i++ {
		var e struct{ ID int64 }
		call("POST", base+"/entries", fmt.Sprintf(`{"player":{"first_name":"P%02d","last_name":"Bianchi"}}`, i), &e)
		p[i] = e.ID
	}
	call("POST", base+"/entries/present", "", nil)

	// Starting the next stage before the evening is over is refused.
	var e viewtest.APIError
	res := c.API("POST", base+"/stages", tok, `{"format":"knockout"}`, &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "Stage 1 is not finished: complete it before starting the next one.", e.Error.Message)

	var g apiGameOut
	call("POST", base+"/draw", `{"seed": 7}`, &g)
	// Game 1 seated by hand: T1 P01 P02 P03, T2 P04 P05 P06, …
	call("PUT", base+"/rounds/1/seats", fmt.Sprintf(`{"tables":[[%d,%d,%d],[%d,%d,%d],[%d,%d,%d],[%d,%d,%d]],"byes":[]}`,
		p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12]), &g)
	game := func(n int, scores [4][3]int) {
		t.Helper()
		for ti, s := range scores {
			call("PUT", fmt.Sprintf("%s/rounds/%d/tables/%d", base, n, ti+1),
				fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d},{"form":3,"total":%d}]]}`, s[0], s[1], s[2]), nil)
		}
	}
	// Game 1: the first seat wins each table, second seat second. Winners P01 (900),
	// P04 (800), P07 (700), P10 (600); seconds P02 (400), P05 (350), P08 (300), P11 (250).
	game(1, [4][3]int{{900, 400, 0}, {800, 350, 0}, {700, 300, 0}, {600, 250, 0}})
	call("POST", base+"/draw", "", &g)
	// Game 2: again the first seat wins each table, the second seat is second.
	var g2 [4][3]int
	for ti, tb := range g.Tables {
		require.Len(t, tb.Entries, 3)
		g2[ti] = [3]int{500 - 10*ti, 200, 0}
	}
	game(2, g2)
	var st struct {
		Standings []struct {
			EntryID   int64 `json:"entry_id"`
			Qualifies bool
			AtCut     bool `json:"at_cut"`
		}
	}
	call("GET", base+"/standings", "", &st)
	var top []int64
	for _, s := range st.Standings[:4] {
		require.True(t, s.Qualifies)
		top = append(top, s.EntryID)
	}
	require.False(t, st.Standings[4].Qualifies || st.Standings[4].AtCut)

	var stage struct {
		Seq         int
		Format      string
		FromStageID *int64 `json:"from_stage_id"`
	}
	res = call("POST", base+"/stages", `{"format":"knockout"}`, &stage)
	assert.Equal(t, http.StatusCreated, res.StatusCode)
	assert.Equal(t, 2, stage.Seq)
	assert.Equal(t, "knockout", stage.Format)
	require.NotNil(t, stage.FromStageID)

	call("POST", base+"/draw", `{"seed": 5}`, &g)
	var seats [][]int64
	for _, tb := range g.Tables {
		seats = append(seats, tb.Entries)
	}
	assert.Equal(t, [][]int64{{top[0], top[3]}, {top[1], top[2]}}, seats, "seeded 1 v 4, 2 v 3")
	sheet := func(round, table, a, b int) {
		t.Helper()
		call("PUT", fmt.Sprintf("%s/rounds/%d/tables/%d", base, round, table),
			fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, a, b), nil)
	}
	sheet(1, 1, 500, 100) // seed 1
	sheet(1, 2, 100, 500) // seed 3
	call("POST", base+"/draw", "", &g)
	assert.Equal(t, []int64{top[0], top[2]}, g.Tables[0].Entries, "the final: 1 v 3")
	sheet(2, 1, 300, 200)
	var b apiBracketOut
	call("GET", base+"/bracket", "", &b)
	assert.Equal(t, top[0], b.Winner)
	assert.Equal(t, 1, b.Rounds[0].Matches[0].Sides[0].Seed)
	assert.Equal(t, 4, b.Rounds[0].Matches[0].Sides[1].Seed)
	var rk apiRankOut
	call("GET", base+"/standings", "", &rk)
	require.Len(t, rk.Standings, 4, "the current stage ranks the four qualifiers")
	// The qualifying evening stays readable.
	var q struct {
		Stage     int
		Format    string
		Standings []struct {
			EntryID   int64 `json:"entry_id"`
			Qualifies bool
		}
	}
	call("GET", base+"/standings?stage=1", "", &q)
	assert.Equal(t, 1, q.Stage)
	assert.Equal(t, "individual3", q.Format)
	require.Len(t, q.Standings, 12)
	assert.Equal(t, top[0], q.Standings[0].EntryID)
	res = c.API("GET", base+"/standings?stage=3", tok, "", &e)
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	res = c.API("GET", base+"/standings?stage=x", tok, "", &e)
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	assert.Equal(t, []int{1, 2, 3, 3}, []int{rk.Standings[0].Place, rk.Standings[1].Place, rk.Standings[2].Place, rk.Standings[3].Place})
}
