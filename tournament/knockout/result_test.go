package knockout

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
)

// hands enters per-hand totals for the two sides (one slice per side).
func hands(t *tournament.Table, a, b []int) {
	t.Hands = nil
	for i, v := range a {
		t.Hands = append(t.Hands, tournament.HandScore{Hand: i + 1, Side: 1, Figures: scoring.Hand{Form: scoring.TotalOnly, Total: v}, Score: v})
	}
	for i, v := range b {
		t.Hands = append(t.Hands, tournament.HandScore{Hand: i + 1, Side: 2, Figures: scoring.Hand{Form: scoring.TotalOnly, Total: v}, Score: v})
	}
}

func TestResult(t *testing.T) {
	tests := []struct {
		name     string
		a, b     []int
		outcome  tournament.Outcome
		complete bool
		winner   int // position, 0: none
		mp       [2]int
	}{
		{"win by any margin", []int{300, 200, 105}, []int{300, 200, 100}, tournament.Outcome{}, true, 1, [2]int{5, -5}},
		{"side 2 wins", []int{0, 0, 0}, []int{5, 0, 0}, tournament.Outcome{}, true, 2, [2]int{-5, 5}},
		{"a hand missing", []int{300, 200}, []int{100, 100, 100}, tournament.Outcome{}, false, 0, [2]int{200, -200}},
		{"exact tie: undecided until the last action is recorded", []int{300, 200, 100}, []int{200, 300, 100}, tournament.Outcome{}, false, 0, [2]int{}},
		{"exact tie: side 1 made the last action and loses", []int{300, 200, 100}, []int{200, 300, 100}, tournament.Outcome{Kind: OutcomeLastAction, Side: 1}, true, 2, [2]int{}},
		{"exact tie: side 2 made the last action and loses", []int{300, 200, 100}, []int{200, 300, 100}, tournament.Outcome{Kind: OutcomeLastAction, Side: 2}, true, 1, [2]int{}},
		{"last action does not change a win", []int{310, 200, 100}, []int{200, 300, 100}, tournament.Outcome{Kind: OutcomeLastAction, Side: 1}, true, 1, [2]int{10, -10}},
		{"forfeit: a walkover for the other side", nil, nil, tournament.Outcome{Kind: OutcomeForfeit, Side: 2}, true, 1, [2]int{}},
		{"time-out while ahead: the technical score", []int{900, 0}, []int{100, 0}, tournament.Outcome{Kind: OutcomeTimeOut, Side: 1}, true, 2, [2]int{-355, 355}},
		{"time-out, behind by more than 355: the real result", []int{100}, []int{600}, tournament.Outcome{Kind: OutcomeTimeOut, Side: 1}, true, 2, [2]int{-500, 500}},
		{"time-out of side 2", []int{0}, []int{0}, tournament.Outcome{Kind: OutcomeTimeOut, Side: 2}, true, 1, [2]int{355, -355}},
		{"an outcome without a side is ignored", []int{300, 200, 100}, []int{200, 300, 100}, tournament.Outcome{Kind: OutcomeLastAction}, false, 0, [2]int{}},
	}
	st := field(2)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := &tournament.Table{Number: 1, Sides: tournament.SidesFromEntries([]int64{1, 2}), Outcome: tt.outcome}
			hands(tb, tt.a, tt.b)
			res := Format{}.Result(st, tb)
			assert.Equal(t, tt.complete, res.Complete)
			m := decide(st, of(st.Stage.Settings), tb)
			assert.Equal(t, tt.winner, m.winner)
			assert.Equal(t, tt.mp, m.mp)
			if tt.winner > 0 {
				want := []tournament.Points{0, 0}
				want[tt.winner-1] = tournament.RP(1)
				assert.Equal(t, want, res.Points)
			} else {
				assert.Nil(t, res.Points)
			}
		})
	}
}

func TestTimeOutScoreIsASetting(t *testing.T) {
	st := field(2)
	st.Stage.Settings = Settings{Sides: Individual, HandsPerMatch: 3, TimeOutMP: 500}
	tb := &tournament.Table{Sides: tournament.SidesFromEntries([]int64{1, 2}), Outcome: tournament.Outcome{Kind: OutcomeTimeOut, Side: 2}}
	hands(tb, []int{100}, []int{200})
	assert.Equal(t, [2]int{500, -500}, decide(st, of(st.Stage.Settings), tb).mp)
}

func TestTieAsksForTheLastAction(t *testing.T) {
	st := field(2)
	r, _, err := Format{}.Draw(st, 3)
	require.NoError(t, err)
	st.Rounds = append(st.Rounds, *r)
	hands(&st.Rounds[0].Tables[0], []int{100, 100, 100}, []int{300, 0, 0})
	step := Format{}.Next(st)
	assert.Equal(t, "knockout.next.tie", step.Key)
	assert.Equal(t, []any{1, 1}, step.Args)
	st.Rounds[0].Tables[0].Outcome = tournament.Outcome{Kind: OutcomeLastAction, Side: 2}
	assert.Equal(t, "knockout.next.finished", Format{}.Next(st).Key)
	_, lines := Format{}.Standings(st)
	assert.Equal(t, st.Rounds[0].Tables[0].Sides[0].EntryID, lines[0].Entry.ID, "side 1 won: side 2 made the last action")
}

