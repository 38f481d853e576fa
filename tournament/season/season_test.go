package season

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func pl(ids ...int64) []Player {
	out := make([]Player, len(ids))
	for i, id := range ids {
		out[i] = Player{ID: id, Name: fmt.Sprintf("P%d", id)}
	}
	return out
}

// evening builds an evening from places: places[i] is the place of player i+1.
func evening(tid int64, date string, places ...int) Evening {
	ev := Evening{TournamentID: tid, Date: date, Name: fmt.Sprintf("E%d", tid), Format: "individual3", Field: len(places)}
	for i, p := range places {
		ev.Placings = append(ev.Placings, Placing{EntryID: int64(i + 1), Players: pl(int64(i + 1)), Place: p, Value: Int(int64(10 - p))})
	}
	return ev
}

func TestSharedPlacesShareExactly(t *testing.T) {
	s := Defaults() // 25, 20, 16, 13, 11, 10, 9 …
	// Places 1, 2=, 2=, 4=, 4=, 4=, 7: two share places 2-3 ((20+16)/2 = 18), three share
	// places 4-6 ((13+11+10)/3 = 34/3, 11.33…), the last is 7th (9).
	ev := evening(1, "2026-10-01", 1, 2, 2, 4, 4, 4, 7)
	got := s.Points(ev)
	want := []string{"25", "18", "18", "34/3", "34/3", "34/3", "9"}
	for i, w := range want {
		assert.Equal(t, w, got[i].Exact(), "placing %d", i)
	}
	// The shares add up to the places they cover, exactly: 3 × 34/3 = 13+11+10.
	assert.Equal(t, "34", got[3].Add(got[4]).Add(got[5]).Exact())
	assert.Equal(t, "11.33", got[3].String())
	// Places past the table's end score 0; a tie straddling it shares what is left.
	s.Table = []int{5, 3}
	got = s.Points(evening(2, "2026-10-02", 1, 2, 2, 4))
	assert.Equal(t, []string{"5", "3/2", "3/2", "0"}, []string{got[0].Exact(), got[1].Exact(), got[2].Exact(), got[3].Exact()})
}

func TestScaledByField(t *testing.T) {
	// points × entries ÷ reference: a win among 6 with a reference of 12 is 25 × 6/12 = 12.5;
	// shared 2nd-3rd (18) becomes 9.
	s := Settings{Method: ByPlace, Table: DefaultTable, ScaleByField: true, ReferenceField: 12}
	got := s.Points(evening(1, "2026-10-01", 1, 2, 2, 4, 5, 6))
	assert.Equal(t, "25/2", got[0].Exact())
	assert.Equal(t, "9", got[1].Exact())
	// Without a reference the table's length (15) is the reference: 25 × 6/15 = 10.
	s.ReferenceField = 0
	assert.Equal(t, "10", s.Points(evening(1, "2026-10-01", 1, 2, 2, 4, 5, 6))[0].Exact())
}

func TestValueAndPercent(t *testing.T) {
	ev := Evening{TournamentID: 1, Date: "2026-10-01", Field: 3, Placings: []Placing{
		{Players: pl(1), Place: 1, Value: Frac(27, 6)}, {Players: pl(2), Place: 2, Value: Frac(18, 6)}, {Players: pl(3), Place: 3, Value: Int(1)}}}
	v := Settings{Method: ByValue}.Points(ev)
	assert.Equal(t, []string{"9/2", "3", "1"}, []string{v[0].Exact(), v[1].Exact(), v[2].Exact()})
	// 100 × value ÷ 4.5: 100, 66.67 (200/3), 22.22 (200/9).
	p := Settings{Method: ByPercent}.Points(ev)
	assert.Equal(t, []string{"100", "200/3", "200/9"}, []string{p[0].Exact(), p[1].Exact(), p[2].Exact()})
	assert.Equal(t, "66.67", p[1].String())
	// Nobody scored: everyone 0 %.
	for i := range ev.Placings {
		ev.Placings[i].Value = Int(0)
	}
	assert.Equal(t, 0, Settings{Method: ByPercent}.Points(ev)[0].Sign())
}

