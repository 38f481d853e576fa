package knockout

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// teamField is a knockout of n teams (entry i is team i), seeded 1..n from a stage before.
func teamField(n int) *tournament.State {
	st := seededField(n)
	st.Stage.Settings = Settings{Sides: Teams, HandsPerMatch: 3, TimeOutMP: 355}
	for i := range st.Entries {
		st.Entries[i].Kind = tournament.EntryTeam
	}
	return st
}

// TestTeamMatchDecided: a team match is read over its two tables (A = team 1, B = team 2:
// table 1 A's pair 1 v B's pair 2, table 2 B's pair 1 v A's pair 2); the match MP is
// each team's MP summed over both, worked by hand in each case.
func TestTeamMatchDecided(t *testing.T) {
	type tbl struct {
		a, b    []int // position 1's and position 2's hand totals
		outcome tournament.Outcome
	}
	tests := []struct {
		name   string
		t1, t2 tbl
		winner int // 1: A, 2: B, 0: none
		mp     [2]int
		tie    bool
	}{
		{"B wins by 50 though it lost table 1: A +200, then B +250",
			tbl{a: []int{900, 0, 0}, b: []int{700, 0, 0}}, tbl{a: []int{1000, 0, 0}, b: []int{750, 0, 0}}, 2, [2]int{-50, 50}, false},
		{"A wins both tables: +100 and +30",
			tbl{a: []int{400, 0, 0}, b: []int{300, 0, 0}}, tbl{a: []int{300, 0, 0}, b: []int{330, 0, 0}}, 1, [2]int{130, -130}, false},
		{"table 2 not over: undecided",
			tbl{a: []int{900, 0, 0}, b: []int{700, 0, 0}}, tbl{a: []int{1000, 0}, b: []int{750, 0, 0}}, 0, [2]int{-50, 50}, false},
		{"level at 0 MP: a tie, until the last action",
			tbl{a: []int{900, 0, 0}, b: []int{700, 0, 0}}, tbl{a: []int{900, 0, 0}, b: []int{700, 0, 0}}, 0, [2]int{}, true},
		{"level, B (position 1 at table 2) made the last action: A goes on",
			tbl{a: []int{900, 0, 0}, b: []int{700, 0, 0}}, tbl{a: []int{900, 0, 0}, b: []int{700, 0, 0}, outcome: tournament.Outcome{Kind: OutcomeLastAction, Side: 1}}, 1, [2]int{}, true},
		{"level, A (position 1 at table 1) made the last action: B goes on",
			tbl{a: []int{900, 0, 0}, b: []int{700, 0, 0}, outcome: tournament.Outcome{Kind: OutcomeLastAction, Side: 1}}, tbl{a: []int{900, 0, 0}, b: []int{700, 0, 0}}, 2, [2]int{}, true},
		{"a last action does not change a win",
			tbl{a: []int{900, 0, 0}, b: []int{700, 0, 0}, outcome: tournament.Outcome{Kind: OutcomeLastAction, Side: 2}}, tbl{a: []int{900, 0, 0}, b: []int{710, 0, 0}}, 1, [2]int{10, -10}, false},
		{"B's pair 2 forfeits at table 1: a walkover for A, whatever table 2",
			tbl{outcome: tournament.Outcome{Kind: OutcomeForfeit, Side: 2}}, tbl{a: []int{2000, 0, 0}, b: []int{0, 0, 0}}, 1, [2]int{}, false},
		{"A's pair 2 lets its time run out at table 2 (ahead by 100): −355 there, +200 at table 1",
			tbl{a: []int{900, 0, 0}, b: []int{700, 0, 0}}, tbl{a: []int{400}, b: []int{500}, outcome: tournament.Outcome{Kind: OutcomeTimeOut, Side: 2}}, 2, [2]int{200 - 355, 355 - 200}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := teamField(2)
			r, _, err := Format{}.Draw(st, 1)
			require.NoError(t, err)
			require.Len(t, r.Tables, 2)
			hands(&r.Tables[0], tt.t1.a, tt.t1.b)
			hands(&r.Tables[1], tt.t2.a, tt.t2.b)
			r.Tables[0].Outcome, r.Tables[1].Outcome = tt.t1.outcome, tt.t2.outcome
			st.Rounds = append(st.Rounds, *r)
			g := gameAt(&st.Rounds[0], 1)
			m := decideGame(st, of(st.Stage.Settings), g)
			assert.Equal(t, tt.winner, m.winner)
			assert.Equal(t, tt.mp, m.mp)
			assert.Equal(t, tt.tie, m.tie)
			ms := Format{}.Matches(st, &st.Rounds[0])
			require.Len(t, ms, 1)
			assert.Equal(t, [2]int64{1, 2}, ms[0].Entries)
			assert.Equal(t, []int{1, 2}, ms[0].Tables)
			assert.Equal(t, tt.winner > 0, ms[0].Complete)
			if tt.winner > 0 {
				assert.Equal(t, tt.mp, ms[0].MP)
				assert.Equal(t, tournament.RP(1), ms[0].Points[tt.winner-1])
				assert.Equal(t, tournament.Step{Key: "knockout.next.finished", Finished: true}, Format{}.Next(st))
			} else {
				assert.False(t, Format{}.Next(st).Finished)
			}
		})
	}
}