func TestSettings(t *testing.T) {
	f := Format{}
	s, err := f.Decode([]byte(`{"hands_per_match":4}`))
	require.NoError(t, err)
	assert.Equal(t, Settings{Sides: Individual, HandsPerMatch: 4, TimeOutMP: 355}, s)
	_, err = f.Decode([]byte(`{"hands":4}`))
	assert.Error(t, err, "unknown field")
	assert.Equal(t, tournament.FieldErrors{"sides": "knockout.err.sides", "hands_per_match": "tournament.err.hands", "timeout_mp": "knockout.err.timeout_mp"},
		f.Check(Settings{Sides: "trio", HandsPerMatch: 0, TimeOutMP: 352}))
	back, fe := f.ParseForm(f.FormValues(Settings{Sides: Pairs, HandsPerMatch: 5, TimeOutMP: 400}))
	assert.Empty(t, fe)
	assert.Equal(t, Settings{Sides: Pairs, HandsPerMatch: 5, TimeOutMP: 400}, back)
	assert.True(t, back.(Settings).Pairs())
	assert.False(t, f.Defaults().(Settings).Pairs())
	assert.Equal(t, tournament.FieldErrors{"sides": "tournament.err.fixed", "hands_per_match": "tournament.err.fixed"},
		f.CheckChange(Settings{Individual, 3, 355}, Settings{Pairs, 4, 355}, 1))
	assert.Equal(t, tournament.FieldErrors{"timeout_mp": "tournament.err.fixed"}, f.CheckChange(Settings{Individual, 3, 355}, Settings{Individual, 3, 400}, 1), "the time-out score would rewrite time-outs played")
	assert.Empty(t, f.CheckChange(Settings{Individual, 3, 355}, Settings{Pairs, 4, 400}, 0))
	assert.Equal(t, []string{"timeout", "last_action", "forfeit"}, f.Outcomes(s))
}

func TestLaterRoundsFollowTheResults(t *testing.T) {
	st := field(4)
	r, _, _ := Format{}.Draw(st, 3)
	st.Rounds = append(st.Rounds, *r)
	fe := Format{}.CheckSeats(st, r, r)
	assert.Empty(t, fe, "round 1 may be changed by hand")
	play(st, func(a, b int64) bool { return true })
	r2, _, _ := Format{}.Draw(st, 3)
	r2.Number = 2
	assert.Equal(t, tournament.FieldErrors{"seats": "knockout.seats_follow"}, Format{}.CheckSeats(st, r2, r2))
}

// TestBracketFlagsAPlayedMatchTheResultsNoLongerGive: a result corrected after the next
// match was played leaves that match as it is, flagged.
func TestBracketFlagsAPlayedMatchTheResultsNoLongerGive(t *testing.T) {
	st := field(4)
	r, _, _ := Format{}.Draw(st, 3)
	st.Rounds = append(st.Rounds, *r)
	play(st, func(a, b int64) bool { return true })
	r2, _, err := Format{}.Draw(st, 3)
	require.NoError(t, err)
	r2.Number = 2
	st.Rounds = append(st.Rounds, *r2)
	b := Format{}.Bracket(st)
	require.Len(t, b.Rounds, 2)
	assert.False(t, b.Rounds[1].Matches[0].Flagged, "not played yet")
	// The final is played, then table 1 of round 1 is corrected: side 2 won.
	play(st, func(a, b int64) bool { return true })
	t1 := &st.Rounds[0].Tables[0]
	hands(t1, []int{0}, []int{100})
	t1.Hands[0].Figures.Form, t1.Hands[1].Figures.Form = scoring.GameTotal, scoring.GameTotal
	b = Format{}.Bracket(st)
	m := b.Rounds[1].Matches[0]
	assert.True(t, m.Flagged)
	assert.Equal(t, t1.Sides[1].EntryID, m.Expected[0], "the results now send side 2")
	assert.Equal(t, t1.Sides[0].EntryID, m.Sides[0].EntryID, "the match played stays as it was")
	assert.Equal(t, "knockout.next.flagged", Format{}.Next(st).Key)
}

func TestNextPointsAtATieInAnEarlierRound(t *testing.T) {
	st := field(4)
	r, _, _ := Format{}.Draw(st, 3)
	st.Rounds = append(st.Rounds, *r)
	play(st, func(a, b int64) bool { return true })
	r2, _, err := Format{}.Draw(st, 3)
	require.NoError(t, err)
	r2.Number = 2
	st.Rounds = append(st.Rounds, *r2)
	hands(&st.Rounds[0].Tables[1], []int{200, 0, 0}, []int{0, 200, 0}) // corrected to a tie
	step := Format{}.Next(st)
	assert.Equal(t, "knockout.next.tie", step.Key)
	assert.Equal(t, []any{1, 2}, step.Args)
}

// TestQualifiersByPlaceGroup: a knockout's standings mark its qualifiers by place group
// (winner, finalist, 3rd–4th…), so it can feed a next stage; a group across the line is
// at the cut, for the director to decide.
func TestQualifiersByPlaceGroup(t *testing.T) {
	for _, tc := range []struct {
		q         int
		qualifies int
		atCut     int
	}{{2, 2, 0}, {4, 4, 0}, {3, 2, 2}, {0, 0, 0}} {
		st := field(8)
		st.Stage.Qualifiers = tc.q
		run(t, st, 5, func(a, b int64) bool { return a < b })
		_, lines := Format{}.Standings(st)
		q, cut := 0, 0
		for _, l := range lines {
			if l.Qualifies {
				q++
				assert.LessOrEqual(t, l.Place, tc.q)
			}
			if l.AtCut {
				cut++
			}
		}
		assert.Equal(t, tc.qualifies, q, "qualifiers %d", tc.q)
		assert.Equal(t, tc.atCut, cut, "qualifiers %d: at the cut", tc.q)
	}
}