func TestBestNMinimumBonusAndTieBreaks(t *testing.T) {
	s := Settings{Method: ByPlace, Table: []int{10, 6, 4, 2, 1}, Best: 2, MinEvenings: 2, Bonus: 1}
	// Four evenings, players 1..4 (5 plays only evening 1):
	//   E1 places 1 2 3 4 5 → 10 6 4 2 1
	//   E2 places 2 1 4 3 -  → 6 10 2 4
	//   E3 places 3 4 1 2 -  → 4 2 10 6
	//   E4 places 4 3 2 1 -  → 2 4 6 10
	// Best 2 + 1 per evening played: P1 10+6+4 = 20, P2 10+6+4 = 20, P3 10+6+4 = 20,
	// P4 10+6+4 = 20; all tied on total; wins: P1 1 (E1), P2 1, P3 1, P4 1; best 10
	// each: ex aequo, one shared place 1. P5: one evening, below the minimum: unranked.
	evs := []Evening{
		evening(1, "2026-10-01", 1, 2, 3, 4, 5),
		evening(2, "2026-10-08", 2, 1, 4, 3),
		evening(3, "2026-10-15", 3, 4, 1, 2),
		evening(4, "2026-10-22", 4, 3, 2, 1),
	}
	lines := s.Compute(evs)
	require.Len(t, lines, 5)
	for _, l := range lines[:4] {
		assert.Equal(t, 1, l.Place, "P%d", l.Player.ID)
		assert.True(t, l.Tied)
		assert.Equal(t, "20", l.Total.Exact())
		assert.Equal(t, 2, l.Counted)
		assert.Equal(t, 4, l.Evenings)
	}
	assert.False(t, lines[4].Ranked)
	assert.Equal(t, 0, lines[4].Place)
	assert.Equal(t, int64(5), lines[4].Player.ID)
	assert.Equal(t, "2", lines[4].Total.Exact(), "1 + the bonus")

	// Most wins breaks an equal total. Table 10, 6, 4, every evening counts:
	//   E1 places 1 2 3 → P1 10, P2 6, P3 4
	//   E2 places 3 2 1 → P1 4, P2 6, P3 10
	//   E3 places 3 2 1 → P1 4, P2 6, P3 10
	// P3 24; P1 and P2 18 each: P1 has a win, P2 none → P3, P1, P2, no shared place.
	s = Settings{Method: ByPlace, Table: []int{10, 6, 4}}
	evs = []Evening{
		evening(1, "2026-10-01", 1, 2, 3),
		evening(2, "2026-10-08", 3, 2, 1),
		evening(3, "2026-10-15", 3, 2, 1),
	}
	lines = s.Compute(evs)
	assert.Equal(t, []int64{3, 1, 2}, []int64{lines[0].Player.ID, lines[1].Player.ID, lines[2].Player.ID})
	assert.Equal(t, []string{"24", "18", "18"}, []string{lines[0].Total.Exact(), lines[1].Total.Exact(), lines[2].Total.Exact()})
	assert.Equal(t, []int{1, 2, 3}, []int{lines[0].Place, lines[1].Place, lines[2].Place})
	assert.Equal(t, []int{2, 1, 0}, []int{lines[0].Wins, lines[1].Wins, lines[2].Wins})
}

func TestTieBreakBestSingleResult(t *testing.T) {
	// The evenings' own values: P1 scores 9 then 1, P2 5 then 5: both 10, neither wins
	// an evening (P3 wins both), P1's best single result 9 beats P2's 5: P1 second, P2
	// third, no shared place.
	s := Settings{Method: ByValue}
	evs := []Evening{
		{TournamentID: 1, Date: "2026-10-01", Field: 3, Placings: []Placing{
			{Players: pl(3), Place: 1, Value: Int(20)}, {Players: pl(1), Place: 2, Value: Int(9)}, {Players: pl(2), Place: 2, Value: Int(5)}}},
		{TournamentID: 2, Date: "2026-10-08", Field: 3, Placings: []Placing{
			{Players: pl(3), Place: 1, Value: Int(20)}, {Players: pl(2), Place: 2, Value: Int(5)}, {Players: pl(1), Place: 3, Value: Int(1)}}},
	}
	lines := s.Compute(evs)
	assert.Equal(t, []int64{3, 1, 2}, []int64{lines[0].Player.ID, lines[1].Player.ID, lines[2].Player.ID})
	assert.Equal(t, []int{1, 2, 3}, []int{lines[0].Place, lines[1].Place, lines[2].Place})
	assert.False(t, lines[1].Tied)
}

func TestPairCountsForBoth(t *testing.T) {
	s := Defaults()
	ev := Evening{TournamentID: 1, Date: "2026-10-01", Field: 2, Placings: []Placing{
		{Players: pl(1, 2), Place: 1, Value: Int(20)}, {Players: pl(3, 4), Place: 2, Value: Int(0)}}}
	lines := s.Compute([]Evening{ev})
	require.Len(t, lines, 4)
	for _, l := range lines {
		require.Len(t, l.Results, 1)
		require.NotNil(t, l.Results[0].Partner)
	}
	assert.Equal(t, "25", lines[0].Total.Exact())
	assert.Equal(t, "25", lines[1].Total.Exact())
	assert.Equal(t, 1, lines[1].Place)
	assert.True(t, lines[0].Tied)
	assert.Equal(t, int64(2), lines[0].Results[0].Partner.ID)
}