// TestTeamBracket: 5 teams seeded into a bracket of 8: seeds 1, 2, 3 have a bye, 4 v 5
// play one match at tables 1 and 2; round 2 is two matches, four tables, 1 v the winner
// of 4–5 at tables 1–2 and 2 v 3 at tables 3–4; the final is a match again.
func TestTeamBracket(t *testing.T) {
	st := teamField(5)
	r, _, err := Format{}.Draw(st, 1)
	require.NoError(t, err)
	require.Len(t, r.Tables, 2)
	assert.Equal(t, []tournament.Side{{Position: 1, EntryID: 4, Pair: 1}, {Position: 2, EntryID: 5, Pair: 2}}, r.Tables[0].Sides)
	assert.Equal(t, []tournament.Side{{Position: 1, EntryID: 5, Pair: 1}, {Position: 2, EntryID: 4, Pair: 2}}, r.Tables[1].Sides)
	assert.Equal(t, []int{1, 1}, []int{r.Tables[0].Match, r.Tables[1].Match})
	require.Len(t, r.Byes, 3)
	assert.Empty(t, Format{}.CheckSeats(st, r, r), "the draw passes its own seat check")
	// 5 wins: table 1 5's pair 2 +100 (700 v 600 for 4), table 2 5's pair 1 +0.
	hands(&r.Tables[0], []int{600, 0, 0}, []int{700, 0, 0})
	hands(&r.Tables[1], []int{500, 0, 0}, []int{500, 0, 0})
	st.Rounds = append(st.Rounds, *r)
	b := Format{}.Bracket(st)
	require.Len(t, b.Rounds, 3)
	assert.Equal(t, 8, b.Size)
	m := b.Rounds[0].Matches
	require.Len(t, m, 4)
	assert.Equal(t, int64(1), m[0].Sides[0].EntryID, "seed 1's bye first")
	var played tournament.BracketMatch
	for _, x := range m {
		if x.Table > 0 {
			played = x
		}
	}
	assert.Equal(t, 1, played.Table)
	assert.Equal(t, [2]int64{4, 5}, [2]int64{played.Sides[0].EntryID, played.Sides[1].EntryID})
	assert.Equal(t, [2]int{1100, 1200}, [2]int{played.Sides[0].Score, played.Sides[1].Score})
	assert.Equal(t, 2, played.Winner)

	r2, _, err := Format{}.Draw(st, 2)
	require.NoError(t, err)
	require.Len(t, r2.Tables, 4)
	assert.Equal(t, [][2]int64{{1, 5}, {5, 1}, {2, 3}, {3, 2}}, [][2]int64{
		{r2.Tables[0].Sides[0].EntryID, r2.Tables[0].Sides[1].EntryID}, {r2.Tables[1].Sides[0].EntryID, r2.Tables[1].Sides[1].EntryID},
		{r2.Tables[2].Sides[0].EntryID, r2.Tables[2].Sides[1].EntryID}, {r2.Tables[3].Sides[0].EntryID, r2.Tables[3].Sides[1].EntryID}})
	assert.Equal(t, []int{1, 1, 2, 2}, []int{r2.Tables[0].Match, r2.Tables[1].Match, r2.Tables[2].Match, r2.Tables[3].Match})
	_, lines := Format{}.Standings(st)
	assert.Len(t, lines, 5, "one line a team, though each sits at two tables")
}