func TestValidate(t *testing.T) {
	s := Season{Name: " Campionato  2026 ", From: "2026-09-01", To: "2026-06-30", Settings: Settings{Method: "x", Table: []int{5, 7}, Best: -1, Bonus: 2000}}
	s.Normalize()
	assert.Equal(t, "Campionato 2026", s.Name)
	fe := s.Validate()
	assert.Equal(t, map[string]string{"to": "season.err.range", "method": "season.err.method", "best": "season.err.best",
		"bonus": "season.err.bonus"}, fe)
	s.Settings.Method = ByPlace
	assert.Equal(t, "season.err.table_order", s.Validate()["table"])
	s.Settings.Table = nil
	assert.Equal(t, "season.err.table_empty", s.Validate()["table"])
	s = Season{From: "2026-13-01", To: "x", Settings: Defaults()}
	assert.Equal(t, map[string]string{"name": "error.required", "from": "season.err.date", "to": "season.err.date"}, s.Validate())
}

// TestPropertyRandomSeasons: over random seasons, every counted result belongs to an
// evening the player played, at most N count, the dropped ones are never better than a
// counted one, and the total is the sum of the counted plus the bonus.
func TestPropertyRandomSeasons(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 7))
	methods := []Method{ByPlace, ByValue, ByPercent}
	for iter := range 300 {
		s := Settings{Method: methods[rng.IntN(3)], Table: DefaultTable, ScaleByField: rng.IntN(2) == 0,
			ReferenceField: rng.IntN(20), Best: rng.IntN(6), MinEvenings: rng.IntN(4), Bonus: rng.IntN(3)}
		nPlayers := 3 + rng.IntN(12)
		var evs []Evening
		played := map[int64]map[int64]bool{} // player → evenings
		for e := range 1 + rng.IntN(9) {
			ev := Evening{TournamentID: int64(e + 1), Date: fmt.Sprintf("2026-10-%02d", 1+rng.IntN(28))}
			ids := rng.Perm(nPlayers)[:1+rng.IntN(nPlayers)]
			pairs := rng.IntN(2) == 0 && len(ids) >= 2
			step := 1
			if pairs {
				step = 2
			}
			place := 0
			for i := 0; i+step <= len(ids); i += step {
				var ps []Player
				for _, id := range ids[i : i+step] {
					ps = append(ps, Player{ID: int64(id + 1)})
					if played[int64(id+1)] == nil {
						played[int64(id+1)] = map[int64]bool{}
					}
					played[int64(id+1)][ev.TournamentID] = true
				}
				if len(ev.Placings) == 0 || rng.IntN(3) > 0 {
					place = len(ev.Placings) + 1 // else shared with the previous
				}
				ev.Placings = append(ev.Placings, Placing{Players: ps, Place: place, Value: Frac(int64(rng.IntN(200)), int64(1+rng.IntN(6)))})
			}
			ev.Field = len(ev.Placings)
			evs = append(evs, ev)
		}
		lines := s.Compute(evs)
		for _, l := range lines {
			counted, sum := 0, Int(int64(s.Bonus*len(l.Results)))
			var worstCounted, bestDropped *Score
			for _, r := range l.Results {
				require.True(t, played[l.Player.ID][r.TournamentID], "iter %d: P%d counted an evening not played", iter, l.Player.ID)
				if r.Counted {
					counted++
					sum = sum.Add(r.Points)
					if worstCounted == nil || r.Points.Cmp(*worstCounted) < 0 {
						worstCounted = &r.Points
					}
				} else if bestDropped == nil || r.Points.Cmp(*bestDropped) > 0 {
					bestDropped = &r.Points
				}
			}
			require.Len(t, l.Results, len(played[l.Player.ID]), "iter %d", iter)
			if s.Best > 0 {
				require.LessOrEqual(t, counted, s.Best, "iter %d", iter)
				require.Equal(t, min(s.Best, len(l.Results)), counted)
			} else {
				require.Equal(t, len(l.Results), counted)
			}
			if worstCounted != nil && bestDropped != nil {
				require.LessOrEqual(t, bestDropped.Cmp(*worstCounted), 0, "iter %d: a dropped result beats a counted one", iter)
			}
			require.Equal(t, sum.Exact(), l.Total.Exact(), "iter %d", iter)
			require.Equal(t, l.Evenings >= s.MinEvenings, l.Ranked)
		}
		// Places: ranked lines first, in order of total.
		for i := 1; i < len(lines); i++ {
			if lines[i].Ranked && lines[i-1].Ranked {
				require.GreaterOrEqual(t, lines[i-1].Total.Cmp(lines[i].Total), 0)
				require.LessOrEqual(t, lines[i-1].Place, lines[i].Place)
			}
			require.False(t, !lines[i-1].Ranked && lines[i].Ranked, "unranked lines come last")
		}
	}
}
